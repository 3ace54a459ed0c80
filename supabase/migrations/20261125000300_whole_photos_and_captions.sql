-- Photos as they were framed (issue 20, item 5).
--
-- Layout: albums.photo_layout and public_galleries.photo_layout say how visitors and clients
-- see the photos: 'square' (the square grid, as until now) or 'whole' (rows of whole photos,
-- each at its own aspect ratio). Existing albums and galleries keep 'square'.
--
-- Caption: photos.caption, a short text the photographer writes, used as the photo's alt text
-- in the grid and the viewer (the original filename when there is none). One line of at most
-- 300 characters: the database cleans what it is given (whitespace runs and control
-- characters become one space, the ends are trimmed, empty is null) and refuses longer.
--
-- Also: get_gallery_link_by_token no longer names the cover photo's id before the passcode
-- (nothing read it; the cover comes with get_album_cover_by_token after it), and
-- private.refresh_album_cover looks the cover up once instead of twice.

-- ---------------------------------------------------------------------------------------
-- 1. Columns.
alter table public.albums
  add column photo_layout text not null default 'square'
    constraint albums_photo_layout check (photo_layout in ('square', 'whole'));
alter table public.public_galleries
  add column photo_layout text not null default 'square'
    constraint public_galleries_photo_layout check (photo_layout in ('square', 'whole'));
comment on column public.albums.photo_layout is
  'How visitors and clients see the photos: square (square grid) or whole (rows of whole photos).';
comment on column public.public_galleries.photo_layout is
  'How visitors see the photos: square (square grid) or whole (rows of whole photos).';

alter table public.photos
  add column caption text
    constraint photos_caption_length check (char_length(caption) between 1 and 300);
comment on column public.photos.caption is
  'The photographer''s caption: the photo''s alt text (one line, at most 300 characters).';

-- Visitors read captions of the photos they may see (the photos policy decides which);
-- albums and public_galleries are readable by column already (their policies decide rows).
grant select (caption) on public.photos to anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- 2. Checking input.

create function private.require_photo_layout(p_value text) returns text
language plpgsql immutable set search_path = ''
as $$
begin
  if p_value is not null and p_value not in ('square', 'whole') then
    raise exception 'Photo layout must be square or whole' using errcode = '22023';
  end if;
  return p_value;
end
$$;

-- One line: runs of whitespace and control characters become one space, ends trimmed.
create function private.clean_caption(p_value text) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  v_caption text := nullif(btrim(regexp_replace(p_value, '[[:space:][:cntrl:]]+', ' ', 'g')), '');
begin
  if char_length(v_caption) > 300 then
    raise exception 'Caption is too long (at most 300 characters)' using errcode = '22023';
  end if;
  return v_caption;
end
$$;

-- ---------------------------------------------------------------------------------------
-- 3. Admin RPCs.

-- Sets (or, with null or blank, clears) a photo's caption. Safe to replay: it sets a value.
-- A photo deleted meanwhile (on another device) changes nothing and answers false.
create function public.admin_set_photo_caption(
  p_photo_id uuid, p_caption text, p_username text default null, p_token text default null
) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_caption text;
begin
  perform private.require_admin(p_username, p_token);
  v_caption := private.clean_caption(p_caption);
  update public.photos set caption = v_caption
   where id = p_photo_id and caption is distinct from v_caption;
  return exists (select 1 from public.photos where id = p_photo_id);
end
$$;

-- p_photo_layout is optional everywhere, as p_visitor_downloads is: an older app's queued
-- change still applies; null gives 'square' to a new one and keeps the current setting.
drop function public.admin_create_album(text, text, uuid, boolean, text, text, text);
create function public.admin_create_album(
  p_name text, p_description text, p_id uuid default null,
  p_is_public boolean default false, p_visitor_downloads text default null,
  p_username text default null, p_token text default null, p_photo_layout text default null
) returns uuid
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_id uuid := coalesce(p_id, gen_random_uuid());
begin
  perform private.require_admin(p_username, p_token);
  insert into public.albums (id, name, description, is_public, visitor_downloads, photo_layout)
  values (v_id, private.require_text(p_name, 'Collection name is required'),
          nullif(btrim(p_description), ''), coalesce(p_is_public, false),
          coalesce(private.require_visitor_downloads(p_visitor_downloads), 'web'),
          coalesce(private.require_photo_layout(p_photo_layout), 'square'))
  on conflict (id) do nothing;
  return v_id;
