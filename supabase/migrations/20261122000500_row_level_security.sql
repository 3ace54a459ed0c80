-- Who may read and write what (ARCHITECTURE §4). Everything goes through the API roles anon
-- and authenticated; an admin is an anon caller whose x-admin-username / x-admin-token headers
-- belong to a live session (private.request_admin_id). Hosted Supabase grants the API roles
-- everything in schema public by default, so all grants are revoked first and given back
-- table by table, column by column where an edit must not touch a column.

alter table public.admin_credentials enable row level security;
alter table public.photographer_profile enable row level security;
alter table public.albums enable row level security;
alter table public.photos enable row level security;
alter table public.public_galleries enable row level security;
alter table public.public_gallery_photos enable row level security;
alter table public.gallery_links enable row level security;
alter table public.page_content enable row level security;
alter table public.service_packages enable row level security;
alter table public.site_settings enable row level security;
alter table private.admin_sessions enable row level security;
alter table private.failed_attempts enable row level security;

revoke all on all tables in schema public from anon, authenticated;
revoke all on all tables in schema private from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- Grants
grant select on public.photographer_profile, public.albums, public.photos, public.public_galleries,
  public.public_gallery_photos, public.page_content, public.service_packages, public.site_settings
  to anon, authenticated;
grant select (id, username, created_at) on public.admin_credentials to anon, authenticated;

grant insert (id, site_name, subtitle, logo_url, social_instagram, social_facebook, social_twitter,
              social_linkedin, social_website),
      update (site_name, subtitle, logo_url, social_instagram, social_facebook, social_twitter,
              social_linkedin, social_website)
  on public.photographer_profile to anon, authenticated;

-- The album of a link is fixed once created (SPEC §4: it cannot be changed in edit mode).
grant select on public.gallery_links to anon, authenticated;
grant insert (id, album_id, access_token, passcode, is_active, allow_downloads, expires_at),
      update (passcode, is_active, allow_downloads, expires_at),
      delete
  on public.gallery_links to anon, authenticated;

-- A section's page and name are fixed once created (SPEC §4: locked in edit mode).
grant insert (id, page_name, section_name, title, subtitle, content, button_text, button_link,
              image_url, blur, opacity, sort_order, is_active),
      update (title, subtitle, content, button_text, button_link, image_url, blur, opacity,
              sort_order, is_active),
      delete
  on public.page_content to anon, authenticated;

grant insert (id, name, whimsical_name, description, price_range, features, icon_name, sort_order,
              is_active),
      update (name, whimsical_name, description, price_range, features, icon_name, sort_order,
              is_active),
      delete
  on public.service_packages to anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- Policies: one per operation; "public" reads for every visitor, "admin" for signed-in admins.

create policy "admin_credentials: admins read, the superuser only by the superuser"
  on public.admin_credentials for select to anon, authenticated
  using (
    (select private.request_admin_id()) is not null
    and (username <> 'admin' or (select private.is_superuser(private.request_admin_id())))
  );

create policy "photographer_profile: everyone reads"
  on public.photographer_profile for select to anon, authenticated using (true);
create policy "photographer_profile: admins insert"
  on public.photographer_profile for insert to anon, authenticated
  with check ((select private.request_admin_id()) is not null);
create policy "photographer_profile: admins update"
  on public.photographer_profile for update to anon, authenticated
  using ((select private.request_admin_id()) is not null)
  with check ((select private.request_admin_id()) is not null);

create policy "albums: visitors read public albums, admins read all"
  on public.albums for select to anon, authenticated
  using (is_public or (select private.request_admin_id()) is not null);

create policy "photos: visitors read photos of public albums and active galleries, admins read all"
  on public.photos for select to anon, authenticated
  using (
    (select private.request_admin_id()) is not null
    or exists (select 1 from public.albums a where a.id = album_id and a.is_public)
    or exists (
      select 1
        from public.public_gallery_photos gp
        join public.public_galleries g on g.id = gp.public_gallery_id
       where gp.photo_id = photos.id and g.is_active
    )
  );

create policy "public_galleries: visitors read active galleries, admins read all"
  on public.public_galleries for select to anon, authenticated
  using (is_active or (select private.request_admin_id()) is not null);

