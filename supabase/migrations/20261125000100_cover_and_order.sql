-- Covers and photo order (issue 20, item 2).
--
-- Cover: albums.cover_photo_id names the photo the photographer chose ('Set as cover'). Every
-- reader keeps reading albums.cover_photo_url, which the database keeps as that photo's
-- display URL, or, with no choice (null, or the chosen photo deleted), the first photo's in
-- the collection's order. Existing albums get no choice, so their cover_photo_url (today the
-- first photo's) stays exactly as it is.
--
-- cover_photo_id is no foreign key on purpose: a second key between albums and photos would
-- make PostgREST's embeds of photos in albums (and of albums in public_album_photos) ambiguous,
-- and every such read on the site would fail. Only admin_set_album_cover writes it, and only
-- with a photo of the album; deleting that photo clears it (keep_album_cover), as
-- 'on delete set null' would.
--
-- Order: photos.sort_order, 0, 1, 2, … within an album. Existing photos are numbered in the
-- order every reader used until now (created_at, id); a new photo goes last. Readers order by
-- (sort_order, created_at, id): two uploads that land at the same moment still have an order.

-- ---------------------------------------------------------------------------------------
-- 1. Columns.
alter table public.albums add column cover_photo_id uuid;
comment on column public.albums.cover_photo_id is
  'The photo chosen as cover; null means the first photo in order. cover_photo_url follows it.';

alter table public.photos add column sort_order integer;
update public.photos p
   set sort_order = ranked.position
  from (select id, (row_number() over (partition by album_id order by created_at, id) - 1)::integer as position
          from public.photos) ranked
 where ranked.id = p.id;
alter table public.photos alter column sort_order set not null;
alter table public.photos
  add constraint photos_sort_order_range check (sort_order between 0 and 1000000);
comment on column public.photos.sort_order is
  'Position in the album (0 first), set by the photographer''s reordering; new photos go last.';
create index photos_album_id_sort_order_idx on public.photos (album_id, sort_order, created_at, id);

-- Visitors read the order (public_album_photos runs with their rights).
grant select (sort_order) on public.photos to anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- 2. Keeping order and cover.

-- A new photo goes last. The album row is locked so two uploads into one album number one
-- after the other.
create function private.place_new_photo() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.sort_order is null then
    perform 1 from public.albums where id = new.album_id for no key update;
    new.sort_order := coalesce(
      (select max(p.sort_order) + 1 from public.photos p where p.album_id = new.album_id), 0);
  end if;
  return new;
end
$$;
create trigger photos_place_new_photo before insert on public.photos
  for each row execute function private.place_new_photo();

-- The album's cover URL: the chosen photo's, else the first photo's in order.
create function private.refresh_album_cover(p_album_id uuid) returns void
language sql volatile security definer set search_path = ''
as $$
  update public.albums a
     set cover_photo_url = coalesce(
       (select private.photo_display_url(p.thumb_url, p.preview_url, p.file_url)
          from public.photos p where p.id = a.cover_photo_id and p.album_id = a.id),
       (select private.photo_display_url(p.thumb_url, p.preview_url, p.file_url)
          from public.photos p where p.album_id = a.id
         order by p.sort_order, p.created_at, p.id limit 1))
   where a.id = p_album_id
     and a.cover_photo_url is distinct from coalesce(
       (select private.photo_display_url(p.thumb_url, p.preview_url, p.file_url)
          from public.photos p where p.id = a.cover_photo_id and p.album_id = a.id),
       (select private.photo_display_url(p.thumb_url, p.preview_url, p.file_url)
          from public.photos p where p.album_id = a.id
         order by p.sort_order, p.created_at, p.id limit 1))
$$;

-- As before for a new photo (it becomes the cover of an album without one). Deleting the
-- cover photo clears the choice and moves the cover on to the first photo in order.
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
  if exists (select 1 from public.albums a
              where a.id = old.album_id
                and (a.cover_photo_id = old.id
                     or a.cover_photo_url in (old.thumb_url, old.preview_url, old.file_url))) then
    update public.albums set cover_photo_id = null where id = old.album_id and cover_photo_id = old.id;
    perform private.refresh_album_cover(old.album_id);
  end if;
  return old;
end
$$;

-- ---------------------------------------------------------------------------------------
-- 3. Admin RPCs. Both are safe to replay: they set values, and a second call with the same
-- arguments leaves the same rows.

-- Sets (or, with p_photo_id null, clears) the collection's chosen cover. A photo of another
-- collection is refused; a photo that no longer exists (deleted on another device before this
-- change arrived) changes nothing: the cover is already the first photo's.
create function public.admin_set_album_cover(
  p_album_id uuid, p_photo_id uuid, p_username text default null, p_token text default null
) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_photo_album uuid;
begin
  perform private.require_admin(p_username, p_token);
  perform 1 from public.albums where id = p_album_id for no key update;
  if not found then
    raise exception 'Collection not found' using errcode = 'PT404';
  end if;
  if p_photo_id is not null then
    -- Held until the end, so the photo cannot be deleted between this check and the update.
    select album_id into v_photo_album from public.photos where id = p_photo_id for key share;
    if not found then
      return false;
    end if;
    if v_photo_album <> p_album_id then
      raise exception 'That photo is not in this collection' using errcode = '22023';
    end if;
  end if;
  update public.albums set cover_photo_id = p_photo_id
   where id = p_album_id and cover_photo_id is distinct from p_photo_id;
  perform private.refresh_album_cover(p_album_id);
  return true;
