-- The service role may write photo and album rows through the API again.
--
-- The checks on public.photos and public.albums (and the trigger that stores URLs as paths)
-- call functions of schema private, and a check runs with the rights of whoever writes the
-- row. Execute on those functions was revoked from public (20261124000100, 20261124000200),
-- so every write by the service role (PostgREST with the service key, the dashboard's table
-- editor) failed with "permission denied for function is_safe_link". `npm run
-- move-originals` (scripts/move-originals.ts) rewrites photos.file_url with the service key,
-- and the local stack's mover (supabase/local/storage/move-originals.ts) as the service role.
--
-- Only these pure functions of a text are granted: they read no table and reveal nothing.
grant execute on function
  private.is_safe_link(text), private.is_safe_image_url(text), private.is_web_url(text),
  private.is_site_path(text), private.is_photo_object_name(text),
  private.is_original_object_name(text), private.photos_object_name(text),
  private.photos_object_path(text), private.originals_object_name(text),
  private.originals_object_path(text), private.original_object_name(text)
  to service_role;
