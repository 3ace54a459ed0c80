-- What a client holding a share link may call (SPEC §7 "Client link calls"). A link counts
-- only while it is active and not expired (ARCHITECTURE §4 departs here from the spec's
-- "expired is display only": a client would expect an expired link to stop working).
-- The passcode is never returned; the server checks it, and throttles wrong guesses per link.

create function private.usable_link(p_access_token text) returns public.gallery_links
language sql stable security definer set search_path = ''
as $$
  select l.*
    from public.gallery_links l
   where l.access_token = p_access_token
     and l.is_active
     and (l.expires_at is null or l.expires_at > now())
$$;

-- Whether p_passcode opens the link; wrong guesses are recorded and, past the limit, refused.
create function private.passcode_opens(p_link public.gallery_links, p_passcode text) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if p_link.passcode is null then
    return true;
  end if;
  perform private.check_throttle('passcode', p_link.id::text, 10, interval '15 minutes');
  if p_passcode is not null and p_passcode = p_link.passcode then
    return true;
  end if;
  perform private.record_failure('passcode', p_link.id::text);
  return false;
end
$$;

-- SPEC §7: get_gallery_link_by_token(p_access_token). Returns has_passcode instead of the passcode.
create function public.get_gallery_link_by_token(p_access_token text)
returns table (
  id uuid, album_id uuid, has_passcode boolean, is_active boolean, allow_downloads boolean,
  expires_at timestamptz, album_name text, album_description text
)
language sql stable security definer set search_path = ''
as $$
  select l.id, l.album_id, l.passcode is not null, l.is_active, l.allow_downloads, l.expires_at,
         a.name, a.description
    from private.usable_link(p_access_token) l
    join public.albums a on a.id = l.album_id
$$;

-- SPEC §7: set_gallery_context(access_token). Records the link for the rest of this request
-- and says whether it is usable; it grants nothing by itself.
create function public.set_gallery_context(access_token text) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform set_config('app.gallery_access_token', coalesce(set_gallery_context.access_token, ''), true);
  return (private.usable_link(set_gallery_context.access_token)).id is not null;
end
$$;

-- SPEC §7: validate_gallery_passcode(p_access_token, p_passcode) → boolean.
create function public.validate_gallery_passcode(p_access_token text, p_passcode text) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_link public.gallery_links := private.usable_link(p_access_token);
begin
  if v_link.id is null then
    return false;
  end if;
  return private.passcode_opens(v_link, p_passcode);
end
$$;

-- SPEC §7: get_album_photos_by_token(p_access_token[, p_passcode]) → the album's photos,
-- or none for an unusable link or a protected link without its passcode.
create function public.get_album_photos_by_token(p_access_token text, p_passcode text default null)
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
  if v_link.id is null or not private.passcode_opens(v_link, p_passcode) then
    return;
  end if;
  return query
    select p.id, p.album_id, p.filename, p.file_url, p.thumb_url, p.preview_url,
           p.original_filename, p.file_size, p.width, p.height, p.mime_type, p.created_at
      from public.photos p
     where p.album_id = v_link.album_id
     order by p.created_at, p.id;
end
$$;
