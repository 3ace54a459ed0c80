-- The two reads of 20261127000400 asked private.album_cover_photo_id in a join condition, where
-- the planner may call it once per album and photo pair (a query each): on a test site of a few
-- hundred albums every admin page start took seconds of the database. Now each album's cover
-- photo is asked for once, in a lateral subquery kept as it is (offset 0), then found by its id.

create or replace function public.get_album_cover_by_token(
  p_access_token text, p_passcode text default null, p_device text default null
) returns text
language plpgsql security definer set search_path = ''
as $$
declare
  v_link public.gallery_links := private.usable_link(p_access_token);
begin
  if v_link.id is null then
    return null;
  end if;
  if char_length(p_passcode) > 100 or char_length(p_device) > 128 then
    raise exception 'Passcode is too long' using errcode = '22023';
  end if;
  if not private.passcode_opens(v_link, p_passcode, p_device) then
    return null;
  end if;
  return (
    select coalesce(p.cover_url, a.cover_photo_url)
      from public.albums a
      cross join lateral (select private.album_cover_photo_id(a.id) as id offset 0) cover
      left join public.photos p on p.id = cover.id
     where a.id = v_link.album_id);
end
$$;

create or replace function public.admin_list_missing_covers(p_username text default null, p_token text default null)
returns table (photo_id uuid, album_id uuid, original_filename text, preview_url text)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    select p.id, p.album_id, p.original_filename, p.preview_url
      from public.albums a
      cross join lateral (select private.album_cover_photo_id(a.id) as id offset 0) cover
      join public.photos p on p.id = cover.id
     where p.cover_url is null and p.preview_url is not null
     order by a.created_at desc, a.id;
end
$$;
