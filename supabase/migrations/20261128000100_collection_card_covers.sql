-- Collection cards on the home page (issue 34, item 1): a card offers its cover photo's cover
-- rendition (1200 px) beside the thumbnail (480 px) in a srcset, so a phone's full-width card is
-- sharp and a 4-column desktop still takes the thumbnail. A gallery's card reads its first
-- photo's cover_url through the embed it already has (anon may read that column since
-- 20261127000300); an album's card reads this PostgREST computed field of its albums row
-- (selected as `cover_rendition:album_cover_rendition`). Like gallery_visitor_original, it looks
-- the album up again by its key (a caller of /rpc/… can pass any row) and answers null unless
-- that album is public; null too while the cover photo has no cover rendition yet (an older
-- upload, until the admin app makes it: src/offline/outbox/cover-renditions.ts).
create function public.album_cover_rendition(p_album public.albums) returns text
language sql stable security definer set search_path = ''
as $$
  select p.cover_url
    from public.albums a
    cross join lateral (select private.album_cover_photo_id(a.id) as id offset 0) cover
    join public.photos p on p.id = cover.id
   where a.id = p_album.id and a.is_public
$$;
revoke execute on function public.album_cover_rendition(public.albums) from public;
grant execute on function public.album_cover_rendition(public.albums) to anon, authenticated, service_role;
