-- Link activity (issue 21, item 5): what the photographer learns of a client link's use, and
-- nothing more (no address, no device, only the names clients typed for their favourites).
-- docs/SECURITY.md, "Link activity".
--
-- 1. public.link_events: opened (a page load that showed photos), downloaded (one photo),
--    downloaded_all (a zip), favourited (hearts given, with the name and how many). No API
--    role reads or writes it directly. At most the newest 200 events of a link are kept;
--    the totals live on the link (gallery_links.opened_count, last_opened_at,
--    download_count), written only by these functions. Deleting a link deletes its events.
-- 2. record_link_event(p_access_token, p_kind, p_passcode, p_device): a client's page says
--    what happened. Only for a usable link, with its passcode (a wrong one is answered false
--    and counted as a guess, as everywhere), only downloads the link allows, and at most 120
--    calls per link and source in 10 minutes; past that it is ignored (false), never an
--    error the page would have to handle.
-- 3. Hearts added (sync_favourites_by_token) record 'favourited' (a trigger).
-- 4. admin_list_gallery_links answers the totals, and the settings and count of
--    20261125000600 (allow_favourites, favourite_count: photos picked by anyone, download_size);
--    admin_recent_link_activity answers the latest events of every link with the album's name.

-- ---------------------------------------------------------------------------------------
-- 1. Events and totals.
create table public.link_events (
  id bigint generated always as identity primary key,
  link_id uuid not null references public.gallery_links (id) on delete cascade,
  kind text not null check (kind in ('opened', 'downloaded', 'downloaded_all', 'favourited')),
  -- For 'favourited': who (as typed) and how many hearts.
  client_name text check (char_length(client_name) <= 60),
  quantity integer not null default 1 check (quantity between 1 and 500),
  created_at timestamptz not null default now()
);
comment on table public.link_events is
  'What happened on client links (opened, downloads, favourites), for the photographer. Only '
  'through record_link_event and admin_recent_link_activity.';
create index link_events_link_id_idx on public.link_events (link_id, id desc);
create index link_events_created_at_idx on public.link_events (created_at desc);
alter table public.link_events enable row level security;
revoke all on public.link_events from public, anon, authenticated;

alter table public.gallery_links
  add column opened_count integer not null default 0,
  add column last_opened_at timestamptz,
  add column download_count integer not null default 0;

alter table private.failed_attempts drop constraint failed_attempts_scope_check;
alter table private.failed_attempts add constraint failed_attempts_scope_check check (scope in (
  'login', 'login-source', 'login-device', 'password',
  'passcode', 'passcode-source', 'passcode-device',
  'favourites-source', 'activity-source'
));

-- Keeps an event and the link's totals; the link's oldest events beyond 200 go.
create function private.add_link_event(p_link_id uuid, p_kind text, p_client_name text default null, p_quantity integer default 1)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  insert into public.link_events (link_id, kind, client_name, quantity)
  values (p_link_id, p_kind, p_client_name, p_quantity);
  update public.gallery_links l
     set opened_count = l.opened_count + case when p_kind = 'opened' then 1 else 0 end,
         last_opened_at = case when p_kind = 'opened' then now() else l.last_opened_at end,
         download_count = l.download_count + case when p_kind in ('downloaded', 'downloaded_all') then 1 else 0 end
   where l.id = p_link_id;
  delete from public.link_events e
   where e.link_id = p_link_id
     and e.id < (select e2.id from public.link_events e2 where e2.link_id = p_link_id order by e2.id desc offset 199 limit 1);
end
$$;

-- The totals are the server's: nobody writes them through the API (the column grants of
-- 20261122000500 never named them, and the update policy is the admins' only).

-- ---------------------------------------------------------------------------------------
-- 2. The client's page.
create function public.record_link_event(p_access_token text, p_kind text, p_passcode text default null, p_device text default null)
returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_link public.gallery_links := private.usable_link(p_access_token);
  v_subject text;
