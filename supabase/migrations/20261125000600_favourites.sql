-- Client favourites (issue 21, items 1-3): a client of a link picks photos under a name they
-- type; the photographer sees each name's picks. docs/SECURITY.md, class 7.
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
-- 5. admin_list_gallery_links answers allow_favourites and favourite_count (photos picked,
--    by anyone); get_gallery_link_by_token answers allow_favourites.

-- ---------------------------------------------------------------------------------------
-- 1. The switch.
alter table public.gallery_links add column allow_favourites boolean not null default true;
grant insert (allow_favourites), update (allow_favourites) on public.gallery_links to anon, authenticated;

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
-- 5. The links, as the admin and the client see them.
drop function public.admin_list_gallery_links(text, text);
create function public.admin_list_gallery_links(p_username text default null, p_token text default null)
returns table (
  id uuid, album_id uuid, album_name text, album_description text, access_token text,
  passcode text, is_active boolean, allow_downloads boolean, expires_at timestamptz,
  created_at timestamptz, allow_favourites boolean, favourite_count integer
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    select l.id, l.album_id, a.name, a.description, l.access_token, l.passcode, l.is_active,
           l.allow_downloads, l.expires_at, l.created_at, l.allow_favourites,
           (select count(distinct f.photo_id)::integer from public.link_favourites f where f.link_id = l.id)
      from public.gallery_links l
      join public.albums a on a.id = l.album_id
     order by l.created_at desc, l.id;
end
$$;

drop function public.get_gallery_link_by_token(text);
create function public.get_gallery_link_by_token(p_access_token text)
returns table (
  id uuid, album_id uuid, has_passcode boolean, is_active boolean, allow_downloads boolean,
  expires_at timestamptz, album_name text, album_description text, photo_layout text,
  allow_favourites boolean
)
language sql stable security definer set search_path = ''
as $$
  select l.id, l.album_id, l.passcode is not null, l.is_active, l.allow_downloads, l.expires_at,
         a.name, a.description, a.photo_layout, l.allow_favourites
    from private.usable_link(p_access_token) l
    join public.albums a on a.id = l.album_id
$$;

-- ---------------------------------------------------------------------------------------
-- Grants, as in 20261125000300_whole_photos_and_captions.sql.
revoke execute on function private.clean_client_name(text) from public, anon, authenticated;
revoke execute on function public.sync_favourites_by_token(text, text, uuid[], uuid[], text, text) from public;
revoke execute on function public.admin_list_link_favourites(uuid, text, text) from public;
revoke execute on function public.admin_list_gallery_links(text, text) from public;
revoke execute on function public.get_gallery_link_by_token(text) from public;
grant execute on function public.sync_favourites_by_token(text, text, uuid[], uuid[], text, text) to anon, authenticated, service_role;
grant execute on function public.admin_list_link_favourites(uuid, text, text) to anon, authenticated, service_role;
grant execute on function public.admin_list_gallery_links(text, text) to anon, authenticated, service_role;
grant execute on function public.get_gallery_link_by_token(text) to anon, authenticated, service_role;

notify pgrst, 'reload schema';