end
$$;

drop function public.admin_update_album(uuid, text, text, boolean, text, text, text);
create function public.admin_update_album(
  p_album_id uuid, p_name text, p_description text, p_is_public boolean default null,
  p_visitor_downloads text default null,
  p_username text default null, p_token text default null, p_photo_layout text default null
) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  update public.albums
     set name = private.require_text(p_name, 'Collection name is required'),
         description = nullif(btrim(p_description), ''),
         is_public = coalesce(p_is_public, is_public),
         visitor_downloads = coalesce(private.require_visitor_downloads(p_visitor_downloads), visitor_downloads),
         photo_layout = coalesce(private.require_photo_layout(p_photo_layout), photo_layout)
   where id = p_album_id;
  if not found then
    raise exception 'Album not found' using errcode = 'PT404';
  end if;
  return true;
end
$$;

drop function public.admin_create_public_gallery(text, text, boolean, uuid, text, text, text);
create function public.admin_create_public_gallery(
  p_title text, p_description text, p_is_active boolean, p_id uuid default null,
  p_visitor_downloads text default null,
  p_username text default null, p_token text default null, p_photo_layout text default null
) returns uuid
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_id uuid := coalesce(p_id, gen_random_uuid());
begin
  perform private.require_admin(p_username, p_token);
  insert into public.public_galleries (id, title, description, is_active, visitor_downloads, photo_layout)
  values (v_id, private.require_text(p_title, 'Title is required'),
          nullif(btrim(p_description), ''), coalesce(p_is_active, true),
          coalesce(private.require_visitor_downloads(p_visitor_downloads), 'web'),
          coalesce(private.require_photo_layout(p_photo_layout), 'square'))
  on conflict (id) do nothing;
  return v_id;
end
$$;

drop function public.admin_update_public_gallery(uuid, text, text, boolean, text, text, text);
create function public.admin_update_public_gallery(
  p_gallery_id uuid, p_title text, p_description text, p_is_active boolean,
  p_visitor_downloads text default null,
  p_username text default null, p_token text default null, p_photo_layout text default null
) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  update public.public_galleries
     set title = private.require_text(p_title, 'Title is required'),
         description = nullif(btrim(p_description), ''),
         is_active = coalesce(p_is_active, is_active),
         visitor_downloads = coalesce(private.require_visitor_downloads(p_visitor_downloads), visitor_downloads),
         photo_layout = coalesce(private.require_photo_layout(p_photo_layout), photo_layout)
   where id = p_gallery_id;
  if not found then
    raise exception 'Gallery not found' using errcode = 'PT404';
  end if;
  return true;
end
$$;

-- The lists answer the layout and the captions (a new column changes the row type, hence
-- drop and create).
drop function public.admin_list_albums(text, text);
create function public.admin_list_albums(p_username text default null, p_token text default null)
returns table (
  id uuid, name text, description text, cover_photo_url text, is_public boolean,
  visitor_downloads text, created_at timestamptz, photo_count bigint, preview_photo text,
  photo_layout text
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
               where p.album_id = a.id order by p.sort_order, p.created_at, p.id limit 1)),
           a.photo_layout
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
  visitor_downloads text, created_at timestamptz, photo_count bigint, cover_photo_id uuid,
  photo_layout text
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    select a.id, a.name, a.description, a.cover_photo_url, a.is_public, a.visitor_downloads, a.created_at,
           (select count(*) from public.photos p where p.album_id = a.id),
           a.cover_photo_id, a.photo_layout
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
  created_at timestamptz, photo_count bigint, cover_photo_url text, photo_layout text
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
             order by gp.sort_order, gp.created_at limit 1),
           g.photo_layout
      from public.public_galleries g
     order by g.created_at desc, g.id;
end
$$;

