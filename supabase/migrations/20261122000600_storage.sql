-- Bucket photos (ARCHITECTURE §4): public read through public URLs, raster images only (no
-- SVG, which can carry script), at most 50 MB a file. Only signed-in admins (the request
-- headers of a live session) may list, upload, replace or delete objects.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('photos', 'photos', true, 52428800,
        array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Object names: {album_id}/{photo_id}[.thumb|.preview].{ext}, logo-{timestamp}.{ext},
-- hero-bg-{random}.{ext}. The extension check repeats the MIME allow-list for the name.
create function private.is_photo_object_name(p_name text) returns boolean
language sql immutable set search_path = ''
as $$
  select p_name ~ '^([0-9a-f-]{36}/)?[A-Za-z0-9._-]{1,200}$'
     and lower(substring(p_name from '\.([A-Za-z0-9]+)$')) in ('jpg', 'jpeg', 'png', 'webp', 'gif', 'avif')
$$;
revoke execute on function private.is_photo_object_name(text) from public;
grant execute on function private.is_photo_object_name(text) to anon, authenticated;

create policy "photos bucket: admins read object rows"
  on storage.objects for select to anon, authenticated
  using (bucket_id = 'photos' and (select private.request_admin_id()) is not null);

create policy "photos bucket: admins upload images"
  on storage.objects for insert to anon, authenticated
  with check (
    bucket_id = 'photos'
    and (select private.request_admin_id()) is not null
    and private.is_photo_object_name(name)
  );

create policy "photos bucket: admins replace images"
  on storage.objects for update to anon, authenticated
  using (bucket_id = 'photos' and (select private.request_admin_id()) is not null)
  with check (
    bucket_id = 'photos'
    and (select private.request_admin_id()) is not null
    and private.is_photo_object_name(name)
  );

create policy "photos bucket: admins delete"
  on storage.objects for delete to anon, authenticated
  using (bucket_id = 'photos' and (select private.request_admin_id()) is not null);
