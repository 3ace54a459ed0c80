-- The admin RPCs of SPEC §7 for collections, photos, public galleries, client links and site
-- settings. Each takes the auth pair (p_username, p_token) and starts with require_admin. The
-- pair comes last and defaults to null, so a call that leaves it out still reaches the
-- function and is refused with 'Not authenticated' (callers name their arguments).
-- Creation RPCs take an optional client-generated p_id: a replayed call changes nothing.

-- The storage object name behind a public URL of bucket photos, or null.
create function private.photos_object_name(p_url text) returns text
language sql immutable set search_path = ''
as $$
  select substring(p_url from '/storage/v1/object/public/photos/([^?#]+)')
$$;

create function private.require_text(p_value text, p_message text) returns text
language plpgsql immutable set search_path = ''
as $$
begin
  if p_value is null or btrim(p_value) = '' then
    raise exception '%', p_message using errcode = '22023';
  end if;
  return btrim(p_value);
end
$$;

-- ---------------------------------------------------------------------------------------
create function public.admin_get_dashboard_stats(
  p_username text default null, p_token text default null
) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return jsonb_build_object(
    'albums', (select count(*) from public.albums),
    'photos', (select count(*) from public.photos),
    'gallery_links', (select count(*) from public.gallery_links)
  );
end
$$;

create function public.admin_list_albums(p_username text default null, p_token text default null)
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
             (select coalesce(p.thumb_url, p.file_url) from public.photos p
               where p.album_id = a.id order by p.created_at, p.id limit 1))
      from public.albums a
     order by a.created_at desc, a.id;
end
$$;

create function public.admin_list_albums_simple(
  p_username text default null, p_token text default null
)
returns table (id uuid, name text, photo_count bigint, created_at timestamptz)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    select a.id, a.name, (select count(*) from public.photos p where p.album_id = a.id), a.created_at
      from public.albums a
     order by lower(a.name), a.created_at;
end
$$;

