-- Admin authentication (ARCHITECTURE §4): bcrypt password hashes, random session tokens of
-- which only the SHA-256 is stored, expiry, throttled logins, and the superuser rules of
-- SPEC §6. Every function is SECURITY DEFINER with an empty search_path.
--
-- The auth pair of the admin RPCs comes last and defaults to null (see the admin RPCs file).
-- Errors carry a PostgREST status through their SQLSTATE: PT401 → 401, PT403 → 403,
-- PT404 → 404, PT429 → 429; 22023 (invalid_parameter_value) → 400.

create function private.new_token(p_bytes integer) returns text
language sql volatile set search_path = ''
as $$
  select translate(rtrim(encode(extensions.gen_random_bytes(p_bytes), 'base64'), '='), '+/', '-_')
$$;

create function private.hash_token(p_token text) returns bytea
language sql immutable set search_path = ''
as $$
  select extensions.digest(convert_to(p_token, 'UTF8'), 'sha256')
$$;

create function private.hash_password(p_password text) returns text
language sql volatile set search_path = ''
as $$
  select extensions.crypt(p_password, extensions.gen_salt('bf', 10))
$$;

create function private.check_new_password(p_password text) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if p_password is null or char_length(p_password) < 6 then
    raise exception 'Password must be at least 6 characters' using errcode = '22023';
  end if;
  -- bcrypt reads only the first 72 bytes; a longer password would silently be truncated.
  if octet_length(p_password) > 72 then
    raise exception 'Password must be at most 72 bytes' using errcode = '22023';
  end if;
end
$$;

-- The admin a username/token pair belongs to, or null.
create function private.session_admin_id(p_username text, p_token text) returns uuid
language sql stable security definer set search_path = ''
as $$
  select a.id
    from public.admin_credentials a
    join private.admin_sessions s on s.admin_id = a.id
   where a.username = lower(p_username)
     and s.token_hash = private.hash_token(p_token)
     and s.expires_at > now()
$$;

-- Every admin RPC starts here: the signed-in admin's id, or 'Not authenticated'.
create function private.require_admin(p_username text, p_token text) returns uuid
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_admin_id uuid;
begin
  if coalesce(p_username, '') = '' or coalesce(p_token, '') = '' then
    raise exception 'Not authenticated' using errcode = 'PT401';
  end if;
  v_admin_id := private.session_admin_id(p_username, p_token);
  if v_admin_id is null then
    raise exception 'Not authenticated' using errcode = 'PT401';
  end if;
  return v_admin_id;
end
$$;

-- The admin signed in through the x-admin-username / x-admin-token request headers, or null.
-- Row-level-security policies use it for the direct table writes of SPEC §7; PostgREST and
-- Supabase Storage both expose the request headers as the setting request.headers.
create function private.request_admin_id() returns uuid
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_headers jsonb;
begin
  v_headers := nullif(current_setting('request.headers', true), '')::jsonb;
  if v_headers is null then
    return null;
  end if;
  return private.session_admin_id(v_headers ->> 'x-admin-username', v_headers ->> 'x-admin-token');
exception when invalid_text_representation then
  return null;
end
$$;

create function private.is_superuser(p_admin_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.admin_credentials where id = p_admin_id and username = 'admin')
$$;

-- Throttling: refuse when a subject has too many recent failures. The advisory lock makes
-- concurrent attempts on one subject queue up so none slips past the count.
create function private.check_throttle(p_scope text, p_subject text, p_limit integer, p_window interval)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended(p_scope || ':' || p_subject, 0));
  delete from private.failed_attempts
   where scope = p_scope and subject = p_subject and attempted_at < now() - p_window;
  if (select count(*) from private.failed_attempts
       where scope = p_scope and subject = p_subject) >= p_limit then
    raise exception 'Too many attempts. Please wait a few minutes and try again.' using errcode = 'PT429';
  end if;
end
$$;

create function private.record_failure(p_scope text, p_subject text) returns void
language sql volatile security definer set search_path = ''
as $$
  insert into private.failed_attempts (scope, subject) values (p_scope, p_subject)
$$;

-- Creates or resets an admin's password. Not reachable through the API: the local stack and
-- the hosted setup (README) call it as the database owner to create the first superuser.
create function private.set_admin_password(p_username text, p_password text) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_username text := lower(btrim(p_username));
begin
  perform private.check_new_password(p_password);
  insert into public.admin_credentials (username, password_hash)
  values (v_username, private.hash_password(p_password))
  on conflict (username) do update
    set password_hash = excluded.password_hash, password_changed_at = now();
  delete from private.admin_sessions s
   using public.admin_credentials a
   where s.admin_id = a.id and a.username = v_username;
end
$$;

-- ---------------------------------------------------------------------------------------
-- SPEC §7: admin_login(username, password) → token, or null for wrong credentials.
create function public.admin_login(p_username text, p_password text) returns text
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
  perform private.check_throttle('login', v_username, 5, interval '15 minutes');

  select * into v_admin from public.admin_credentials where username = v_username;
  if v_admin.id is null then
    -- Spend the same bcrypt time as a real check, so timing does not reveal usernames.
    perform private.hash_password(p_password);
    perform private.record_failure('login', v_username);
    return null;
  end if;
  if v_admin.password_hash <> extensions.crypt(p_password, v_admin.password_hash) then
    perform private.record_failure('login', v_username);
    return null;
  end if;

  delete from private.failed_attempts where scope = 'login' and subject = v_username;
  delete from private.admin_sessions where admin_id = v_admin.id and expires_at <= now();
  v_token := private.new_token(32);
  insert into private.admin_sessions (admin_id, token_hash, expires_at)
  values (v_admin.id, private.hash_token(v_token), now() + interval '30 days');
  return v_token;
