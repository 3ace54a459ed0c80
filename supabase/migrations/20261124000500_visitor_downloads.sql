-- Visitor downloads (docs/SECURITY.md, class 6 "Downloads off means no originals").
--
-- Each public album and public gallery says what its visitors may download:
--   'off'      no download;
--   'web'      the 2048 px preview rendition (the default, for new and existing ones);
--   'original' the original file.
-- The rule is the server's: a visitor's read of photos names no original (photos.file_url and
-- photos.filename are no longer readable by the API roles), the original's address comes only
-- through public_album_photos and gallery_visitor_original (section 2) when 'original' is
-- chosen, and bucket originals lets a visitor read an original only then
-- (private.is_public_original). Previews are public objects
-- either way: 'off' takes the button away, it cannot stop a visitor saving what the viewer shows.
--
-- Existing albums and galleries get 'web', not 'original': an upgrade never widens what
-- visitors get, and the admin card shows the badge so the photographer sees it.

alter table public.albums
  add column visitor_downloads text not null default 'web'
    constraint albums_visitor_downloads check (visitor_downloads in ('off', 'web', 'original'));
alter table public.public_galleries
  add column visitor_downloads text not null default 'web'
    constraint public_galleries_visitor_downloads check (visitor_downloads in ('off', 'web', 'original'));
comment on column public.albums.visitor_downloads is
  'What visitors of this album (when public) may download: off, web (2048 px preview) or original.';
comment on column public.public_galleries.visitor_downloads is
  'What visitors of this gallery may download: off, web (2048 px preview) or original.';

-- ---------------------------------------------------------------------------------------
-- 1. Visitors read no original's name. Admin screens read photos through admin RPCs, clients
-- through get_album_photos_by_token; both are security definer and unaffected.
revoke select on public.photos from anon, authenticated;
grant select (id, album_id, thumb_url, preview_url, original_filename, file_size, width, height,
              mime_type, created_at)
  on public.photos to anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- 2. The original's address, for visitors who may download it.
--
-- A public album's photos: the view public_album_photos, which has the visitor columns and
-- file_url (the original's address when the album is set to 'original', else null). It runs
-- with the visitor's rights (security_invoker: the photos policy applies), so filters, order
-- and ranges reach the album index; only file_url is looked up with the owner's rights.
create function private.album_visitor_original(p_photo_id uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select p.file_url
    from public.photos p
    join public.albums a on a.id = p.album_id
   where p.id = p_photo_id
     and a.is_public and a.visitor_downloads = 'original'
$$;

create view public.public_album_photos with (security_invoker = true) as
  select p.id, p.album_id, p.thumb_url, p.preview_url, p.original_filename, p.file_size,
         p.width, p.height, p.created_at, private.album_visitor_original(p.id) as file_url
    from public.photos p
   where exists (select 1 from public.albums a where a.id = p.album_id and a.is_public);
comment on view public.public_album_photos is
  'Photos of public albums as visitors read them; file_url only when the album lets visitors download originals.';
revoke all on public.public_album_photos from public, anon, authenticated;
grant select on public.public_album_photos to anon, authenticated;

-- A gallery's photos: the PostgREST computed field gallery_visitor_original of its
-- public_gallery_photos rows (selected as `file_url:gallery_visitor_original`). It looks the
-- row up again by its key (a caller of /rpc/… can pass any row) and answers null unless the
-- gallery is active and set to 'original'.
create function public.gallery_visitor_original(p_entry public.public_gallery_photos) returns text
language sql stable security definer set search_path = ''
as $$
  select p.file_url
    from public.public_gallery_photos gp
    join public.public_galleries g on g.id = gp.public_gallery_id
    join public.photos p on p.id = gp.photo_id
   where gp.public_gallery_id = p_entry.public_gallery_id
     and gp.photo_id = p_entry.photo_id
     and g.is_active and g.visitor_downloads = 'original'
$$;
revoke execute on function public.gallery_visitor_original(public.public_gallery_photos) from public;
grant execute on function public.gallery_visitor_original(public.public_gallery_photos) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- 3. Bucket originals: a visitor reads an original only when a public album or an active
-- gallery that holds it is set to 'original' (the policy of 20261124000200 calls this).
create or replace function private.is_public_original(p_name text) returns boolean
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
         exists (select 1 from public.albums a
                  where a.id = p.album_id and a.is_public and a.visitor_downloads = 'original')
         or exists (
           select 1
             from public.public_gallery_photos gp
             join public.public_galleries g on g.id = gp.public_gallery_id
            where gp.photo_id = p.id and g.is_active and g.visitor_downloads = 'original'
         )
       )
  );
end
$$;

-- ---------------------------------------------------------------------------------------
-- 4. Admin RPCs take and answer the setting. p_visitor_downloads is optional everywhere, so an
-- older app's queued change still applies: null gives 'web' to a new one and keeps the
-- current setting of an existing one.

create function private.require_visitor_downloads(p_value text) returns text
language plpgsql immutable set search_path = ''
as $$
begin
  if p_value is not null and p_value not in ('off', 'web', 'original') then
    raise exception 'Visitor downloads must be off, web or original' using errcode = '22023';
  end if;
  return p_value;
end
$$;

