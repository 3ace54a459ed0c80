-- Client favourites (issue 21, items 1-3): a client of a link picks photos under a name they
-- type; the photographer sees each name's picks. And download sizes (item 4): a link may give
-- its clients only the 2048 px renditions. docs/SECURITY.md, "Client favourites" and class 6.
--
-- 1. gallery_links.allow_favourites (default on): the photographer's switch per link.
-- 2. public.link_favourites: one row per (link, name, photo). No API role reads or writes
--    it directly (RLS on, no policy, no grant): clients go through sync_favourites_by_token,
--    the photographer through admin_list_link_favourites. Deleting a link, its album or a
--    photo deletes the rows (foreign keys, on delete cascade).
-- 3. sync_favourites_by_token: applies a client's hearts (added and removed photo ids, each a
--    state, not a toggle, so a replay changes nothing) and answers that name's list as
--    {"favourites": [photo ids]}. Refused for an unknown, inactive or expired link (404), a
--    wrong passcode (403), favourites switched off (403), a long name or batch (400), and
--    past 600 calls per link and source in 10 minutes or 20 names on a link (429 / 403).
--    Photo ids outside the link's album are never stored and never answered.
--    A wrong passcode is answered without raising (status 403 through PostgREST's
--    response.status, the body shaped as its errors are): a raised error would roll back the
--    guess that passcode_opens records, and this RPC would be a passcode oracle with no limit.
-- 4. admin_list_link_favourites: a link's favourites in the album's order (then by name), with
--    each photo's thumbnail, original filename, original path and size (the admin's own
--    download reads it).
-- 5. get_gallery_link_by_token answers allow_favourites (and download_size). The admin's list
--    of links answers them with the favourites' count from 20261125000700_link_activity.sql,
--    which re-creates it once for both.
-- 6. gallery_links.download_size: 'original' (default, as before) or 'web'. With 'web', no
--    answer to a client names or opens an original: get_album_photos_by_token answers no
--    file_url and no filename, get_download_grant answers null, and a grant issued before the
--    switch no longer opens anything (private.request_download_album). Downloads are then the
--    public 2048 px previews.

-- ---------------------------------------------------------------------------------------
-- 1. The switches (and 6., the download size).
alter table public.gallery_links add column allow_favourites boolean not null default true;
alter table public.gallery_links add column download_size text not null default 'original'
  constraint gallery_links_download_size_check check (download_size in ('original', 'web'));
