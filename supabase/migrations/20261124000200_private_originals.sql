-- Originals are private (docs/SECURITY.md, class 6 "Downloads off means no originals").
--
-- A photo's original lives in the private bucket `originals` at {album}/{file}; its row keeps
-- the path '/storage/v1/object/authenticated/originals/{album}/{file}'. Thumbnails and
-- previews stay public in bucket photos. An original is read (GET /object/authenticated/…,
-- or a signed URL) only by:
--   * an admin (the request headers of a live session),
--   * a client holding a download grant (header x-download-grant) of a link that is active,
--     unexpired, allows downloads and still has the passcode the grant was issued under:
--     get_download_grant() issues it after the same passcode check (and throttle) as
--     get_album_photos_by_token, and every read checks the link again, so turning downloads
--     off, deactivating the link or changing its passcode takes effect at the next request;
--   * anyone, for a photo that visitors may see (a public album's, or in an active public
--     gallery): SPEC §1 lets visitors download those.
-- get_album_photos_by_token names no original when the link does not allow downloads.
--
-- Rows and objects written before: the local stack moves each photos-bucket original into
-- `originals` when it starts (supabase/local/storage/move-originals.ts); a hosted project runs
-- `npm run move-originals` once (docs/deploy.md). Until then such a row keeps its old public
-- path and works as before.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('originals', 'originals', false, 52428800,
        array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- ---------------------------------------------------------------------------------------
-- 1. Names and paths.

-- An original's object name: '{album uuid}/{file}' with an image extension.
create function private.is_original_object_name(p_name text) returns boolean
language sql immutable set search_path = ''
as $$
  select p_name ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$'
     and private.is_photo_object_name(p_name)
$$;

-- The object name in bucket originals that a stored original URL names (a path, or an
-- absolute URL of any backend, which is stored as a path); null for anything else.
create function private.originals_object_name(p_url text) returns text
language sql immutable set search_path = ''
as $$
  select m[1]
    from regexp_match(
      p_url,
      '^(?:https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?)?/storage/v1/object/authenticated/originals/([^/?#]+/[^/?#]+)$'
    ) as m
   where private.is_original_object_name(m[1])
$$;

create function private.originals_object_path(p_name text) returns text
language sql immutable set search_path = ''
as $$
  select '/storage/v1/object/authenticated/originals/' || p_name
$$;

-- The object a photo row's original is: in bucket originals, or (rows not yet moved) in
-- bucket photos.
create function private.original_object_name(p_file_url text) returns text
language sql immutable set search_path = ''
as $$
  select coalesce(private.originals_object_name(p_file_url), private.photos_object_name(p_file_url))
$$;

-- Absolute URLs of bucket originals are stored as paths, as bucket photos' are.
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
  return new;
end
$$;

-- Every file of a row is in its album's folder: the original in either bucket (rows not yet
-- moved keep bucket photos), the renditions in bucket photos.
alter table public.photos drop constraint photos_objects_in_album_folder;
alter table public.photos
  add constraint photos_files_in_album_folder check (
    (file_url !~ '^https?:' and private.original_object_name(file_url) like album_id::text || '/%')
    and (thumb_url is null or (thumb_url !~ '^https?:' and private.photos_object_name(thumb_url) like album_id::text || '/%'))
    and (preview_url is null or (preview_url !~ '^https?:' and private.photos_object_name(preview_url) like album_id::text || '/%'))
  ) not valid;

-- What a grid or a cover may show of a photo: a rendition, or an original that is still a
-- public object (rows not yet moved). Never a private original, which no <img> can load.
create function private.photo_display_url(p_thumb_url text, p_preview_url text, p_file_url text) returns text
language sql immutable set search_path = ''
as $$
  select coalesce(p_thumb_url, p_preview_url,
                  case when private.photos_object_name(p_file_url) is not null then p_file_url end)
$$;

create or replace function private.keep_album_cover() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.albums
       set cover_photo_url = private.photo_display_url(new.thumb_url, new.preview_url, new.file_url)
     where id = new.album_id and cover_photo_url is null;
    return new;
  end if;
  update public.albums a
     set cover_photo_url = (
       select private.photo_display_url(p.thumb_url, p.preview_url, p.file_url) from public.photos p
        where p.album_id = old.album_id
        order by p.created_at, p.id
        limit 1)
   where a.id = old.album_id
     and a.cover_photo_url in (old.thumb_url, old.preview_url, old.file_url);
  return old;