end
$$;

-- Puts the collection's photos in the given order. Photos the list does not name (uploaded on
-- another device meanwhile) follow the named ones, in their current order; ids of photos that
-- no longer exist are skipped; a photo of another collection is refused. A repeated id counts
-- where it first appears.
create function public.admin_set_album_photo_order(
  p_album_id uuid, p_photo_ids uuid[], p_username text default null, p_token text default null
) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_changed integer;
begin
  perform private.require_admin(p_username, p_token);
  if p_photo_ids is null then
    raise exception 'The order must list the collection''s photos' using errcode = '22023';
  end if;
  if cardinality(p_photo_ids) > 20000 then
    raise exception 'An order lists at most 20,000 photos' using errcode = '22023';
  end if;
  perform 1 from public.albums where id = p_album_id for no key update;
  if not found then
    raise exception 'Collection not found' using errcode = 'PT404';
  end if;
  if exists (select 1 from unnest(p_photo_ids) as ids (photo_id)
               join public.photos p on p.id = ids.photo_id
              where p.album_id <> p_album_id) then
    raise exception 'Some of these photos are not in this collection' using errcode = '22023';
  end if;
  with named as (
    select ids.photo_id, min(ids.position) as position
      from unnest(p_photo_ids) with ordinality as ids (photo_id, position)
     group by ids.photo_id
  ), ranked as (
    select p.id,
           (row_number() over (order by n.position is null, n.position, p.sort_order, p.created_at, p.id) - 1)::integer
             as sort_order
      from public.photos p
      left join named n on n.photo_id = p.id
     where p.album_id = p_album_id
  )
  update public.photos p
     set sort_order = r.sort_order
    from ranked r
   where p.id = r.id and p.sort_order <> r.sort_order;
  get diagnostics v_changed = row_count;
  perform private.refresh_album_cover(p_album_id);
  return v_changed;
end
$$;

-- ---------------------------------------------------------------------------------------
-- 4. Every reader of a collection's photos follows the order.

create or replace function public.admin_list_photos(
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
     order by p.sort_order, p.created_at, p.id;
end
$$;

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
     order by p.sort_order, p.created_at, p.id;
end
$$;
-- As in 20261122000800_photos_rpc_memory.sql (create or replace resets the setting).
alter function public.get_album_photos_by_token(text, text, text) set work_mem = '16MB';

-- The view gains sort_order (a new last column), for visitors to order by.
create or replace view public.public_album_photos with (security_invoker = true) as
  select p.id, p.album_id, p.thumb_url, p.preview_url, p.original_filename, p.file_size,
         p.width, p.height, p.created_at, private.album_visitor_original(p.id) as file_url,
         p.sort_order
    from public.photos p
   where exists (select 1 from public.albums a where a.id = p.album_id and a.is_public);

create or replace function public.admin_list_albums(p_username text default null, p_token text default null)
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
               where p.album_id = a.id order by p.sort_order, p.created_at, p.id limit 1))
      from public.albums a
     order by a.created_at desc, a.id;
end
$$;

-- The collection page shows which photo is the cover: the chosen one (null: none is chosen,
-- and the page marks the first photo in the order it shows).
drop function public.admin_get_album(uuid, text, text);
create function public.admin_get_album(
  p_album_id uuid, p_username text default null, p_token text default null
)
returns table (
  id uuid, name text, description text, cover_photo_url text, is_public boolean,
  visitor_downloads text, created_at timestamptz, photo_count bigint, cover_photo_id uuid
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    select a.id, a.name, a.description, a.cover_photo_url, a.is_public, a.visitor_downloads, a.created_at,
           (select count(*) from public.photos p where p.album_id = a.id),
           a.cover_photo_id
      from public.albums a
     where a.id = p_album_id;
end
$$;

-- A client link names the cover photo the photographer chose, if any (an id, not an address:
-- the photo itself comes only with get_album_photos_by_token, after the passcode). The client
-- gallery shows it above the album; without a choice the first photo leads the grid as before.
drop function public.get_gallery_link_by_token(text);
create function public.get_gallery_link_by_token(p_access_token text)
returns table (
  id uuid, album_id uuid, has_passcode boolean, is_active boolean, allow_downloads boolean,
  expires_at timestamptz, album_name text, album_description text, cover_photo_id uuid
)
language sql stable security definer set search_path = ''
as $$
  select l.id, l.album_id, l.passcode is not null, l.is_active, l.allow_downloads, l.expires_at,
         a.name, a.description, a.cover_photo_id
    from private.usable_link(p_access_token) l
    join public.albums a on a.id = l.album_id
$$;

-- ---------------------------------------------------------------------------------------
-- Grants, as in 20261124000500_visitor_downloads.sql.
revoke execute on function private.place_new_photo() from public, anon, authenticated;
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
         'admin_set_album_cover', 'admin_set_album_photo_order', 'admin_list_photos',
         'admin_list_albums', 'admin_get_album', 'get_gallery_link_by_token',
         'get_album_photos_by_token'
       )
  loop
    execute format('revoke execute on function %s from public', f);
    execute format('grant execute on function %s to anon, authenticated, service_role', f);
  end loop;
end
$$;

notify pgrst, 'reload schema';
