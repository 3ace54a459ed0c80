-- A request that carries admin credentials (x-admin-username / x-admin-token) whose session
-- is gone (expired, signed out, forged) is refused outright with 'Not authenticated'.
-- Without this, row-level security would quietly hide the rows, and an update or delete from
-- an admin whose session had ended would "succeed" having changed nothing. Requests without
-- admin headers (visitors, clients) are not affected.
--
-- PostgREST runs the function before every request (db-pre-request); it is configured on the
-- authenticator role as Supabase documents for hosted projects.

create function private.refuse_stale_admin_session() returns void
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_headers jsonb;
begin
  v_headers := nullif(current_setting('request.headers', true), '')::jsonb;
  if v_headers is not null
     and (v_headers ? 'x-admin-token' or v_headers ? 'x-admin-username')
     and private.request_admin_id() is null then
    raise exception 'Not authenticated' using errcode = 'PT401';
  end if;
exception when invalid_text_representation then
  return;
end
$$;

revoke execute on function private.refuse_stale_admin_session() from public;
grant execute on function private.refuse_stale_admin_session() to anon, authenticated;

alter role authenticator set pgrst.db_pre_request to 'private.refuse_stale_admin_session';
notify pgrst, 'reload config';
