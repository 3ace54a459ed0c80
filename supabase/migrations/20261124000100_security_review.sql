-- Security review (docs/SECURITY.md): one URL rule, photo objects confined to their album's
-- folder, throttles per source and device that an attacker cannot turn against the owner,
-- sessions with an absolute lifetime that can be listed and revoked, and input limits.

-- ---------------------------------------------------------------------------------------
-- 1. One URL rule (docs/SECURITY.md, "URLs"). The app's src/lib/safe-url.ts is the same rule
-- on screen; tests/security/url-vectors.ts holds the hostile values both are tried with.
--
-- A web address: http(s), a host of letters, digits, dots and dashes (or an IPv6 literal),
-- an optional port, then a path, query or fragment. No user info ('https://good@evil'), no
-- backslash (browsers read '\' as '/'), no whitespace or control characters.
create function private.is_web_url(p_url text) returns boolean
language sql immutable set search_path = ''
as $$
  select p_url ~ '^https?://([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?([/?#][^\s\\]*)?$'
     and p_url !~ '[\x01-\x1f\x7f]'
$$;

-- A path on this site: one '/', then anything but a second '/' or a '\' (both would make it
-- '//host', another site).
create function private.is_site_path(p_url text) returns boolean
language sql immutable set search_path = ''
as $$
  select p_url ~ '^/([^/\\\s][^\s\\]*)?$' and p_url !~ '[\x01-\x1f\x7f]'
$$;

-- An image source: a web address or a path on this site; null is allowed (no image).
create function private.is_safe_image_url(p_url text) returns boolean
language sql immutable set search_path = ''
as $$
  select p_url is null or private.is_web_url(p_url) or private.is_site_path(p_url)
$$;

-- A link target: an image source's forms, plus an in-page anchor, mailto: and tel:.
-- Replaces the first, looser rule; every existing check constraint that calls it now uses
-- this one (checked on every insert and update from here on).
create or replace function private.is_safe_link(p_url text) returns boolean
language sql immutable set search_path = ''
as $$
  select p_url is null
      or private.is_web_url(p_url)
      or private.is_site_path(p_url)
      or (p_url ~ '^#[^\s\\]*$' and p_url !~ '[\x01-\x1f\x7f]')
      or p_url ~ '^mailto:[^\s\\/:<>"]+@[^\s\\/:<>"]+(\?[^\s\\]*)?$'
      or p_url ~ '^tel:[+0-9() .-]{1,40}$'
$$;

-- Stored image URLs are image sources, not links. NOT VALID: rows written before this rule
-- stay readable (the app refuses to show a bad one); the next edit of the row must fix it.
alter table public.photographer_profile
  add constraint photographer_profile_logo_url_image check (private.is_safe_image_url(logo_url)) not valid,
  add constraint photographer_profile_social_links_web check (
    (social_instagram is null or private.is_web_url(social_instagram))
    and (social_facebook is null or private.is_web_url(social_facebook))
    and (social_twitter is null or private.is_web_url(social_twitter))
    and (social_linkedin is null or private.is_web_url(social_linkedin))
    and (social_website is null or private.is_web_url(social_website))
  ) not valid;
alter table public.albums
  add constraint albums_cover_photo_url_image check (private.is_safe_image_url(cover_photo_url)) not valid;
alter table public.page_content
  add constraint page_content_image_url_image check (private.is_safe_image_url(image_url)) not valid;