begin
  if v_link.id is null or p_kind is null or p_kind not in ('opened', 'downloaded', 'downloaded_all') then
    return false;
  end if;
  if char_length(p_passcode) > 100 or char_length(p_device) > 128 then
    raise exception 'Passcode is too long' using errcode = '22023';
  end if;
  -- A wrong passcode is answered, not raised: the guess passcode_opens records must stay.
  if not private.passcode_opens(v_link, p_passcode, p_device) then
    return false;
  end if;
  if p_kind <> 'opened' and not v_link.allow_downloads then
    return false;
  end if;
  v_subject := v_link.id::text || '|' || private.request_source();
  if (select count(*) from private.failed_attempts
       where scope = 'activity-source' and subject = v_subject and attempted_at > now() - interval '10 minutes') >= 120 then
    return false;
  end if;
  insert into private.failed_attempts (scope, subject) values ('activity-source', v_subject);
  perform private.add_link_event(v_link.id, p_kind);
  return true;
end
$$;
comment on function public.record_link_event(text, text, text, text) is
  'A client''s page records that it opened the link or downloaded (one photo, or all). '
  'docs/SECURITY.md, "Link activity".';

-- ---------------------------------------------------------------------------------------
-- 3. Favourites given: every statement that adds hearts records who and how many (a replay,
-- which adds nothing, records nothing).
create function private.record_favourites_given() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.add_link_event(n.link_id, 'favourited', max(n.client_name), count(*)::integer)
     from new_rows n
    group by n.link_id, n.client_key;
  return null;
end
$$;
create trigger link_favourites_given after insert on public.link_favourites
  referencing new table as new_rows
  for each statement execute function private.record_favourites_given();

-- ---------------------------------------------------------------------------------------
-- 4. The photographer's view.
drop function public.admin_list_gallery_links(text, text);
create function public.admin_list_gallery_links(p_username text default null, p_token text default null)
returns table (
  id uuid, album_id uuid, album_name text, album_description text, access_token text,
  passcode text, is_active boolean, allow_downloads boolean, expires_at timestamptz,
  created_at timestamptz, allow_favourites boolean, favourite_count integer, download_size text,
  opened_count integer, last_opened_at timestamptz, download_count integer
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    select l.id, l.album_id, a.name, a.description, l.access_token, l.passcode, l.is_active,
           l.allow_downloads, l.expires_at, l.created_at, l.allow_favourites,
           (select count(distinct f.photo_id)::integer from public.link_favourites f where f.link_id = l.id),
           l.download_size, l.opened_count, l.last_opened_at, l.download_count
      from public.gallery_links l
      join public.albums a on a.id = l.album_id
     order by l.created_at desc, l.id;
end
$$;

create function public.admin_recent_link_activity(p_limit integer default 10, p_username text default null, p_token text default null)
returns table (
  id bigint, link_id uuid, album_id uuid, album_name text, kind text, client_name text, quantity integer,
  created_at timestamptz
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    select e.id, e.link_id, a.id, a.name, e.kind, e.client_name, e.quantity, e.created_at
      from public.link_events e
      join public.gallery_links l on l.id = e.link_id
      join public.albums a on a.id = l.album_id
     order by e.created_at desc, e.id desc
     limit least(greatest(coalesce(p_limit, 10), 1), 50);
end
$$;

-- ---------------------------------------------------------------------------------------
-- Grants, as in 20261125000600_favourites_and_download_size.sql.
revoke execute on function private.add_link_event(uuid, text, text, integer) from public, anon, authenticated;
-- A trigger function needs no EXECUTE grant to fire; nobody calls it directly.
revoke execute on function private.record_favourites_given() from public, anon, authenticated;
revoke execute on function public.record_link_event(text, text, text, text) from public;
revoke execute on function public.admin_list_gallery_links(text, text) from public;
revoke execute on function public.admin_recent_link_activity(integer, text, text) from public;
grant execute on function public.record_link_event(text, text, text, text) to anon, authenticated, service_role;
grant execute on function public.admin_list_gallery_links(text, text) to anon, authenticated, service_role;
grant execute on function public.admin_recent_link_activity(integer, text, text) to anon, authenticated, service_role;

notify pgrst, 'reload schema';
