-- Throttle state is not a visitor log (issue 32, item 4). The per-source counters keep
-- '{subject}|{address}' rows in private.failed_attempts; rows of favourites syncs and link
-- activity were removed only when a password or passcode was mistyped somewhere, or the same
-- address came back, so on a quiet site they were a record of who opened which client link.
--
-- Now a row that names an address lives only as long as the longest window that counts it
-- (15 minutes: the login and passcode sources; favourites and activity count 10), every other
-- row a day. The sweep runs after every write to the table and on a schedule: every minute on
-- the local stack (supabase/local/housekeeping.ts), and through pg_cron on a hosted project
-- where it is enabled (docs/deploy.md, "Forgetting client addresses"). docs/SECURITY.md, class 7.

create function private.forget_stale_attempts() returns void
language sql volatile security definer set search_path = ''
as $$
  delete from private.failed_attempts
   where attempted_at < now() - interval '15 minutes'
     and (scope like '%-source' or attempted_at < now() - interval '1 day');
$$;
comment on function private.forget_stale_attempts() is
  'Removes throttle rows past their window: those naming a source address after 15 minutes, '
  'the rest after a day. docs/SECURITY.md, class 7.';
revoke all on function private.forget_stale_attempts() from public;

create function private.forget_stale_attempts_after_write() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.forget_stale_attempts();
  return null;
end
$$;
revoke all on function private.forget_stale_attempts_after_write() from public;

create trigger forget_stale_attempts after insert on private.failed_attempts
  for each statement execute function private.forget_stale_attempts_after_write();

-- What is there now goes at once.
select private.forget_stale_attempts();

-- A hosted project with pg_cron enabled gets the schedule here; one without it gets it from the
-- statement in docs/deploy.md once pg_cron is on.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('forget-stale-attempts', '* * * * *', 'select private.forget_stale_attempts()');
  end if;
end
$$;
