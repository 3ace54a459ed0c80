-- Recent Sessions' cards offer their cover photo's cover rendition (1200 px) beside the
-- thumbnail in a srcset, as Featured Collections' cards do (issue 34, item 1), so a phone's
-- full-width card is sharp. Read per album through the computed field album_cover_rendition
-- (20261128000100), the home page's read of 500 albums took about 110 ms longer; the album row
-- now keeps the address itself, as it keeps cover_photo_url, and the home page reads the column.

alter table public.albums add column cover_rendition_url text;
alter table public.albums
  add constraint albums_cover_rendition_in_album_folder check (
    cover_rendition_url is null
    or (cover_rendition_url !~ '^https?:'
        and private.photos_object_name(cover_rendition_url) like id::text || '/%'));
comment on column public.albums.cover_rendition_url is
  'The cover photo''s cover rendition (photos.cover_url), kept by the database; null while it has none.';

-- The cover photo's cover rendition, for the album as it is being written: the photo chosen,
-- else the one whose rendition the album keeps as its cover address (private.album_cover_photo_id
-- reads the stored row; a trigger must read the new one).
create function private.keep_album_cover_rendition() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and new.cover_photo_id is not distinct from old.cover_photo_id
     and new.cover_photo_url is not distinct from old.cover_photo_url then
    return new;
  end if;
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
create trigger albums_keep_cover_rendition
  before insert or update of cover_photo_id, cover_photo_url on public.albums
  for each row execute function private.keep_album_cover_rendition();

-- A cover photo whose cover rendition is made later (admin_record_cover_rendition) or changes:
-- its album follows.
create function private.photo_cover_rendition_changed() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.albums a
     set cover_rendition_url = new.cover_url
   where a.id = new.album_id
     and a.cover_rendition_url is distinct from new.cover_url
     and (a.cover_photo_id = new.id
          or (a.cover_photo_id is null and a.cover_photo_url in (new.thumb_url, new.preview_url)));
  return null;
end
$$;
revoke all on function private.photo_cover_rendition_changed() from public;
create trigger photos_cover_rendition_changed
  after update of cover_url on public.photos
  for each row when (new.cover_url is distinct from old.cover_url)
  execute function private.photo_cover_rendition_changed();

-- Every album as it is now; its updated_at stays (nothing the photographer wrote changed).
alter table public.albums disable trigger albums_touch;
update public.albums a
   set cover_rendition_url = p.cover_url
  from public.photos p
 where p.id = private.album_cover_photo_id(a.id)
   and p.cover_url is not null;
alter table public.albums enable trigger albums_touch;

-- Nothing reads the computed field now. It stays, reading the kept column, for an app a
-- device kept from before this release (its service worker serves the old code until it
-- updates); it answers what it answered, and still nothing of a private album.
create or replace function public.album_cover_rendition(p_album public.albums) returns text
language sql stable security definer set search_path = ''
as $$
  select a.cover_rendition_url from public.albums a where a.id = p_album.id and a.is_public
$$;