create function public.admin_get_album(
  p_album_id uuid, p_username text default null, p_token text default null
)
returns table (
  id uuid, name text, description text, cover_photo_url text, is_public boolean,
  created_at timestamptz, photo_count bigint
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    select a.id, a.name, a.description, a.cover_photo_url, a.is_public, a.created_at,
           (select count(*) from public.photos p where p.album_id = a.id)
      from public.albums a
     where a.id = p_album_id;
end
$$;

create function public.admin_create_album(
  p_name text, p_description text, p_id uuid default null,
  p_is_public boolean default false, p_username text default null,
  p_token text default null
) returns uuid
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_id uuid := coalesce(p_id, gen_random_uuid());
begin
  perform private.require_admin(p_username, p_token);
  insert into public.albums (id, name, description, is_public)
  values (v_id, private.require_text(p_name, 'Collection name is required'),
          nullif(btrim(p_description), ''), coalesce(p_is_public, false))
  on conflict (id) do nothing;
  return v_id;
end
$$;

-- p_is_public is optional: null keeps the album's current visibility.
create function public.admin_update_album(
  p_album_id uuid, p_name text, p_description text, p_is_public boolean default null,
  p_username text default null, p_token text default null
) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  update public.albums
     set name = private.require_text(p_name, 'Collection name is required'),
         description = nullif(btrim(p_description), ''),
         is_public = coalesce(p_is_public, is_public)
   where id = p_album_id;
  if not found then
    raise exception 'Album not found' using errcode = 'PT404';
  end if;
  return true;
end
$$;

-- Deletes the album with its photos, links and gallery memberships, and returns the storage
-- objects the caller must now remove (the API cannot delete storage files from SQL).
create function public.admin_delete_album(
  p_album_id uuid, p_username text default null, p_token text default null
)
returns setof text
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    with gone as (
      delete from public.photos where album_id = p_album_id
      returning album_id, filename, thumb_url, preview_url
    )
    select name from (
      select g.album_id::text || '/' || g.filename as name from gone g
      union all select private.photos_object_name(g.thumb_url) from gone g
      union all select private.photos_object_name(g.preview_url) from gone g
    ) objects
    where name is not null;
  delete from public.albums where id = p_album_id;
end
$$;

create function public.admin_list_photos(
  p_album_id uuid, p_username text default null, p_token text default null
)
returns table (
  id uuid, album_id uuid, album_name text, filename text, file_url text, thumb_url text,
  preview_url text, original_filename text, file_size bigint, width integer, height integer,
  mime_type text, created_at timestamptz
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    select p.id, p.album_id, a.name, p.filename, p.file_url, p.thumb_url, p.preview_url,
           p.original_filename, p.file_size, p.width, p.height, p.mime_type, p.created_at
      from public.photos p
      join public.albums a on a.id = p.album_id
     where p.album_id = p_album_id
     order by p.created_at, p.id;
end
$$;

-- Records an uploaded photo. The URLs must point into the album's folder of bucket photos,
-- so that deleting the photo can find and remove its files.
create function public.admin_add_photo(
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
begin
  perform private.require_admin(p_username, p_token);
  if not exists (select 1 from public.albums where id = p_album_id) then
    raise exception 'Album not found' using errcode = 'PT404';
  end if;
  if private.photos_object_name(p_file_url) is distinct from v_folder || p_filename
     or (p_thumb_url is not null and private.photos_object_name(p_thumb_url) not like v_folder || '%')
     or (p_preview_url is not null and private.photos_object_name(p_preview_url) not like v_folder || '%')
  then
    raise exception 'Photo URLs must point to the album''s folder in storage' using errcode = '22023';
  end if;
  insert into public.photos (
    id, album_id, filename, file_url, thumb_url, preview_url, original_filename,
    file_size, width, height, mime_type
  ) values (
    v_id, p_album_id, p_filename, p_file_url, p_thumb_url, p_preview_url,
    coalesce(nullif(btrim(p_original_filename), ''), p_filename),
    p_file_size, p_width, p_height, lower(p_mime_type)
  )
  on conflict (id) do nothing;
  return v_id;
end
$$;

-- Deletes a photo (and its gallery memberships) and returns its storage objects to remove.
create function public.admin_delete_photo(
  p_photo_id uuid, p_username text default null, p_token text default null
)
returns setof text
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    with gone as (
      delete from public.photos where id = p_photo_id
      returning album_id, filename, thumb_url, preview_url
    )
    select name from (
      select g.album_id::text || '/' || g.filename as name from gone g
      union all select private.photos_object_name(g.thumb_url) from gone g
      union all select private.photos_object_name(g.preview_url) from gone g
    ) objects
    where name is not null;
end
$$;

-- ---------------------------------------------------------------------------------------
create function public.admin_list_public_galleries(
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
           (select coalesce(p.thumb_url, p.file_url)
              from public.public_gallery_photos gp join public.photos p on p.id = gp.photo_id
             where gp.public_gallery_id = g.id
             order by gp.sort_order, gp.created_at limit 1)
      from public.public_galleries g
     order by g.created_at desc, g.id;
end
$$;

create function public.admin_create_public_gallery(
  p_title text, p_description text, p_is_active boolean, p_id uuid default null,
  p_username text default null, p_token text default null
) returns uuid
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_id uuid := coalesce(p_id, gen_random_uuid());
begin
  perform private.require_admin(p_username, p_token);
  insert into public.public_galleries (id, title, description, is_active)
  values (v_id, private.require_text(p_title, 'Title is required'),
          nullif(btrim(p_description), ''), coalesce(p_is_active, true))
  on conflict (id) do nothing;
  return v_id;
end
$$;

create function public.admin_update_public_gallery(
  p_gallery_id uuid, p_title text, p_description text, p_is_active boolean,
  p_username text default null, p_token text default null
) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  update public.public_galleries
     set title = private.require_text(p_title, 'Title is required'),
         description = nullif(btrim(p_description), ''),
         is_active = coalesce(p_is_active, is_active)
   where id = p_gallery_id;
  if not found then
    raise exception 'Gallery not found' using errcode = 'PT404';
  end if;
  return true;
end
$$;

-- Sets the gallery's photos to exactly p_photo_ids, in that order (sort_order = position).
-- Replacing rather than appending lets the edit dialog drop photos, and makes a replay exact.
-- Ids of photos deleted in the meantime are skipped.
create function public.admin_add_photos_to_gallery(
  p_gallery_id uuid, p_photo_ids uuid[], p_username text default null,
  p_token text default null
) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_count integer;
begin
  perform private.require_admin(p_username, p_token);
  if not exists (select 1 from public.public_galleries where id = p_gallery_id) then
    raise exception 'Gallery not found' using errcode = 'PT404';
  end if;
  delete from public.public_gallery_photos
   where public_gallery_id = p_gallery_id
     and photo_id <> all (coalesce(p_photo_ids, '{}'));
  insert into public.public_gallery_photos (public_gallery_id, photo_id, sort_order)
  select p_gallery_id, ids.photo_id, min(ids.position)::integer - 1
    from unnest(coalesce(p_photo_ids, '{}')) with ordinality as ids (photo_id, position)
    join public.photos p on p.id = ids.photo_id
   group by ids.photo_id
  on conflict (public_gallery_id, photo_id) do update set sort_order = excluded.sort_order;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

create function public.admin_delete_public_gallery(
  p_gallery_id uuid, p_username text default null, p_token text default null
)
returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  delete from public.public_galleries where id = p_gallery_id;
  return true;
end
$$;

-- ---------------------------------------------------------------------------------------
create function public.admin_list_gallery_links(
  p_username text default null, p_token text default null
)
returns table (
  id uuid, album_id uuid, album_name text, album_description text, access_token text,
  passcode text, is_active boolean, allow_downloads boolean, expires_at timestamptz,
  created_at timestamptz
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    select l.id, l.album_id, a.name, a.description, l.access_token, l.passcode, l.is_active,
           l.allow_downloads, l.expires_at, l.created_at
      from public.gallery_links l
      join public.albums a on a.id = l.album_id
     order by l.created_at desc, l.id;
end
$$;

-- SPEC §7: generate_access_token() → a new URL-safe token of 32 random bytes.
create function public.generate_access_token() returns text
language sql volatile security definer set search_path = ''
as $$
  select private.new_token(32)
$$;

-- ---------------------------------------------------------------------------------------
-- Validates one design setting; returns the value to store (null for empty).
create function private.checked_setting(p_key text, p_value text) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  v_value text := nullif(btrim(p_value), '');
begin
  if v_value is null then
    return null;
  end if;
  case
    when p_key in ('primary_color', 'secondary_color', 'accent_color', 'background_color') then
      if v_value !~ '^#[0-9A-Fa-f]{6}$' then
        raise exception 'Colours must be hex values like #E8C4C4' using errcode = '22023';
      end if;
    when p_key = 'background_style' then
      if v_value not in ('clean', 'subtle', 'gradient', 'dreamy') then
        raise exception 'Unknown background style' using errcode = '22023';
      end if;
    when p_key = 'heading_font' then
      if v_value not in ('Playfair Display', 'Cormorant') then
        raise exception 'Unknown heading font' using errcode = '22023';
      end if;
    when p_key = 'body_font' then
      if v_value not in ('Lato', 'Open Sans', 'Source Sans Pro', 'Nunito') then
        raise exception 'Unknown body font' using errcode = '22023';
      end if;
    when p_key = 'hero_background_blur' then
      if v_value !~ '^\d{1,2}$' or v_value::integer > 20 then
        raise exception 'Hero blur must be between 0 and 20' using errcode = '22023';
      end if;
    when p_key = 'hero_background_opacity' then
      if v_value !~ '^\d{1,3}$' or v_value::integer > 100 then
        raise exception 'Hero opacity must be between 0 and 100' using errcode = '22023';
      end if;
    when p_key = 'hero_background_image' then
      if not private.is_safe_link(v_value) then
        raise exception 'The hero image must be an http(s) or site-relative URL' using errcode = '22023';
      end if;
    when p_key = 'contact_method' then
      if v_value not in ('email', 'phone', 'instagram', 'facebook', 'website') then
        raise exception 'Unknown contact method' using errcode = '22023';
      end if;
    when p_key in ('contact_value', 'contact_button_text', 'contact_button_subtitle') then
      null;
    else
      raise exception 'Unknown setting: %', p_key using errcode = '22023';
  end case;
  return v_value;
end
$$;

-- SPEC §7: saves every setting of p_settings ({"primary_color": "#E8C4C4", …}) at once.
create function public.admin_update_site_settings(
  p_settings jsonb, p_username text default null, p_token text default null
)
returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  if jsonb_typeof(p_settings) is distinct from 'object' then
    raise exception 'Settings must be an object' using errcode = '22023';
  end if;
  insert into public.site_settings (setting_key, setting_value)
  select s.key, private.checked_setting(s.key, s.value #>> '{}')
    from jsonb_each(p_settings) s
  on conflict (setting_key) do update set setting_value = excluded.setting_value;
  return true;
end
$$;
