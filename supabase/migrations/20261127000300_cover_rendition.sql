-- A cover rendition (issue 34, item 1). A client album's first screen showed its cover as the
-- 2048 px preview (628 KB on a phone, most of its 4.8 s LCP). Every photo uploaded from now on
-- has a third rendition, about 1200 px on its long edge, stored beside the others as
-- `{album}/{photo}.cover.webp` in the public bucket photos (src/lib/backend/photo-objects.ts).
-- A photo without one (uploaded before) keeps working as before: the cover falls back to the
-- other renditions.

alter table public.photos add column cover_url text;
alter table public.photos
  add constraint photos_cover_url_check check (private.is_safe_link(cover_url)),
  add constraint photos_cover_in_album_folder check (
    cover_url is null
    or (cover_url !~ '^https?:' and private.photos_object_name(cover_url) like album_id::text || '/%'));
comment on column public.photos.cover_url is
  'The cover rendition (about 1200 px), a path in bucket photos inside the album''s folder; null for photos uploaded before it existed.';

-- Visitors read it where they read the other renditions (public albums and galleries).
grant select (cover_url) on public.photos to anon, authenticated;

-- Addresses are kept as paths, the cover rendition's too.
create or replace function private.photo_urls_as_paths() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.file_url ~ '^https?:' then
    new.file_url := coalesce(
      private.originals_object_path(private.originals_object_name(new.file_url)),
      private.photos_object_path(private.photos_object_name(new.file_url)),
      new.file_url);
  end if;
  if new.thumb_url ~ '^https?:' then
    new.thumb_url := coalesce(private.photos_object_path(private.photos_object_name(new.thumb_url)), new.thumb_url);
  end if;
  if new.preview_url ~ '^https?:' then
    new.preview_url := coalesce(private.photos_object_path(private.photos_object_name(new.preview_url)), new.preview_url);
  end if;
  if new.cover_url ~ '^https?:' then
    new.cover_url := coalesce(private.photos_object_path(private.photos_object_name(new.cover_url)), new.cover_url);
  end if;
  return new;
end
$$;

-- Inside an album's folder, bucket photos takes the three renditions and nothing else.
create or replace function private.is_public_photos_object_name(p_name text) returns boolean
language sql immutable set search_path = ''
as $$
  select private.is_photo_object_name(p_name)
     and (p_name !~ '/' or p_name ~ '^[^/]+/[^/]+\.(thumb|preview|cover)\.webp$')
$$;

-- What a deleted photo leaves to remove from storage: its original and its renditions.
create function private.photo_objects(
  p_album_id uuid, p_filename text, p_thumb_url text, p_preview_url text, p_cover_url text
) returns setof text
language sql immutable set search_path = ''
as $$
  select name from (
    select p_album_id::text || '/' || p_filename as name
    union all select private.photos_object_name(p_thumb_url)
    union all select private.photos_object_name(p_preview_url)
    union all select private.photos_object_name(p_cover_url)
  ) objects
  where name is not null
    and name like p_album_id::text || '/%'
    and private.is_photo_object_name(name)
$$;
revoke all on function private.photo_objects(uuid, text, text, text, text) from public;

create or replace function public.admin_delete_photo(
  p_photo_id uuid, p_username text default null, p_token text default null
) returns setof text
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    with gone as (
      delete from public.photos where id = p_photo_id
      returning album_id, filename, thumb_url, preview_url, cover_url
    )
    select private.photo_objects(g.album_id, g.filename, g.thumb_url, g.preview_url, g.cover_url)
      from gone g;
end
$$;

create or replace function public.admin_delete_album(
  p_album_id uuid, p_username text default null, p_token text default null
) returns setof text
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    with gone as (
      delete from public.photos where album_id = p_album_id
      returning album_id, filename, thumb_url, preview_url, cover_url
    )
    select private.photo_objects(g.album_id, g.filename, g.thumb_url, g.preview_url, g.cover_url)
      from gone g;
  delete from public.albums where id = p_album_id;
end
$$;

drop function private.photo_objects(uuid, text, text, text);

-- The photo's record takes its cover rendition too (a new parameter: the old signature goes, so
-- PostgREST has one function of this name to call).
drop function public.admin_add_photo(uuid, text, text, text, bigint, integer, integer, text, uuid, text, text, text, text);
create function public.admin_add_photo(
  p_album_id uuid, p_filename text, p_original_filename text, p_file_url text, p_file_size bigint,
  p_width integer, p_height integer, p_mime_type text, p_id uuid default null,
  p_thumb_url text default null, p_preview_url text default null,
  p_username text default null, p_token text default null, p_cover_url text default null
) returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  v_id uuid := coalesce(p_id, gen_random_uuid());
  v_folder text := p_album_id::text || '/';
  v_thumb text := private.photos_object_name(p_thumb_url);
  v_preview text := private.photos_object_name(p_preview_url);
  v_cover text := private.photos_object_name(p_cover_url);
begin
  perform private.require_admin(p_username, p_token);
  if not exists (select 1 from public.albums where id = p_album_id) then
    raise exception 'Album not found' using errcode = 'PT404';
  end if;
  if private.originals_object_name(p_file_url) is distinct from v_folder || p_filename
     or (p_thumb_url is not null and (v_thumb is null or v_thumb not like v_folder || '%'))
     or (p_preview_url is not null and (v_preview is null or v_preview not like v_folder || '%'))
     or (p_cover_url is not null and (v_cover is null or v_cover not like v_folder || '%'))
  then
    raise exception 'Photo URLs must point to the album''s folder in storage (the original in bucket originals)'
      using errcode = '22023';
  end if;
  if char_length(p_original_filename) > 500 or char_length(p_mime_type) > 100 then
    raise exception 'File name or type is too long' using errcode = '22023';
  end if;
  insert into public.photos (
    id, album_id, filename, file_url, thumb_url, preview_url, cover_url, original_filename,
    file_size, width, height, mime_type
  ) values (
    v_id, p_album_id, p_filename, private.originals_object_path(v_folder || p_filename),
    private.photos_object_path(v_thumb), private.photos_object_path(v_preview),
    private.photos_object_path(v_cover),
    coalesce(nullif(btrim(p_original_filename), ''), p_filename),
    p_file_size, p_width, p_height, lower(p_mime_type)
  )
  on conflict (id) do nothing;
  return v_id;
end
$$;
revoke all on function public.admin_add_photo(uuid, text, text, text, bigint, integer, integer, text, uuid, text, text, text, text, text) from public;
grant execute on function public.admin_add_photo(uuid, text, text, text, bigint, integer, integer, text, uuid, text, text, text, text, text)
  to anon, authenticated, service_role;

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
      (select p.cover_url from public.photos p
        where p.album_id = a.id
          and p.cover_url is not null
          and (p.id = a.cover_photo_id
               or (a.cover_photo_id is null and a.cover_photo_url in (p.thumb_url, p.preview_url)))
        limit 1),
      a.cover_photo_url)
      from public.albums a where a.id = v_link.album_id);
end
$$;
