-- The service role's rights, granted explicitly.
--
-- Hosted projects made before 2026 grant the API roles everything that postgres creates in
-- schema public (default privileges); new projects do not (docs/deploy.md 3.1). The earlier
-- migrations grant anon and authenticated what they need and revoke the rest, but never
-- granted service_role anything: on a new project every service-key write (npm run
-- move-originals, the dashboard's table editor) failed with "permission denied for table".
-- The service key is the owner's key (it bypasses row-level security), so it gets what the
-- old default gave it on tables, views, sequences and functions. Later migrations grant it
-- on what they create, like every other grant.
grant select, insert, update, delete, truncate, references, trigger on all tables in schema public to service_role;
grant usage, select, update on all sequences in schema public to service_role;
grant execute on all functions in schema public to service_role;

-- And nothing more for visitors: on an older project the default grants gave anon and
-- authenticated the sequence of link_events (harmless without rights on the table, but no
-- right is kept that nothing needs). tests/integration/migrations.test.ts compares both.
revoke all on all sequences in schema public from anon, authenticated;