drop function public.admin_create_album(text, text, uuid, boolean, text, text);
create function public.admin_create_album(
  p_name text, p_description text, p_id uuid default null,
  p_is_public boolean default false, p_visitor_downloads text default null,
  p_username text default null, p_token text default null
) returns uuid
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_id uuid := coalesce(p_id, gen_random_uuid());
begin
  perform private.require_admin(p_username, p_token);
  insert into public.albums (id, name, description, is_public, visitor_downloads)
  values (v_id, private.require_text(p_name, 'Collection name is required'),
          nullif(btrim(p_description), ''), coalesce(p_is_public, false),
          coalesce(private.require_visitor_downloads(p_visitor_downloads), 'web'))
  on conflict (id) do nothing;
  return v_id;
end
$$;

drop function public.admin_update_album(uuid, text, text, boolean, text, text);
create function public.admin_update_album(
  p_album_id uuid, p_name text, p_description text, p_is_public boolean default null,
  p_visitor_downloads text default null,
  p_username text default null, p_token text default null
) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  update public.albums
     set name = private.require_text(p_name, 'Collection name is required'),
         description = nullif(btrim(p_description), ''),
         is_public = coalesce(p_is_public, is_public),
         visitor_downloads = coalesce(private.require_visitor_downloads(p_visitor_downloads), visitor_downloads)
   where id = p_album_id;
  if not found then
    raise exception 'Album not found' using errcode = 'PT404';
  end if;
  return true;
end
$$;

drop function public.admin_create_public_gallery(text, text, boolean, uuid, text, text);
create function public.admin_create_public_gallery(
  p_title text, p_description text, p_is_active boolean, p_id uuid default null,
  p_visitor_downloads text default null,
  p_username text default null, p_token text default null
) returns uuid
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_id uuid := coalesce(p_id, gen_random_uuid());
begin
  perform private.require_admin(p_username, p_token);
  insert into public.public_galleries (id, title, description, is_active, visitor_downloads)
  values (v_id, private.require_text(p_title, 'Title is required'),
          nullif(btrim(p_description), ''), coalesce(p_is_active, true),
          coalesce(private.require_visitor_downloads(p_visitor_downloads), 'web'))
  on conflict (id) do nothing;
  return v_id;
end
$$;

drop function public.admin_update_public_gallery(uuid, text, text, boolean, text, text);
create function public.admin_update_public_gallery(
  p_gallery_id uuid, p_title text, p_description text, p_is_active boolean,
  p_visitor_downloads text default null,
  p_username text default null, p_token text default null
) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  update public.public_galleries
     set title = private.require_text(p_title, 'Title is required'),
         description = nullif(btrim(p_description), ''),
         is_active = coalesce(p_is_active, is_active),
         visitor_downloads = coalesce(private.require_visitor_downloads(p_visitor_downloads), visitor_downloads)
   where id = p_gallery_id;
  if not found then
    raise exception 'Gallery not found' using errcode = 'PT404';
  end if;
  return true;
end
$$;

-- The lists answer the setting (a new column changes the row type, hence drop and create).
drop function public.admin_list_albums(text, text);
create function public.admin_list_albums(p_username text default null, p_token text default null)
returns table (
  id uuid, name text, description text, cover_photo_url text, is_public boolean,
  visitor_downloads text, created_at timestamptz, photo_count bigint, preview_photo text
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    select a.id, a.name, a.description, a.cover_photo_url, a.is_public, a.visitor_downloads, a.created_at,
           (select count(*) from public.photos p where p.album_id = a.id),
           coalesce(a.cover_photo_url,
             (select private.photo_display_url(p.thumb_url, p.preview_url, p.file_url) from public.photos p
               where p.album_id = a.id order by p.created_at, p.id limit 1))
      from public.albums a
     order by a.created_at desc, a.id;
end
$$;

drop function public.admin_get_album(uuid, text, text);
create function public.admin_get_album(
  p_album_id uuid, p_username text default null, p_token text default null
)
returns table (
  id uuid, name text, description text, cover_photo_url text, is_public boolean,
  visitor_downloads text, created_at timestamptz, photo_count bigint
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    select a.id, a.name, a.description, a.cover_photo_url, a.is_public, a.visitor_downloads, a.created_at,
           (select count(*) from public.photos p where p.album_id = a.id)
      from public.albums a
     where a.id = p_album_id;
end
$$;

drop function public.admin_list_public_galleries(text, text);
create function public.admin_list_public_galleries(
  p_username text default null, p_token text default null
)
returns table (
  id uuid, title text, description text, is_active boolean, visitor_downloads text,
  created_at timestamptz, photo_count bigint, cover_photo_url text
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    select g.id, g.title, g.description, g.is_active, g.visitor_downloads, g.created_at,
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
-- Grants, as in 20261122000500_row_level_security.sql.
revoke execute on function private.require_visitor_downloads(text) from public, anon, authenticated;
revoke execute on function private.album_visitor_original(uuid) from public;
grant execute on function private.album_visitor_original(uuid) to anon, authenticated;
do $$
declare
  f regprocedure;
begin
  for f in
    select p.oid::regprocedure
      from pg_proc p
     where p.pronamespace = 'public'::regnamespace
       and p.proname in (
         'admin_create_album', 'admin_update_album', 'admin_create_public_gallery',
         'admin_update_public_gallery', 'admin_list_albums', 'admin_get_album',
         'admin_list_public_galleries'
       )
  loop
    execute format('revoke execute on function %s from public', f);
    execute format('grant execute on function %s to anon, authenticated, service_role', f);
  end loop;
end
$$;
