-- The trigger of 20261201000100 that keeps albums.cover_rendition_url ran for every inserted
-- album and every update of the cover columns, looking the cover photo up each time (a test
-- inserting 50,050 albums in one statement paid for 50,050 lookups of photos that cannot exist
-- yet). It now runs, by WHEN clauses, only for an album inserted with a cover and for an update
-- that changes one; the function no longer checks that itself.

-- The cover photo's cover rendition, for the album as it is being written: the photo chosen,
-- else the one whose rendition the album keeps as its cover address (private.album_cover_photo_id
-- reads the stored row; a trigger must read the new one). Only when the cover changes: a new
-- album without a cover (every album the app creates) asks nothing.
create or replace function private.keep_album_cover_rendition() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  new.cover_rendition_url := (
    select p.cover_url
      from public.photos p
     where p.album_id = new.id
       and (p.id = new.cover_photo_id
            or (new.cover_photo_id is null and new.cover_photo_url in (p.thumb_url, p.preview_url)))
     limit 1);
  return new;
end
$$;
revoke all on function private.keep_album_cover_rendition() from public;

drop trigger albums_keep_cover_rendition on public.albums;
create trigger albums_keep_cover_rendition_new
  before insert on public.albums
  for each row when (new.cover_photo_id is not null or new.cover_photo_url is not null)
  execute function private.keep_album_cover_rendition();
create trigger albums_keep_cover_rendition
  before update of cover_photo_id, cover_photo_url on public.albums
  for each row when (new.cover_photo_id is distinct from old.cover_photo_id
                     or new.cover_photo_url is distinct from old.cover_photo_url)
  execute function private.keep_album_cover_rendition();