create policy "public_gallery_photos: visitors read those of active galleries, admins read all"
  on public.public_gallery_photos for select to anon, authenticated
  using (
    (select private.request_admin_id()) is not null
    or exists (select 1 from public.public_galleries g where g.id = public_gallery_id and g.is_active)
  );

create policy "gallery_links: admins read"
  on public.gallery_links for select to anon, authenticated
  using ((select private.request_admin_id()) is not null);
create policy "gallery_links: admins insert"
  on public.gallery_links for insert to anon, authenticated
  with check ((select private.request_admin_id()) is not null);
create policy "gallery_links: admins update"
  on public.gallery_links for update to anon, authenticated
  using ((select private.request_admin_id()) is not null)
  with check ((select private.request_admin_id()) is not null);
create policy "gallery_links: admins delete"
  on public.gallery_links for delete to anon, authenticated
  using ((select private.request_admin_id()) is not null);

create policy "page_content: visitors read active sections, admins read all"
  on public.page_content for select to anon, authenticated
  using (is_active or (select private.request_admin_id()) is not null);
create policy "page_content: admins insert"
  on public.page_content for insert to anon, authenticated
  with check ((select private.request_admin_id()) is not null);
create policy "page_content: admins update"
  on public.page_content for update to anon, authenticated
  using ((select private.request_admin_id()) is not null)
  with check ((select private.request_admin_id()) is not null);
create policy "page_content: admins delete"
  on public.page_content for delete to anon, authenticated
  using ((select private.request_admin_id()) is not null);

create policy "service_packages: visitors read active packages, admins read all"
  on public.service_packages for select to anon, authenticated
  using (is_active or (select private.request_admin_id()) is not null);
create policy "service_packages: admins insert"
  on public.service_packages for insert to anon, authenticated
  with check ((select private.request_admin_id()) is not null);
create policy "service_packages: admins update"
  on public.service_packages for update to anon, authenticated
  using ((select private.request_admin_id()) is not null)
  with check ((select private.request_admin_id()) is not null);
create policy "service_packages: admins delete"
  on public.service_packages for delete to anon, authenticated
  using ((select private.request_admin_id()) is not null);

create policy "site_settings: everyone reads"
  on public.site_settings for select to anon, authenticated using (true);

-- admin_sessions and failed_attempts have no policies: only the SECURITY DEFINER functions
-- that own them can read or write them.

-- ---------------------------------------------------------------------------------------
-- Functions: nothing is executable unless granted here.
revoke execute on all functions in schema private from public, anon, authenticated;
-- Policies and check constraints call these as the API caller.
grant execute on function private.request_admin_id(), private.is_superuser(uuid),
  private.is_safe_link(text)
  to anon, authenticated;

do $$
declare
  f regprocedure;
begin
  for f in
    select p.oid::regprocedure
      from pg_proc p
     where p.pronamespace = 'public'::regnamespace
       and p.proname in (
         'admin_login', 'admin_validate_session', 'admin_logout', 'change_admin_password',
         'create_admin_user', 'delete_admin_user', 'admin_reset_password',
         'admin_get_dashboard_stats', 'admin_list_albums', 'admin_list_albums_simple',
         'admin_get_album', 'admin_create_album', 'admin_update_album', 'admin_delete_album',
         'admin_list_photos', 'admin_add_photo', 'admin_delete_photo',
         'admin_list_public_galleries', 'admin_create_public_gallery',
         'admin_update_public_gallery', 'admin_add_photos_to_gallery',
         'admin_delete_public_gallery', 'admin_list_gallery_links', 'generate_access_token',
         'admin_update_site_settings',
         'get_gallery_link_by_token', 'set_gallery_context', 'validate_gallery_passcode',
         'get_album_photos_by_token'
       )
  loop
    -- Admin RPCs check the session themselves; client RPCs check the token. Both are
    -- callable by the API roles and by nobody else.
    execute format('revoke execute on function %s from public', f);
    execute format('grant execute on function %s to anon, authenticated, service_role', f);
  end loop;
end
$$;