-- Design settings: the hero image is an image source; the contact value is an e-mail address,
-- phone number, handle or address (src/theme/contact-link.ts turns it into a link), so it
-- may not carry another scheme ('javascript:…'), a backslash or control characters.
create or replace function private.checked_setting(p_key text, p_value text) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  v_value text := nullif(btrim(p_value), '');
begin
  if v_value is null then
    return null;
  end if;
  case
    when p_key in ('primary_color', 'secondary_color', 'accent_color', 'background_color') then
      if v_value !~ '^#[0-9A-Fa-f]{6}$' then
        raise exception 'Colours must be hex values like #E8C4C4' using errcode = '22023';
      end if;
    when p_key = 'background_style' then
      if v_value not in ('clean', 'subtle', 'gradient', 'dreamy') then
        raise exception 'Unknown background style' using errcode = '22023';
      end if;
    when p_key = 'heading_font' then
      if v_value not in ('Playfair Display', 'Cormorant') then
        raise exception 'Unknown heading font' using errcode = '22023';
      end if;
    when p_key = 'body_font' then
      if v_value not in ('Lato', 'Open Sans', 'Source Sans Pro', 'Nunito') then
        raise exception 'Unknown body font' using errcode = '22023';
      end if;
    when p_key = 'hero_background_blur' then
      if v_value !~ '^\d{1,2}$' or v_value::integer > 20 then
        raise exception 'Hero blur must be between 0 and 20' using errcode = '22023';
      end if;
    when p_key = 'hero_background_opacity' then
      if v_value !~ '^\d{1,3}$' or v_value::integer > 100 then
        raise exception 'Hero opacity must be between 0 and 100' using errcode = '22023';
      end if;
    when p_key = 'hero_background_image' then
      if not private.is_safe_image_url(v_value) then
        raise exception 'The hero image must be an http(s) address or a path on this site' using errcode = '22023';
      end if;
    when p_key = 'contact_method' then
      if v_value not in ('email', 'phone', 'instagram', 'facebook', 'website') then
        raise exception 'Unknown contact method' using errcode = '22023';
      end if;
    when p_key = 'contact_value' then
      if v_value ~ '[\x01-\x1f\x7f\\]'
         or (v_value ~* '^[a-z][a-z0-9+.-]*:' and v_value !~* '^(https?|mailto|tel):')
         or (v_value ~* '^https?:' and not private.is_web_url(v_value)) then
        raise exception 'The contact value must be an e-mail address, phone number, handle or http(s) address'
          using errcode = '22023';
      end if;
    when p_key in ('contact_button_text', 'contact_button_subtitle') then
      null;
    else
      raise exception 'Unknown setting: %', p_key using errcode = '22023';
  end case;
  return v_value;
end
$$;

