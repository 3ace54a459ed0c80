-- Revoked means revoked (issue 32, item 1). A signed URL is checked by its token alone, on
-- hosted Storage as locally, so nothing the photographer does (a new passcode, downloads off,
-- the link deactivated, 'Visitor downloads' off) can stop one. Until now the originals policy
-- let a download grant or a visitor of a public original read an object for any operation,
-- signing included, so a grant became shareable addresses valid for up to a year.
--
-- Now only an admin may have an original signed. A grant holder and a visitor may only get it
-- (GET/HEAD /object/authenticated/originals/…, operation storage.object.get_authenticated),
-- and the grant or the album's setting is checked again on every such read. storage.operation()
-- and allow_only_operation() are hosted Storage's (tenant migrations 0024 and 0058); the local
-- stack has the same (supabase/local/storage-operations.sql). docs/SECURITY.md, class 6.

drop policy "originals bucket: admins, download grants and visitors of public photos read" on storage.objects;

create policy "originals: admins read all; grants and visitors only download"
  on storage.objects for select to anon, authenticated
  using (
    bucket_id = 'originals' and (
      (select private.request_admin_id()) is not null
      or (
        (select storage.allow_only_operation('storage.object.get_authenticated'))
        and (
          split_part(name, '/', 1) = (select private.request_download_album())::text
          or private.is_public_original(name)
        )
      )
    )
  );
