-- What a new hosted Supabase project already has before our migrations run, recreated for
-- the local stack: the API roles, the extensions schema with pgcrypto, and the storage schema
-- that Supabase Storage owns. Applied once, as the database superuser, when the local data
-- directory is created. Never applied to a hosted project. Each fact, and the file of
-- supabase/postgres or supabase/storage that shows it: docs/deploy.md, section 3.

-- The API roles inherit, as hosted's have since 2023.
create role anon nologin inherit;
create role authenticated nologin inherit;
create role service_role nologin inherit bypassrls;
-- PostgREST logs in as authenticator and switches to anon/authenticated/service_role.
create role authenticator login noinherit;
grant anon, authenticated, service_role to authenticator;
-- The storage service logs in as supabase_storage_admin and, like Supabase Storage,
-- switches to the caller's role inside each transaction so RLS decides.
create role supabase_storage_admin login noinherit;
grant anon, authenticated, service_role to supabase_storage_admin;

create schema extensions;
create extension pgcrypto with schema extensions;
grant usage on schema extensions to anon, authenticated, service_role;

grant usage on schema public to anon, authenticated, service_role;
-- No default privileges in public: new hosted projects no longer grant the API roles what
-- postgres creates there (docs/deploy.md 3.1), so every grant the site needs is in the
-- migrations. Older projects still have those default grants; the migrations test runs the
-- migrations both ways and finds the same rights (tests/integration/migrations.test.ts).

-- Storage: the subset of Supabase Storage's schema that the API and policies rely on.
create schema storage authorization supabase_storage_admin;
grant usage on schema storage to anon, authenticated, service_role;

create table storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  public boolean not null default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index bucketid_objname on storage.objects (bucket_id, name);

alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

create function storage.foldername(name text) returns text[]
language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

create function storage.filename(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create function storage.extension(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

alter function storage.foldername(text) owner to supabase_storage_admin;
alter function storage.filename(text) owner to supabase_storage_admin;
alter function storage.extension(text) owner to supabase_storage_admin;

-- Where the local runner records applied migrations and seeds (as the Supabase CLI does).
create schema supabase_migrations;
create table supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  inserted_at timestamptz not null default now()
);
create table supabase_migrations.seed_files (
  path text primary key,
  hash text not null,
  inserted_at timestamptz not null default now()
);