end
$$;
comment on function public.admin_login(text, text) is
  'Signs an admin in: a new session token, or null for a wrong username or password. Throttled per username.';

-- SPEC §7: admin_validate_session(username, token) → boolean. A valid session is extended.
create function public.admin_validate_session(p_username text, p_token text) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
begin
  update private.admin_sessions s
     set expires_at = greatest(s.expires_at, now() + interval '30 days')
    from public.admin_credentials a
   where s.admin_id = a.id
     and a.username = lower(p_username)
     and s.token_hash = private.hash_token(p_token)
     and s.expires_at > now();
  return found;
end
$$;

-- Sign-out revokes the session on the server.
create function public.admin_logout(p_username text, p_token text) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
begin
  delete from private.admin_sessions s
   using public.admin_credentials a
   where s.admin_id = a.id
     and a.username = lower(p_username)
     and s.token_hash = private.hash_token(p_token);
  return true;
end
$$;

-- SPEC §7: change_admin_password(username, old password, new password) → boolean.
-- Other sessions of the admin are revoked; the one making the change stays signed in.
create function public.change_admin_password(
  p_old_password text, p_new_password text, p_username text default null,
  p_token text default null
) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_admin_id uuid := private.require_admin(p_username, p_token);
  v_hash text;
begin
  select password_hash into v_hash from public.admin_credentials where id = v_admin_id;
  if p_old_password is null or v_hash <> extensions.crypt(p_old_password, v_hash) then
    raise exception 'Current password is incorrect' using errcode = 'PT403';
  end if;
  perform private.check_new_password(p_new_password);
  update public.admin_credentials
     set password_hash = private.hash_password(p_new_password), password_changed_at = now()
   where id = v_admin_id;
  delete from private.admin_sessions
   where admin_id = v_admin_id and token_hash <> private.hash_token(p_token);
  return true;
end
$$;

-- SPEC §7: create_admin_user(new username, new password, created-by) → boolean.
-- The creator is the signed-in admin (p_username). Only the superuser may add admins (the
-- spec shows Add Admin to the superuser alone). p_id makes a replayed call a no-op.
create function public.create_admin_user(
  p_new_username text, p_new_password text, p_id uuid default null,
  p_username text default null, p_token text default null
) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_admin_id uuid := private.require_admin(p_username, p_token);
  v_new_username text := lower(btrim(coalesce(p_new_username, '')));
begin
  if not private.is_superuser(v_admin_id) then
    raise exception 'Only the admin superuser can add users' using errcode = 'PT403';
  end if;
  if p_id is not null and exists (
    select 1 from public.admin_credentials where id = p_id and username = v_new_username
  ) then
    return true;
  end if;
  perform private.check_new_password(p_new_password);
  if v_new_username !~ '^[a-z0-9_.-]{3,32}$' then
    raise exception 'Username must be 3 to 32 letters, digits, dots, dashes or underscores'
      using errcode = '22023';
  end if;
  insert into public.admin_credentials (id, username, password_hash, created_by)
  values (coalesce(p_id, gen_random_uuid()), v_new_username, private.hash_password(p_new_password), v_admin_id)
  on conflict do nothing;
  if not found then
    raise exception 'Username already exists or creation failed' using errcode = 'PT409';
  end if;
  return true;
end
$$;

-- SPEC §7: delete_admin_user(username to delete, deleted-by) → boolean.
-- The superuser cannot be deleted, nobody deletes themselves, only the superuser deletes.
-- Deleting someone already gone succeeds, so a replay is harmless.
create function public.delete_admin_user(
  p_target_username text, p_username text default null, p_token text default null
)
returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_admin_id uuid := private.require_admin(p_username, p_token);
  v_target text := lower(btrim(coalesce(p_target_username, '')));
begin
  if not private.is_superuser(v_admin_id) then
    raise exception 'Only the admin superuser can delete users' using errcode = 'PT403';
  end if;
  if v_target = 'admin' or v_target = lower(p_username) then
    raise exception 'Cannot delete this user' using errcode = 'PT403';
  end if;
  delete from public.admin_credentials where username = v_target;
  return true;
end
$$;

-- SPEC §7: admin_reset_password(p_admin_username, p_target_username, p_new_password) → falsy on failure.
-- The acting admin signs with p_admin_username and p_token; only the superuser resets, and
-- never their own or the superuser's password (that is change_admin_password).
create function public.admin_reset_password(
  p_target_username text, p_new_password text, p_admin_username text default null,
  p_token text default null
) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_admin_id uuid := private.require_admin(p_admin_username, p_token);
  v_target text := lower(btrim(coalesce(p_target_username, '')));
  v_target_id uuid;
begin
  if not private.is_superuser(v_admin_id) then
    raise exception 'Only the admin superuser can reset passwords' using errcode = 'PT403';
  end if;
  if v_target = 'admin' or v_target = lower(p_admin_username) then
    raise exception 'Cannot reset this user''s password' using errcode = 'PT403';
  end if;
  perform private.check_new_password(p_new_password);
  update public.admin_credentials
     set password_hash = private.hash_password(p_new_password), password_changed_at = now()
   where username = v_target
  returning id into v_target_id;
  if v_target_id is null then
    return false;
  end if;
  delete from private.admin_sessions where admin_id = v_target_id;
  return true;
end
$$;
