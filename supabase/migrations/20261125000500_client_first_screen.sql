-- The client's first screen (issue 20, item 6): the gallery opens on the collection's cover,
-- and an expired link says so instead of sending the client home with a toast.
--
-- 1. get_album_cover_by_token: the album's cover (a rendition path, never an original) for a
--    usable link, only once its passcode is given; guesses count against the same throttles
--    as the photos (private.passcode_opens). Nothing for an unknown, inactive or expired link
--    or a wrong passcode.
-- 2. is_gallery_link_expired: whether a token names a link whose expiry has passed. It says
--    nothing else: not the album, its name or cover, nor whether an unexpired token exists.

create function public.get_album_cover_by_token(p_access_token text, p_passcode text default null, p_device text default null)
returns text
language plpgsql volatile security definer set search_path = ''
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
  return (select a.cover_photo_url from public.albums a where a.id = v_link.album_id);
end
$$;

create function public.is_gallery_link_expired(p_access_token text)
returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.gallery_links l
     where char_length(p_access_token) <= 128
       and l.access_token = p_access_token
       and l.expires_at <= now()
  )
$$;

revoke execute on function public.get_album_cover_by_token(text, text, text) from public;
revoke execute on function public.is_gallery_link_expired(text) from public;
grant execute on function public.get_album_cover_by_token(text, text, text) to anon, authenticated, service_role;
grant execute on function public.is_gallery_link_expired(text) to anon, authenticated, service_role;

notify pgrst, 'reload schema';