grant insert (allow_favourites, download_size), update (allow_favourites, download_size) on public.gallery_links to anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- 2. The picks.
create table public.link_favourites (
  link_id uuid not null references public.gallery_links (id) on delete cascade,
  -- The name as the client typed it (cleaned: private.clean_client_name), and the key that
  -- tells names apart ('Anna ' and 'anna' are one list).
  client_name text not null check (char_length(client_name) between 1 and 60),
  client_key text not null check (client_key = lower(client_name)),
  photo_id uuid not null references public.photos (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (link_id, client_key, photo_id)
);
comment on table public.link_favourites is
  'Photos a client of a link picked, under the name they typed. Only through '
  'sync_favourites_by_token (clients) and admin_list_link_favourites (admins).';
create index link_favourites_photo_id_idx on public.link_favourites (photo_id);

alter table public.link_favourites enable row level security;
revoke all on public.link_favourites from public, anon, authenticated;

alter table private.failed_attempts drop constraint failed_attempts_scope_check;
alter table private.failed_attempts add constraint failed_attempts_scope_check check (scope in (
  'login', 'login-source', 'login-device', 'password',
  'passcode', 'passcode-source', 'passcode-device',
  'favourites-source'
));

-- A name as shown: single spaces, no control characters, 1 to 60 characters; else 400.
create function private.clean_client_name(p_name text) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  v_name text := btrim(regexp_replace(coalesce(p_name, ''), '[[:space:][:cntrl:]]+', ' ', 'g'));
begin
  if v_name = '' then
    raise exception 'Please enter your name' using errcode = '22023';
  end if;
  if char_length(v_name) > 60 then
    raise exception 'Your name can be at most 60 characters' using errcode = '22023';
  end if;
  return v_name;
end
$$;

-- ---------------------------------------------------------------------------------------
-- 3. The client's RPC.
create function public.sync_favourites_by_token(
  p_access_token text,
  p_client_name text,
  p_add uuid[] default '{}',
  p_remove uuid[] default '{}',
  p_passcode text default null,
  p_device text default null
)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_link public.gallery_links := private.usable_link(p_access_token);
  v_name text;
  v_key text;
begin
  if v_link.id is null then
    raise exception 'This gallery link is not available' using errcode = 'PT404';
  end if;
  if char_length(p_passcode) > 100 or char_length(p_device) > 128 then
    raise exception 'Passcode is too long' using errcode = '22023';
  end if;
  if coalesce(cardinality(p_add), 0) + coalesce(cardinality(p_remove), 0) > 500 then
    raise exception 'At most 500 favourites at a time' using errcode = '22023';
  end if;
  v_name := private.clean_client_name(p_client_name);
  v_key := lower(v_name);
  if not private.passcode_opens(v_link, p_passcode, p_device) then
    perform set_config('response.status', '403', true);
    return jsonb_build_object('code', 'PT403', 'message', 'Invalid passcode', 'details', null, 'hint', null);
  end if;
  if not v_link.allow_favourites then
    raise exception 'Favourites are switched off for this gallery' using errcode = 'PT403';
  end if;
  -- Every call counts, reads included: a flood from one place is cut off for 10 minutes.
  perform private.check_throttle('favourites-source', v_link.id::text || '|' || private.request_source(), 600, interval '10 minutes');
  insert into private.failed_attempts (scope, subject)
  values ('favourites-source', v_link.id::text || '|' || private.request_source());

  if cardinality(p_add) > 0 then
    if not exists (select 1 from public.link_favourites f where f.link_id = v_link.id and f.client_key = v_key)
       and (select count(distinct f.client_key) from public.link_favourites f where f.link_id = v_link.id) >= 20 then
      raise exception 'This gallery already has favourites from 20 people' using errcode = 'PT403';
    end if;
    insert into public.link_favourites (link_id, client_name, client_key, photo_id)
    select v_link.id, v_name, v_key, p.id
      from public.photos p
     where p.album_id = v_link.album_id and p.id = any (p_add)
    on conflict do nothing;
  end if;
  if cardinality(p_remove) > 0 then
    delete from public.link_favourites f
     where f.link_id = v_link.id and f.client_key = v_key and f.photo_id = any (p_remove);
  end if;

  return jsonb_build_object('favourites', coalesce((
    select jsonb_agg(f.photo_id order by p.sort_order, p.created_at, p.id)
      from public.link_favourites f
      join public.photos p on p.id = f.photo_id
     where f.link_id = v_link.id and f.client_key = v_key), '[]'::jsonb));
end
$$;
comment on function public.sync_favourites_by_token(text, text, uuid[], uuid[], text, text) is
  'Applies a client''s added and removed favourites (states: a replay changes nothing) and answers '
  'that name''s list. docs/SECURITY.md class 7.';

-- ---------------------------------------------------------------------------------------
-- 4. The photographer's view.
create function public.admin_list_link_favourites(p_link_id uuid, p_username text default null, p_token text default null)
returns table (
  client_name text, photo_id uuid, original_filename text, thumb_url text, file_url text,
  file_size bigint, chosen_at timestamptz
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    select (select f2.client_name from public.link_favourites f2
             where f2.link_id = f.link_id and f2.client_key = f.client_key
             order by f2.created_at desc limit 1),
           p.id, p.original_filename, p.thumb_url, p.file_url, p.file_size, f.created_at
      from public.link_favourites f
      join public.photos p on p.id = f.photo_id
     where f.link_id = p_link_id
     order by p.sort_order, p.created_at, p.id, f.client_key;
end
$$;

-- ---------------------------------------------------------------------------------------
-- 5. The link, as the client sees it.
drop function public.get_gallery_link_by_token(text);
create function public.get_gallery_link_by_token(p_access_token text)
returns table (
  id uuid, album_id uuid, has_passcode boolean, is_active boolean, allow_downloads boolean,
  expires_at timestamptz, album_name text, album_description text, photo_layout text,
  allow_favourites boolean, download_size text
)
language sql stable security definer set search_path = ''
as $$
  select l.id, l.album_id, l.passcode is not null, l.is_active, l.allow_downloads, l.expires_at,
         a.name, a.description, a.photo_layout, l.allow_favourites, l.download_size
    from private.usable_link(p_access_token) l
    join public.albums a on a.id = l.album_id
$$;

-- ---------------------------------------------------------------------------------------
-- 6. Web-size links: nothing of an original reaches their clients.
create or replace function public.get_album_photos_by_token(p_access_token text, p_passcode text default null, p_device text default null)
returns table (
  id uuid, album_id uuid, filename text, file_url text, thumb_url text, preview_url text,
  original_filename text, file_size bigint, width integer, height integer, mime_type text,
  created_at timestamptz, caption text
)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_link public.gallery_links := private.usable_link(p_access_token);
  -- The original's place only when the client may download it as it is.
  v_originals boolean := v_link.allow_downloads and v_link.download_size = 'original';
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
    select p.id, p.album_id,
           case when v_originals then p.filename end,
           case when v_originals then p.file_url end,
           p.thumb_url, p.preview_url,
           p.original_filename, p.file_size, p.width, p.height, p.mime_type, p.created_at, p.caption
      from public.photos p
     where p.album_id = v_link.album_id
     order by p.sort_order, p.created_at, p.id;
end
$$;
-- As in 20261122000800_photos_rpc_memory.sql.
alter function public.get_album_photos_by_token(text, text, text) set work_mem = '16MB';

create or replace function public.get_download_grant(p_access_token text, p_passcode text default null, p_device text default null)
returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_link public.gallery_links := private.usable_link(p_access_token);
  v_expires bigint := extract(epoch from now() + private.download_grant_lifetime())::bigint;
begin
  if v_link.id is null or not v_link.allow_downloads or v_link.download_size <> 'original' then
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

-- Replaced, so its grant stays (anon and authenticated: bucket originals' policy calls it).
create or replace function private.request_download_album() returns uuid
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
     and l.is_active and l.allow_downloads and l.download_size = 'original'
     and (l.expires_at is null or l.expires_at > now());
  if v_link.id is null or v_parts[3] <> private.download_grant_mac(v_link, v_expires) then
    return null;
  end if;
  return v_link.album_id;
exception when invalid_text_representation then
  return null;
end
$$;

-- ---------------------------------------------------------------------------------------
-- Grants, as in 20261125000300_whole_photos_and_captions.sql.
revoke execute on function private.clean_client_name(text) from public, anon, authenticated;
revoke execute on function public.sync_favourites_by_token(text, text, uuid[], uuid[], text, text) from public;
revoke execute on function public.admin_list_link_favourites(uuid, text, text) from public;
revoke execute on function public.get_gallery_link_by_token(text) from public;
revoke execute on function public.get_album_photos_by_token(text, text, text) from public;
revoke execute on function public.get_download_grant(text, text, text) from public;
grant execute on function public.sync_favourites_by_token(text, text, uuid[], uuid[], text, text) to anon, authenticated, service_role;
grant execute on function public.admin_list_link_favourites(uuid, text, text) to anon, authenticated, service_role;
grant execute on function public.get_gallery_link_by_token(text) to anon, authenticated, service_role;
grant execute on function public.get_album_photos_by_token(text, text, text) to anon, authenticated, service_role;
grant execute on function public.get_download_grant(text, text, text) to anon, authenticated, service_role;

notify pgrst, 'reload schema';