end
$$;

create or replace function public.admin_list_albums(p_username text default null, p_token text default null)
returns table (
  id uuid, name text, description text, cover_photo_url text, is_public boolean,
  created_at timestamptz, photo_count bigint, preview_photo text
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    select a.id, a.name, a.description, a.cover_photo_url, a.is_public, a.created_at,
           (select count(*) from public.photos p where p.album_id = a.id),
           coalesce(a.cover_photo_url,
             (select private.photo_display_url(p.thumb_url, p.preview_url, p.file_url) from public.photos p
               where p.album_id = a.id order by p.created_at, p.id limit 1))
      from public.albums a
     order by a.created_at desc, a.id;
end
$$;

create or replace function public.admin_list_public_galleries(
  p_username text default null, p_token text default null
)
returns table (
  id uuid, title text, description text, is_active boolean, created_at timestamptz,
  photo_count bigint, cover_photo_url text
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    select g.id, g.title, g.description, g.is_active, g.created_at,
           (select count(*) from public.public_gallery_photos gp where gp.public_gallery_id = g.id),
           (select private.photo_display_url(p.thumb_url, p.preview_url, p.file_url)
              from public.public_gallery_photos gp join public.photos p on p.id = gp.photo_id
             where gp.public_gallery_id = g.id
             order by gp.sort_order, gp.created_at limit 1)
      from public.public_galleries g
     order by g.created_at desc, g.id;
end
$$;

-- ---------------------------------------------------------------------------------------
-- 2. Recording and deleting photos.

-- A new photo's original must be in bucket originals, at '{album}/{filename}' (the path, or
-- an absolute URL of it); the renditions in the album's folder of bucket photos.
create or replace function public.admin_add_photo(
  p_album_id uuid, p_filename text, p_original_filename text, p_file_url text,
  p_file_size bigint, p_width integer, p_height integer, p_mime_type text,
  p_id uuid default null, p_thumb_url text default null, p_preview_url text default null,
  p_username text default null, p_token text default null
) returns uuid
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_id uuid := coalesce(p_id, gen_random_uuid());
  v_folder text := p_album_id::text || '/';
  v_thumb text := private.photos_object_name(p_thumb_url);
  v_preview text := private.photos_object_name(p_preview_url);
begin
  perform private.require_admin(p_username, p_token);
  if not exists (select 1 from public.albums where id = p_album_id) then
    raise exception 'Album not found' using errcode = 'PT404';
  end if;
  if private.originals_object_name(p_file_url) is distinct from v_folder || p_filename
     or (p_thumb_url is not null and (v_thumb is null or v_thumb not like v_folder || '%'))
     or (p_preview_url is not null and (v_preview is null or v_preview not like v_folder || '%'))
  then
    raise exception 'Photo URLs must point to the album''s folder in storage (the original in bucket originals)'
      using errcode = '22023';
  end if;
  if char_length(p_original_filename) > 500 or char_length(p_mime_type) > 100 then
    raise exception 'File name or type is too long' using errcode = '22023';
  end if;
  insert into public.photos (
    id, album_id, filename, file_url, thumb_url, preview_url, original_filename,
    file_size, width, height, mime_type
  ) values (
    v_id, p_album_id, p_filename, private.originals_object_path(v_folder || p_filename),
    private.photos_object_path(v_thumb), private.photos_object_path(v_preview),
    coalesce(nullif(btrim(p_original_filename), ''), p_filename),
    p_file_size, p_width, p_height, lower(p_mime_type)
  )
  on conflict (id) do nothing;
  return v_id;
end
$$;
-- admin_delete_photo and admin_delete_album still answer the names of the objects to remove
-- ('{album}/{file}'); the app removes them from both buckets (an original not yet moved is
-- still in bucket photos), see src/lib/backend/photo-objects.ts.

-- ---------------------------------------------------------------------------------------
-- 3. Download grants.

-- The key that signs grants: 32 random bytes made here, readable by nobody through the API.
create table private.signing_keys (
  purpose text primary key check (purpose in ('download-grant')),
  key bytea not null check (octet_length(key) >= 32)
);
alter table private.signing_keys enable row level security;
revoke all on private.signing_keys from public, anon, authenticated;
insert into private.signing_keys (purpose, key) values ('download-grant', extensions.gen_random_bytes(32));

-- How long a grant lasts. Each read checks the link again; this only bounds a grant that
-- leaked while the link stays as it is.
create function private.download_grant_lifetime() returns interval
language sql immutable set search_path = ''
as $$ select interval '6 hours' $$;

-- The MAC of a grant: over the link, its expiry, its token and its current passcode, so a
-- new passcode (or token) voids every grant issued before.
create function private.download_grant_mac(p_link public.gallery_links, p_expires bigint) returns text
language sql stable security definer set search_path = ''
as $$
  select translate(rtrim(encode(extensions.hmac(
           convert_to(p_link.id::text || '.' || p_expires || '.' || p_link.access_token || '.' || coalesce(p_link.passcode, ''), 'UTF8'),
           (select key from private.signing_keys where purpose = 'download-grant'),
           'sha256'), 'base64'), '='), '+/', '-_')
$$;

-- rpc get_download_grant: for a usable link that allows downloads, after the passcode check
-- (throttled as get_album_photos_by_token), a grant '{link id}.{expiry}.{mac}' to send as
-- the header x-download-grant when reading originals. Null when the link is unusable, does
-- not allow downloads, or the passcode is wrong.
create function public.get_download_grant(p_access_token text, p_passcode text default null, p_device text default null)
returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_link public.gallery_links := private.usable_link(p_access_token);
  v_expires bigint := extract(epoch from now() + private.download_grant_lifetime())::bigint;
begin
  if v_link.id is null or not v_link.allow_downloads then
    return null;
  end if;
  if char_length(p_passcode) > 100 or char_length(p_device) > 128 then
    raise exception 'Passcode is too long' using errcode = '22023';
  end if;
  if not private.passcode_opens(v_link, p_passcode, p_device) then
    return null;
  end if;
  return v_link.id::text || '.' || v_expires || '.' || private.download_grant_mac(v_link, v_expires);
end
$$;
comment on function public.get_download_grant(text, text, text) is
  'A download grant for the link''s originals (header x-download-grant), or null. docs/SECURITY.md class 6.';

-- The album whose originals this request's grant opens, or null: the grant must be well
-- formed, unexpired, and match its link as the link is now (active, unexpired, downloads
-- allowed, same token and passcode).
create function private.request_download_album() returns uuid
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_grant text;
  v_parts text[];
  v_expires bigint;
  v_link public.gallery_links;
begin
  v_grant := nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-download-grant';
  if v_grant is null or char_length(v_grant) > 200 then
    return null;
  end if;
  v_parts := regexp_match(v_grant,
    '^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$');
  if v_parts is null then
    return null;
  end if;
  v_expires := v_parts[2]::bigint;
  if v_expires < extract(epoch from now()) then
    return null;
  end if;
  select * into v_link
    from public.gallery_links l
   where l.id = v_parts[1]::uuid
     and l.is_active and l.allow_downloads
     and (l.expires_at is null or l.expires_at > now());
  if v_link.id is null or v_parts[3] <> private.download_grant_mac(v_link, v_expires) then
    return null;
  end if;
  return v_link.album_id;
exception when invalid_text_representation then
  return null;
end
$$;

-- Whether visitors may download this original: its photo is in a public album or in an
-- active public gallery (the rule of the photos table's visitor policy).
create function private.is_public_original(p_name text) returns boolean
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_parts text[] := regexp_match(p_name,
    '^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/([^/]+)$');
begin
  if v_parts is null then
    return false;
  end if;
  return exists (
    select 1
      from public.photos p
     where p.album_id = v_parts[1]::uuid
       and p.filename = v_parts[2]
       and (
         exists (select 1 from public.albums a where a.id = p.album_id and a.is_public)
         or exists (
           select 1
             from public.public_gallery_photos gp
             join public.public_galleries g on g.id = gp.public_gallery_id
            where gp.photo_id = p.id and g.is_active
         )
       )
  );
end
$$;

-- ---------------------------------------------------------------------------------------
-- 4. Who may read and write objects of bucket originals (hosted Storage and the local storage
-- service apply these to every read, signed URL, listing, upload and removal).

create policy "originals bucket: admins, download grants and visitors of public photos read"
  on storage.objects for select to anon, authenticated
  using (
    bucket_id = 'originals' and (
      (select private.request_admin_id()) is not null
      or split_part(name, '/', 1) = (select private.request_download_album())::text
      or private.is_public_original(name)
    )
  );

create policy "originals bucket: admins upload originals"
  on storage.objects for insert to anon, authenticated
  with check (
    bucket_id = 'originals'
    and (select private.request_admin_id()) is not null
    and private.is_original_object_name(name)
  );

create policy "originals bucket: admins replace originals"
  on storage.objects for update to anon, authenticated
  using (bucket_id = 'originals' and (select private.request_admin_id()) is not null)
  with check (
    bucket_id = 'originals'
    and (select private.request_admin_id()) is not null
    and private.is_original_object_name(name)
  );

create policy "originals bucket: admins delete"
  on storage.objects for delete to anon, authenticated
  using (bucket_id = 'originals' and (select private.request_admin_id()) is not null);

-- Bucket photos is public: inside an album's folder it now takes only renditions, so no
-- original (an old app's upload, say) can become a public object again. Logos and hero
-- images (top level) are unchanged.
create function private.is_public_photos_object_name(p_name text) returns boolean
language sql immutable set search_path = ''
as $$
  select private.is_photo_object_name(p_name)
     and (p_name !~ '/' or p_name ~ '^[^/]+/[^/]+\.(thumb|preview)\.webp$')
$$;

drop policy "photos bucket: admins upload images" on storage.objects;
create policy "photos bucket: admins upload images"
  on storage.objects for insert to anon, authenticated
  with check (
    bucket_id = 'photos'
    and (select private.request_admin_id()) is not null
    and private.is_public_photos_object_name(name)
  );

drop policy "photos bucket: admins replace images" on storage.objects;
create policy "photos bucket: admins replace images"
  on storage.objects for update to anon, authenticated
  using (bucket_id = 'photos' and (select private.request_admin_id()) is not null)
  with check (
    bucket_id = 'photos'
    and (select private.request_admin_id()) is not null
    and private.is_public_photos_object_name(name)
  );

-- ---------------------------------------------------------------------------------------
-- 5. A client link's photos name no original when the link does not allow downloads.
create or replace function public.get_album_photos_by_token(p_access_token text, p_passcode text default null, p_device text default null)
returns table (
  id uuid, album_id uuid, filename text, file_url text, thumb_url text, preview_url text,
  original_filename text, file_size bigint, width integer, height integer, mime_type text,
  created_at timestamptz
)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_link public.gallery_links := private.usable_link(p_access_token);
begin
  if v_link.id is null then
    return;
  end if;
  if char_length(p_passcode) > 100 or char_length(p_device) > 128 then
    raise exception 'Passcode is too long' using errcode = '22023';
  end if;
  if not private.passcode_opens(v_link, p_passcode, p_device) then
    return;
  end if;
  return query
    select p.id, p.album_id, p.filename,
           case when v_link.allow_downloads then p.file_url end,
           p.thumb_url, p.preview_url,
           p.original_filename, p.file_size, p.width, p.height, p.mime_type, p.created_at
      from public.photos p
     where p.album_id = v_link.album_id
     order by p.created_at, p.id;
end
$$;
-- As in 20261122000800_photos_rpc_memory.sql (create or replace resets the setting).
alter function public.get_album_photos_by_token(text, text, text) set work_mem = '16MB';

-- ---------------------------------------------------------------------------------------
-- Grants, as in 20261124000100_security_review.sql.
revoke execute on all functions in schema private from public, anon, authenticated;
grant execute on function private.request_admin_id(), private.is_superuser(uuid),
  private.is_safe_link(text), private.is_safe_image_url(text), private.is_web_url(text),
  private.is_site_path(text), private.is_photo_object_name(text),
  private.is_original_object_name(text), private.is_public_photos_object_name(text),
  private.request_download_album(), private.is_public_original(text),
  private.refuse_stale_admin_session()
  to anon, authenticated;
grant execute on function private.refuse_stale_admin_session() to service_role;

revoke execute on function public.get_download_grant(text, text, text) from public;
grant execute on function public.get_download_grant(text, text, text) to anon, authenticated, service_role;

notify pgrst, 'reload schema';
