-- Cover renditions for photos uploaded before there were any (issue 34, item 1). Migration
-- 20261127000300 gave every new upload a cover rendition; an album whose cover photo is older
-- would keep opening on its 2048 px preview. The admin app asks which covers lack one
-- (admin_list_missing_covers), makes each from the photo's preview in the background and
-- records it (admin_record_cover_rendition): src/offline/outbox/cover-renditions.ts.

-- Which photo is an album's cover: the one chosen, else the photo whose rendition the album
-- keeps as its cover address (its first photo, kept by private.keep_album_cover).
create function private.album_cover_photo_id(p_album_id uuid) returns uuid
language sql stable security definer set search_path = ''
as $$
  select p.id
    from public.albums a
    join public.photos p on p.album_id = a.id
   where a.id = p_album_id
     and (p.id = a.cover_photo_id
          or (a.cover_photo_id is null and a.cover_photo_url in (p.thumb_url, p.preview_url)))
   limit 1
$$;
revoke all on function private.album_cover_photo_id(uuid) from public;

-- A client album's cover: its cover photo's cover rendition when it has one, else the address
-- kept for the album as before (a thumbnail). The page finds the photo's other renditions by
-- the object names (src/features/client-gallery/client-hero.tsx).
create or replace function public.get_album_cover_by_token(
  p_access_token text, p_passcode text default null, p_device text default null
) returns text
language plpgsql security definer set search_path = ''
as $$
declare
  v_link public.gallery_links := private.usable_link(p_access_token);
begin
  if v_link.id is null then
    return null;
  end if;
  if char_length(p_passcode) > 100 or char_length(p_device) > 128 then
    raise exception 'Passcode is too long' using errcode = '22023';
  end if;
  if not private.passcode_opens(v_link, p_passcode, p_device) then
    return null;
  end if;
  return (
    select coalesce(
      (select p.cover_url from public.photos p where p.id = private.album_cover_photo_id(a.id)),
      a.cover_photo_url)
      from public.albums a where a.id = v_link.album_id);
end
$$;

-- Albums whose cover photo was uploaded before the cover rendition: the admin app makes the
-- missing ones in the background from each photo's preview (src/offline/outbox/cover-renditions.ts)
-- and records them here.
create function public.admin_list_missing_covers(p_username text default null, p_token text default null)
returns table (photo_id uuid, album_id uuid, original_filename text, preview_url text)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    select p.id, p.album_id, p.original_filename, p.preview_url
      from public.albums a
      join public.photos p on p.id = private.album_cover_photo_id(a.id)
     where p.cover_url is null and p.preview_url is not null
     order by a.created_at desc, a.id;
end
$$;
revoke all on function public.admin_list_missing_covers(text, text) from public;
grant execute on function public.admin_list_missing_covers(text, text) to anon, authenticated, service_role;

-- Records a photo's cover rendition, made after its upload: only its own name,
-- {album}/{photo}.cover.webp in bucket photos. False when the photo is gone (the caller then
-- removes what it stored).
create function public.admin_record_cover_rendition(
  p_photo_id uuid, p_cover_url text, p_username text default null, p_token text default null
) returns boolean
language plpgsql security definer set search_path = ''
as $$
declare
  v_album uuid;
  v_name text := private.photos_object_name(p_cover_url);
begin
  perform private.require_admin(p_username, p_token);
  select album_id into v_album from public.photos where id = p_photo_id;
  if v_album is null then
    return false;
  end if;
  if v_name is distinct from v_album::text || '/' || p_photo_id::text || '.cover.webp' then
    raise exception 'A cover rendition must be the photo''s own: {album}/{photo}.cover.webp in bucket photos'
      using errcode = '22023';
  end if;
  update public.photos set cover_url = private.photos_object_path(v_name) where id = p_photo_id;
  return true;
end
$$;
revoke all on function public.admin_record_cover_rendition(uuid, text, text, text) from public;
grant execute on function public.admin_record_cover_rendition(uuid, text, text, text)
  to anon, authenticated, service_role;
