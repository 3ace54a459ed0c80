-- A client album read a page at a time (issue 34, item 6). The app reads an album's photos in
-- pages (30, then 1,000 at a time: src/lib/backend/pages.ts); PostgREST pages a function's
-- result only after the function has returned all of it, so every page of a 10,000-photo
-- wedding built all 10,000 rows: its first 30 took 41 ms against 27 ms at 5,000 photos, and the
-- whole list 640 ms in 11 reads (bench big_album_*). The page is now asked of the function
-- itself (p_offset, p_limit), which reads only its rows through the album's index. Without
-- them it answers as before: every photo, in order.
drop function public.get_album_photos_by_token(text, text, text);

create function public.get_album_photos_by_token(
  p_access_token text,
  p_passcode text default null,
  p_device text default null,
  p_offset integer default 0,
  p_limit integer default null
) returns table (
  id uuid, album_id uuid, filename text, file_url text, thumb_url text, preview_url text,
  original_filename text, file_size bigint, width integer, height integer, mime_type text,
  created_at timestamp with time zone, caption text
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
revoke all on function public.get_album_photos_by_token(text, text, text, integer, integer) from public;
grant execute on function public.get_album_photos_by_token(text, text, text, integer, integer)
  to anon, authenticated, service_role;
