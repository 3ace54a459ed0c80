-- A client album's photo list, kept by the embedded gateway for the next guest who asks
-- (issue 34, item 3: a wedding's guests open one link; each answer cost the database about
-- 20 ms of JSON for 1,000 photos). The database says which answers may be kept, and whether
-- anything they were read from has changed since; supabase/local/gateway/plugins/answer-cache.ts
-- keeps them. A hosted project has no such gateway: there the mark is an unread header.

-- One row per statement that writes what get_album_photos_by_token reads (the link, its album,
-- the album's photos). The newest id is the version of everything those answers hold: a kept
-- answer is given only while the version is the one read before it was made. A row is seen
-- once its transaction commits, so a revoked link is never answered from memory after the
-- revocation's commit. Rows are inserted, never updated, so writers never wait on each other.
create table private.answer_changes (id bigint generated always as identity primary key);
alter table private.answer_changes enable row level security;
revoke all on table private.answer_changes from public;

create function private.record_answer_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_id bigint;
begin
  insert into private.answer_changes default values returning id into v_id;
  -- Only the newest row counts; the older ones go now and then.
  if v_id % 1000 = 0 then
    delete from private.answer_changes where id < v_id;
  end if;
  return null;
end
$$;
revoke all on function private.record_answer_change() from public;

create trigger gallery_links_answer_change
  after insert or update or delete or truncate on public.gallery_links
  for each statement execute function private.record_answer_change();
create trigger albums_answer_change
  after insert or update or delete or truncate on public.albums
  for each statement execute function private.record_answer_change();
create trigger photos_answer_change
  after insert or update or delete or truncate on public.photos
  for each statement execute function private.record_answer_change();

-- The version the gateway asks for before each answer it may keep or give from memory.
create function private.answers_version() returns bigint
language sql stable security definer set search_path = ''
as $$
  select coalesce(max(id), 0) from private.answer_changes
$$;
revoke all on function private.answers_version() from public;

-- As 20261128000200, and an answer for a link without a passcode is marked as one that may be
-- kept, until the link expires ('x-answer-until': epoch milliseconds, or 'never'). A link
-- with a passcode never is: each of its calls must reach the database, which throttles and
-- counts the guesses. The mark is the gateway's; it never reaches the client.
create or replace function public.get_album_photos_by_token(
  p_access_token text,
  p_passcode text default null,
  p_device text default null,
  p_offset integer default 0,
  p_limit integer default null
) returns table (
  id uuid, album_id uuid, filename text, file_url text, thumb_url text, preview_url text,
  original_filename text, file_size bigint, width integer, height integer, mime_type text,
  created_at timestamptz, caption text
)
language plpgsql security definer set search_path = '' set work_mem = '16MB'
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
  -- PostgREST answers at most 1,000 rows (db-max-rows): a bigger page could not be read whole.
  if p_offset is null or p_offset < 0 or p_limit < 1 or p_limit > 1000 then
    raise exception 'A page starts at 0 or later and holds 1 to 1000 photos' using errcode = '22023';
  end if;
  if not private.passcode_opens(v_link, p_passcode, p_device) then
    return;
  end if;
  if v_link.passcode is null then
    perform set_config('response.headers', json_build_array(json_build_object(
      'x-answer-until',
      coalesce((floor(extract(epoch from v_link.expires_at) * 1000))::bigint::text, 'never')))::text,
      true);
  end if;
  return query
    select p.id, p.album_id,
           case when v_originals then p.filename end,
           case when v_originals then p.file_url end,
           p.thumb_url, p.preview_url,
           p.original_filename, p.file_size, p.width, p.height, p.mime_type, p.created_at, p.caption
      from public.photos p
     where p.album_id = v_link.album_id
     order by p.sort_order, p.created_at, p.id
    offset p_offset
     limit p_limit;
end
$$;