-- ---------------------------------------------------------------------------------------
-- 2. Photo objects confined to their album (docs/SECURITY.md, "Object names"). The photo
-- rows keep their URLs as paths on the backend ('/storage/v1/object/public/photos/{album}/
-- {name}'): no host at all, so no row can point at another site, and the app resolves them
-- against the backend it talks to (src/lib/backend/storage.ts, resolveStorageUrl).

-- The object name in bucket photos that a photos URL names: an absolute URL of any backend
-- or a path, with exactly '{album uuid}/{file}' after the bucket; null for anything else
-- ('..', another folder, a query, '//host', '/\host', percent-encoding).
create or replace function private.photos_object_name(p_url text) returns text
language sql immutable set search_path = ''
as $$
  select m[1]
    from regexp_match(
      p_url,
      '^(?:https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?)?/storage/v1/object/public/photos/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199})$'
    ) as m
   where private.is_photo_object_name(m[1])
$$;

-- The stored form of a photo object's URL.
create function private.photos_object_path(p_name text) returns text
language sql immutable set search_path = ''
as $$
  select '/storage/v1/object/public/photos/' || p_name
$$;

-- Rows written before this migration hold absolute URLs of whichever backend served the
-- upload; keep the object, drop the host.
update public.photos
   set file_url = coalesce(private.photos_object_path(private.photos_object_name(file_url)), file_url),
       thumb_url = coalesce(private.photos_object_path(private.photos_object_name(thumb_url)), thumb_url),
       preview_url = coalesce(private.photos_object_path(private.photos_object_name(preview_url)), preview_url)
 where file_url ~ '^https?://' or thumb_url ~ '^https?://' or preview_url ~ '^https?://';
update public.albums
   set cover_photo_url = private.photos_object_path(private.photos_object_name(cover_photo_url))
 where private.photos_object_name(cover_photo_url) is not null and cover_photo_url ~ '^https?://';

-- Any writer may still hand in absolute URLs of bucket photos: they are stored as paths.
create function private.photo_urls_as_paths() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.file_url ~ '^https?:' then
    new.file_url := coalesce(private.photos_object_path(private.photos_object_name(new.file_url)), new.file_url);
  end if;
  if new.thumb_url ~ '^https?:' then
    new.thumb_url := coalesce(private.photos_object_path(private.photos_object_name(new.thumb_url)), new.thumb_url);
  end if;
  if new.preview_url ~ '^https?:' then
    new.preview_url := coalesce(private.photos_object_path(private.photos_object_name(new.preview_url)), new.preview_url);
  end if;
  return new;
end
$$;
create trigger photos_urls_as_paths before insert or update on public.photos
  for each row execute function private.photo_urls_as_paths();

-- From now on a photo's files are its album's: every URL of the row names an object in the
-- album's folder (admin_add_photo further holds the original to '{album}/{filename}'; rows
-- written directly, like the tests' and the bench's large albums, may share their album's files).
alter table public.photos
  add constraint photos_objects_in_album_folder check (
    (file_url !~ '^https?:' and private.photos_object_name(file_url) like album_id::text || '/%')
    and (thumb_url is null or (thumb_url !~ '^https?:' and private.photos_object_name(thumb_url) like album_id::text || '/%'))
    and (preview_url is null or (preview_url !~ '^https?:' and private.photos_object_name(preview_url) like album_id::text || '/%'))
  ) not valid;

-- Records an uploaded photo. The URLs may be absolute (what storage-js's getPublicUrl gives)
-- or paths; either way they must name objects in this album's folder of bucket photos, and
-- are stored as paths.
create or replace function public.admin_add_photo(
  p_album_id uuid, p_filename text, p_original_filename text, p_file_url text,
  p_file_size bigint, p_width integer, p_height integer, p_mime_type text,
  p_id uuid default null, p_thumb_url text default null, p_preview_url text default null,
  p_username text default null, p_token text default null
) returns uuid
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_id uuid := coalesce(p_id, gen_random_uuid());
  v_folder text := p_album_id::text || '/';
  v_thumb text := private.photos_object_name(p_thumb_url);
  v_preview text := private.photos_object_name(p_preview_url);
begin
  perform private.require_admin(p_username, p_token);
  if not exists (select 1 from public.albums where id = p_album_id) then
    raise exception 'Album not found' using errcode = 'PT404';
  end if;
  if private.photos_object_name(p_file_url) is distinct from v_folder || p_filename
     or (p_thumb_url is not null and (v_thumb is null or v_thumb not like v_folder || '%'))
     or (p_preview_url is not null and (v_preview is null or v_preview not like v_folder || '%'))
  then
    raise exception 'Photo URLs must point to the album''s folder in storage' using errcode = '22023';
  end if;
  if char_length(p_original_filename) > 500 or char_length(p_mime_type) > 100 then
    raise exception 'File name or type is too long' using errcode = '22023';
  end if;
  insert into public.photos (
    id, album_id, filename, file_url, thumb_url, preview_url, original_filename,
    file_size, width, height, mime_type
  ) values (
    v_id, p_album_id, p_filename, private.photos_object_path(v_folder || p_filename),
    private.photos_object_path(v_thumb), private.photos_object_path(v_preview),
    coalesce(nullif(btrim(p_original_filename), ''), p_filename),
    p_file_size, p_width, p_height, lower(p_mime_type)
  )
  on conflict (id) do nothing;
  return v_id;
end
$$;

-- The storage objects of deleted photo rows that the caller must now remove: only names in
-- the photo's own album folder (rows from before the folder rule cannot name anything else).
create function private.photo_objects(p_album_id uuid, p_filename text, p_thumb_url text, p_preview_url text)
returns setof text
language sql immutable set search_path = ''
as $$
  select name from (
    select p_album_id::text || '/' || p_filename as name
    union all select private.photos_object_name(p_thumb_url)
    union all select private.photos_object_name(p_preview_url)
  ) objects
  where name is not null
    and name like p_album_id::text || '/%'
    and private.is_photo_object_name(name)
$$;

create or replace function public.admin_delete_photo(
  p_photo_id uuid, p_username text default null, p_token text default null
)
returns setof text
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    with gone as (
      delete from public.photos where id = p_photo_id
      returning album_id, filename, thumb_url, preview_url
    )
    select private.photo_objects(g.album_id, g.filename, g.thumb_url, g.preview_url) from gone g;
end
$$;

create or replace function public.admin_delete_album(
  p_album_id uuid, p_username text default null, p_token text default null
)
returns setof text
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  return query
    with gone as (
      delete from public.photos where album_id = p_album_id
      returning album_id, filename, thumb_url, preview_url
    )
    select private.photo_objects(g.album_id, g.filename, g.thumb_url, g.preview_url) from gone g;
  delete from public.albums where id = p_album_id;
end
$$;

-- ---------------------------------------------------------------------------------------
-- 3. Throttles that cannot be turned against the owner (docs/SECURITY.md, "Guessing").
-- Failures are counted per secret (a username, a link), per secret and source address, and
-- per secret and device. A source that fails too often is refused; a secret that fails too
-- often from everywhere is closed to new devices, but a device that has opened it before (it
-- sends the random id it keeps, p_device) still gets in. So a stranger hammering 'admin'
-- locks out the stranger, not the photographer.

alter table private.failed_attempts drop constraint failed_attempts_scope_check;
alter table private.failed_attempts add constraint failed_attempts_scope_check check (scope in (
  'login', 'login-source', 'login-device', 'password',
  'passcode', 'passcode-source', 'passcode-device'
));
alter table private.failed_attempts add constraint failed_attempts_subject_length check (char_length(subject) <= 300) not valid;

create table private.trusted_devices (
  scope text not null check (scope in ('login', 'passcode')),
  subject text not null check (char_length(subject) <= 100),
  device_hash bytea not null,
  last_success_at timestamptz not null default now(),
  primary key (scope, subject, device_hash)
);
comment on table private.trusted_devices is
  'Devices that signed in as an admin (subject = username) or opened a protected link (subject = link id): '
  'they are not shut out when a secret is under attack from elsewhere. Only the SHA-256 of the device id is kept.';
alter table private.trusted_devices enable row level security;
revoke all on private.trusted_devices from public, anon, authenticated;

-- The caller's address as the gateway in front of PostgREST and Storage saw it. The local
-- gateway overwrites x-real-ip and x-forwarded-for with the socket's address; on hosted
-- Supabase the platform's proxies set them. A forged value only moves a guesser into
-- another per-source bucket; the per-secret limit still holds.
create function private.request_source() returns text
language plpgsql stable set search_path = ''
as $$
declare
  v_headers jsonb;
begin
  v_headers := nullif(current_setting('request.headers', true), '')::jsonb;
  return left(coalesce(
    nullif(btrim(v_headers ->> 'x-real-ip'), ''),
    nullif(btrim(split_part(v_headers ->> 'x-forwarded-for', ',', 1)), ''),
    'unknown'), 64);
exception when invalid_text_representation then
  return 'unknown';
end
$$;

create function private.device_hash(p_device text) returns bytea
language sql immutable set search_path = ''
as $$
  select case when p_device ~ '^[A-Za-z0-9_-]{16,128}$' then private.hash_token(p_device) end
$$;

create function private.is_trusted_device(p_scope text, p_subject text, p_device text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from private.trusted_devices
     where scope = p_scope and subject = p_subject and device_hash = private.device_hash(p_device)
       and last_success_at > now() - interval '180 days')
$$;

-- Refuses the attempt when one of its counters is full. A trusted device is held to its own
-- counter only (its id is a secret an attacker does not have, so nobody else can fill it);
-- any other caller to the counter of its source and to the secret's counter.
create function private.check_guess_throttle(
  p_scope text, p_subject text, p_device text,
  p_source_limit integer, p_source_window interval,
  p_device_limit integer, p_device_window interval,
  p_global_limit integer, p_global_window interval
) returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if private.is_trusted_device(p_scope, p_subject, p_device) then
    perform private.check_throttle(p_scope || '-device', p_subject || '|' || encode(private.device_hash(p_device), 'hex'), p_device_limit, p_device_window);
  else
    perform private.check_throttle(p_scope || '-source', p_subject || '|' || private.request_source(), p_source_limit, p_source_window);
    perform private.check_throttle(p_scope, p_subject, p_global_limit, p_global_window);
  end if;
end
$$;

create function private.record_guess_failure(p_scope text, p_subject text, p_device text) returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  insert into private.failed_attempts (scope, subject) values
    (p_scope, p_subject),
    (p_scope || '-source', p_subject || '|' || private.request_source());
  if private.device_hash(p_device) is not null then
    insert into private.failed_attempts (scope, subject)
    values (p_scope || '-device', p_subject || '|' || encode(private.device_hash(p_device), 'hex'));
  end if;
  -- Nothing older than a day is ever counted; a flood from many sources does not pile up.
  delete from private.failed_attempts where attempted_at < now() - interval '1 day';
end
$$;

create function private.record_guess_success(p_scope text, p_subject text, p_device text) returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  delete from private.failed_attempts
   where (scope = p_scope || '-source' and subject = p_subject || '|' || private.request_source())
      or (scope = p_scope || '-device' and subject = p_subject || '|' || encode(private.device_hash(p_device), 'hex'));
  if private.device_hash(p_device) is not null then
    insert into private.trusted_devices (scope, subject, device_hash)
    values (p_scope, p_subject, private.device_hash(p_device))
    on conflict (scope, subject, device_hash) do update set last_success_at = now();
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------
-- 4. Sessions (docs/SECURITY.md, "Sessions"): idle lifetime 30 days (extended while used),
-- absolute lifetime 90 days from sign-in, listed and revoked by their admin, gone when the
-- password changes (other devices) or is reset (all).
alter table private.admin_sessions
  add column absolute_expires_at timestamptz,
  add column last_used_at timestamptz,
  add column user_agent text check (char_length(user_agent) <= 300),
  add column source text check (char_length(source) <= 64);
update private.admin_sessions
   set absolute_expires_at = created_at + interval '90 days', last_used_at = created_at;
alter table private.admin_sessions
  alter column absolute_expires_at set not null,
  alter column absolute_expires_at set default now() + interval '90 days',
  alter column last_used_at set not null,
  alter column last_used_at set default now();

-- The session a username/token pair belongs to (live: neither idle nor past its absolute end), or null.
create function private.session_id(p_username text, p_token text) returns uuid
language sql stable security definer set search_path = ''
as $$
  select s.id
    from public.admin_credentials a
    join private.admin_sessions s on s.admin_id = a.id
   where a.username = lower(p_username)
     and s.token_hash = private.hash_token(p_token)
     and s.expires_at > now()
     and s.absolute_expires_at > now()
$$;

create or replace function private.session_admin_id(p_username text, p_token text) returns uuid
language sql stable security definer set search_path = ''
as $$
  select admin_id from private.admin_sessions where id = private.session_id(p_username, p_token)
$$;

create function private.request_user_agent() returns text
language plpgsql stable set search_path = ''
as $$
begin
  return left(nullif(current_setting('request.headers', true), '')::jsonb ->> 'user-agent', 300);
exception when invalid_text_representation then
  return null;
end
$$;

-- SPEC §7 admin_login, with p_device (the random id this browser keeps, src/lib/device-id.ts).
-- Limits: 5 failures per username and source in 15 minutes; 20 per username from everywhere
-- in 15 minutes for devices that never signed in as that user; 10 per trusted device.
drop function public.admin_login(text, text);
create function public.admin_login(p_username text, p_password text, p_device text default null) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_username text := lower(btrim(coalesce(p_username, '')));
  v_admin public.admin_credentials;
  v_token text;
begin
  if v_username = '' or coalesce(p_password, '') = '' then
    return null;
  end if;
  if char_length(v_username) > 64 or octet_length(p_password) > 1024 or char_length(p_device) > 128 then
    raise exception 'Username or password is too long' using errcode = '22023';
  end if;
  perform private.check_guess_throttle('login', v_username, p_device,
    5, interval '15 minutes', 10, interval '15 minutes', 20, interval '15 minutes');

  select * into v_admin from public.admin_credentials where username = v_username;
  if v_admin.id is null then
    -- Spend the same bcrypt time as a real check, so timing does not reveal usernames.
    perform private.hash_password(p_password);
    perform private.record_guess_failure('login', v_username, p_device);
    return null;
  end if;
  if v_admin.password_hash <> extensions.crypt(p_password, v_admin.password_hash) then
    perform private.record_guess_failure('login', v_username, p_device);
    return null;
  end if;

  perform private.record_guess_success('login', v_username, p_device);
  delete from private.admin_sessions
   where admin_id = v_admin.id and (expires_at <= now() or absolute_expires_at <= now());
  v_token := private.new_token(32);
  insert into private.admin_sessions (admin_id, token_hash, expires_at, absolute_expires_at, last_used_at, user_agent, source)
  values (v_admin.id, private.hash_token(v_token), now() + interval '30 days', now() + interval '90 days', now(),
          private.request_user_agent(), private.request_source());
  return v_token;
end
$$;
comment on function public.admin_login(text, text, text) is
  'Signs an admin in: a new session token, or null for a wrong username or password. Throttled per username, source and device.';

-- SPEC §7 admin_validate_session: a live session is extended by 30 days of idleness, never
-- past its absolute end.
create or replace function public.admin_validate_session(p_username text, p_token text) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
begin
  update private.admin_sessions s
     set expires_at = least(greatest(s.expires_at, now() + interval '30 days'), s.absolute_expires_at),
         last_used_at = now()
   where s.id = private.session_id(p_username, p_token);
  return found;
end
$$;

-- SPEC §7 change_admin_password: wrong current passwords are throttled (5 in 15 minutes per
-- admin), so a stolen session cannot be used to guess the password. A wrong one answers false
-- (the spec's falsy failure) rather than raising: an error would roll the recorded failure
-- back with the rest of the call, and the guess would never count.
create or replace function public.change_admin_password(
  p_old_password text, p_new_password text, p_username text default null,
  p_token text default null
) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_admin_id uuid := private.require_admin(p_username, p_token);
  v_hash text;
begin
  perform private.check_throttle('password', v_admin_id::text, 5, interval '15 minutes');
  select password_hash into v_hash from public.admin_credentials where id = v_admin_id;
  if p_old_password is null or octet_length(p_old_password) > 1024
     or v_hash <> extensions.crypt(p_old_password, v_hash) then
    perform private.record_failure('password', v_admin_id::text);
    return false;
  end if;
  perform private.check_new_password(p_new_password);
  update public.admin_credentials
     set password_hash = private.hash_password(p_new_password), password_changed_at = now()
   where id = v_admin_id;
  delete from private.failed_attempts where scope = 'password' and subject = v_admin_id::text;
  delete from private.admin_sessions
   where admin_id = v_admin_id and token_hash <> private.hash_token(p_token);
  return true;
end
$$;

-- The signed-in admin's sessions, newest use first; the one making the call is marked.
create function public.admin_list_sessions(p_username text default null, p_token text default null)
returns table (
  id uuid, created_at timestamptz, last_used_at timestamptz, expires_at timestamptz,
  user_agent text, source text, is_current boolean
)
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_admin_id uuid := private.require_admin(p_username, p_token);
  v_current uuid := private.session_id(p_username, p_token);
begin
  return query
    select s.id, s.created_at, s.last_used_at, least(s.expires_at, s.absolute_expires_at),
           s.user_agent, s.source, s.id = v_current
      from private.admin_sessions s
     where s.admin_id = v_admin_id and s.expires_at > now() and s.absolute_expires_at > now()
     order by s.id = v_current desc, s.last_used_at desc, s.id;
end
$$;

-- Signs one of the caller's own sessions out (another admin's session id changes nothing).
create function public.admin_revoke_session(
  p_session_id uuid, p_username text default null, p_token text default null
) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_admin_id uuid := private.require_admin(p_username, p_token);
begin
  delete from private.admin_sessions where id = p_session_id and admin_id = v_admin_id;
  return found;
end
$$;

-- "Sign out everywhere else": every session of the caller but the one making the call.
create function public.admin_revoke_other_sessions(p_username text default null, p_token text default null)
returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_admin_id uuid := private.require_admin(p_username, p_token);
  v_count integer;
begin
  delete from private.admin_sessions
   where admin_id = v_admin_id and id is distinct from private.session_id(p_username, p_token);
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

-- ---------------------------------------------------------------------------------------
-- 5. Client passcodes: 5 wrong guesses per link and source in 15 minutes; 12 per link from
-- everywhere in an hour for devices that never opened it; 10 per trusted device in 15
-- minutes. A 4-digit passcode under a night (12 h) of guessing: at most 144 of 10,000 codes.
create or replace function private.usable_link(p_access_token text) returns public.gallery_links
language sql stable security definer set search_path = ''
as $$
  select l.*
    from public.gallery_links l
   where char_length(p_access_token) <= 128
     and l.access_token = p_access_token
     and l.is_active
     and (l.expires_at is null or l.expires_at > now())
$$;

drop function private.passcode_opens(public.gallery_links, text);
create function private.passcode_opens(p_link public.gallery_links, p_passcode text, p_device text)
returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if p_link.passcode is null then
    return true;
  end if;
  perform private.check_guess_throttle('passcode', p_link.id::text, p_device,
    5, interval '15 minutes', 10, interval '15 minutes', 12, interval '1 hour');
  if p_passcode is not null and p_passcode = p_link.passcode then
    perform private.record_guess_success('passcode', p_link.id::text, p_device);
    return true;
  end if;
  perform private.record_guess_failure('passcode', p_link.id::text, p_device);
  return false;
end
$$;

drop function public.validate_gallery_passcode(text, text);
create function public.validate_gallery_passcode(p_access_token text, p_passcode text, p_device text default null)
returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_link public.gallery_links := private.usable_link(p_access_token);
begin
  if v_link.id is null then
    return false;
  end if;
  if char_length(p_passcode) > 100 or char_length(p_device) > 128 then
    raise exception 'Passcode is too long' using errcode = '22023';
  end if;
  return private.passcode_opens(v_link, p_passcode, p_device);
end
$$;

drop function public.get_album_photos_by_token(text, text);
create function public.get_album_photos_by_token(p_access_token text, p_passcode text default null, p_device text default null)
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
    select p.id, p.album_id, p.filename, p.file_url, p.thumb_url, p.preview_url,
           p.original_filename, p.file_size, p.width, p.height, p.mime_type, p.created_at
      from public.photos p
     where p.album_id = v_link.album_id
     order by p.created_at, p.id;
end
$$;
-- As in 20261122000800_photos_rpc_memory.sql.
alter function public.get_album_photos_by_token(text, text, text) set work_mem = '16MB';

-- ---------------------------------------------------------------------------------------
-- Grants: the new and re-created functions, as in 20261122000500_row_level_security.sql.
revoke execute on all functions in schema private from public, anon, authenticated;
grant execute on function private.request_admin_id(), private.is_superuser(uuid),
  private.is_safe_link(text), private.is_safe_image_url(text), private.is_web_url(text),
  private.is_site_path(text), private.is_photo_object_name(text),
  private.refuse_stale_admin_session()
  to anon, authenticated;
-- PostgREST runs the pre-request check as whichever role the caller's key names, the service
-- role included (which would otherwise be refused every call).
grant execute on function private.refuse_stale_admin_session() to service_role;

do $$
declare
  f regprocedure;
begin
  for f in
    select p.oid::regprocedure
      from pg_proc p
     where p.pronamespace = 'public'::regnamespace
       and p.proname in (
         'admin_login', 'validate_gallery_passcode', 'get_album_photos_by_token',
         'admin_list_sessions', 'admin_revoke_session', 'admin_revoke_other_sessions'
       )
  loop
    execute format('revoke execute on function %s from public', f);
    execute format('grant execute on function %s to anon, authenticated, service_role', f);
  end loop;
end
$$;

notify pgrst, 'reload schema';