drop function public.admin_list_photos(uuid, text, text);
create function public.admin_list_photos(p_album_id uuid, p_username text default null, p_token text default null)
returns table (
  id uuid, album_id uuid, album_name text, filename text, file_url text, thumb_url text,
  preview_url text, original_filename text, file_size bigint, width integer, height integer,
  mime_type text, created_at timestamptz, caption text
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    select p.id, p.album_id, a.name, p.filename, p.file_url, p.thumb_url, p.preview_url,
           p.original_filename, p.file_size, p.width, p.height, p.mime_type, p.created_at, p.caption
      from public.photos p
      join public.albums a on a.id = p.album_id
     where p.album_id = p_album_id
     order by p.sort_order, p.created_at, p.id;
end
$$;

-- ---------------------------------------------------------------------------------------
-- 4. What visitors and clients read.

-- The view gains caption (a new last column).
create or replace view public.public_album_photos with (security_invoker = true) as
  select p.id, p.album_id, p.thumb_url, p.preview_url, p.original_filename, p.file_size,
         p.width, p.height, p.created_at, private.album_visitor_original(p.id) as file_url,
         p.sort_order, p.caption
    from public.photos p
   where exists (select 1 from public.albums a where a.id = p.album_id and a.is_public);

drop function public.get_album_photos_by_token(text, text, text);
create function public.get_album_photos_by_token(p_access_token text, p_passcode text default null, p_device text default null)
returns table (
  id uuid, album_id uuid, filename text, file_url text, thumb_url text, preview_url text,
  original_filename text, file_size bigint, width integer, height integer, mime_type text,
  created_at timestamptz, caption text
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
           p.original_filename, p.file_size, p.width, p.height, p.mime_type, p.created_at, p.caption
      from public.photos p
     where p.album_id = v_link.album_id
     order by p.sort_order, p.created_at, p.id;
end
$$;
-- As in 20261122000800_photos_rpc_memory.sql.
alter function public.get_album_photos_by_token(text, text, text) set work_mem = '16MB';

-- The link answers the album's layout; the cover photo's id is no longer answered here.
drop function public.get_gallery_link_by_token(text);
create function public.get_gallery_link_by_token(p_access_token text)
returns table (
  id uuid, album_id uuid, has_passcode boolean, is_active boolean, allow_downloads boolean,
  expires_at timestamptz, album_name text, album_description text, photo_layout text
)
language sql stable security definer set search_path = ''
as $$
  select l.id, l.album_id, l.passcode is not null, l.is_active, l.allow_downloads, l.expires_at,
         a.name, a.description, a.photo_layout
    from private.usable_link(p_access_token) l
    join public.albums a on a.id = l.album_id
$$;

-- ---------------------------------------------------------------------------------------
-- 5. The cover, looked up once.
create or replace function private.refresh_album_cover(p_album_id uuid) returns void
language sql volatile security definer set search_path = ''
as $$
  with cover as (
    select coalesce(
      (select private.photo_display_url(p.thumb_url, p.preview_url, p.file_url)
         from public.albums a join public.photos p on p.id = a.cover_photo_id and p.album_id = a.id
        where a.id = p_album_id),
      (select private.photo_display_url(p.thumb_url, p.preview_url, p.file_url)
         from public.photos p where p.album_id = p_album_id
        order by p.sort_order, p.created_at, p.id limit 1)) as url
  )
  update public.albums a
     set cover_photo_url = cover.url
    from cover
   where a.id = p_album_id and a.cover_photo_url is distinct from cover.url
$$;

-- ---------------------------------------------------------------------------------------
-- Grants, as in 20261125000100_cover_and_order.sql.
revoke execute on function private.require_photo_layout(text) from public, anon, authenticated;
revoke execute on function private.clean_caption(text) from public, anon, authenticated;
revoke execute on function private.refresh_album_cover(uuid) from public, anon, authenticated;
do $$
declare
  f regprocedure;
begin
  for f in
    select p.oid::regprocedure
      from pg_proc p
     where p.pronamespace = 'public'::regnamespace
       and p.proname in (
         'admin_set_photo_caption', 'admin_create_album', 'admin_update_album',
         'admin_create_public_gallery', 'admin_update_public_gallery', 'admin_list_albums',
         'admin_get_album', 'admin_list_public_galleries', 'admin_list_photos',
         'get_album_photos_by_token', 'get_gallery_link_by_token'
       )
  loop
    execute format('revoke execute on function %s from public', f);
    execute format('grant execute on function %s to anon, authenticated, service_role', f);
  end loop;
end
$$;
