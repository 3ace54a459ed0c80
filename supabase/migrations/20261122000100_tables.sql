-- The data model of SPEC §3, with the rules of SPEC §5 and §9 as constraints.
-- Permissions live in 20261122000500_row_level_security.sql; functions in the files between.

create extension if not exists pgcrypto with schema extensions;

-- Server-only tables and helpers. PostgREST does not expose this schema; the API roles get
-- usage only so that row-level-security policies can call the helper that reads a session.
create schema if not exists private;
comment on schema private is 'Server-only tables and helpers, never exposed through the API.';
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- A URL that may be put into href/src: http(s), mailto:, tel:, a site-relative path or an anchor.
create function private.is_safe_link(p_url text) returns boolean
language sql immutable set search_path = ''
as $$
  select p_url is null or p_url ~* '^(https?://[^\s]+|mailto:[^\s]+|tel:[+0-9() .-]+|/(?!/)[^\s]*|#[^\s]*)$'
$$;

-- ---------------------------------------------------------------------------------------
create table public.admin_credentials (
  id uuid primary key default gen_random_uuid(),
  username text not null,
  password_hash text not null,
  created_by uuid references public.admin_credentials (id) on delete set null,
  created_at timestamptz not null default now(),
  password_changed_at timestamptz,
  constraint admin_credentials_username_format
    check (username ~ '^[a-z0-9_.-]{3,32}$'),
  constraint admin_credentials_username_key unique (username)
);
comment on table public.admin_credentials is
  'Admin users. Usernames are stored lower-case; "admin" is the superuser (SPEC §6). Passwords are bcrypt hashes.';
create index admin_credentials_created_at_idx on public.admin_credentials (created_at);
create index admin_credentials_created_by_idx on public.admin_credentials (created_by);

create table private.admin_sessions (
  id uuid primary key default gen_random_uuid(),
  admin_id uuid not null references public.admin_credentials (id) on delete cascade,
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
comment on table private.admin_sessions is
  'Signed-in admin sessions. Only the SHA-256 of each token is stored; tokens expire.';
create index admin_sessions_admin_id_idx on private.admin_sessions (admin_id);
create index admin_sessions_expires_at_idx on private.admin_sessions (expires_at);

create table private.failed_attempts (
  id bigint generated always as identity primary key,
  scope text not null check (scope in ('login', 'passcode')),
  subject text not null,
  attempted_at timestamptz not null default now()
);
comment on table private.failed_attempts is
  'Recent failed logins (subject = username) and passcode attempts (subject = link id), for throttling.';
create index failed_attempts_lookup_idx on private.failed_attempts (scope, subject, attempted_at);
create index failed_attempts_attempted_at_idx on private.failed_attempts (attempted_at);

-- ---------------------------------------------------------------------------------------
create table public.photographer_profile (
  id uuid primary key default gen_random_uuid(),
  site_name text check (char_length(site_name) <= 200),
  subtitle text check (char_length(subtitle) <= 300),
  logo_url text check (private.is_safe_link(logo_url)),
  social_instagram text check (char_length(social_instagram) <= 500),
  social_facebook text check (char_length(social_facebook) <= 500),
  social_twitter text check (char_length(social_twitter) <= 500),
  social_linkedin text check (char_length(social_linkedin) <= 500),
  social_website text check (char_length(social_website) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.photographer_profile is 'The photographer''s profile: a single row.';
create unique index photographer_profile_single_row on public.photographer_profile ((true));

create table public.albums (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  description text check (char_length(description) <= 5000),
  cover_photo_url text check (private.is_safe_link(cover_photo_url)),
  is_public boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.albums is
  'Shoot collections. Public ones (is_public) appear on the home page; others only through client links.';
create index albums_created_at_idx on public.albums (created_at desc);
create index albums_public_created_at_idx on public.albums (created_at desc) where is_public;

create table public.photos (
  id uuid primary key default gen_random_uuid(),
  album_id uuid not null references public.albums (id) on delete cascade,
  filename text not null check (filename ~ '^[A-Za-z0-9._-]{1,200}$'),
  file_url text not null check (private.is_safe_link(file_url)),
  thumb_url text check (private.is_safe_link(thumb_url)),
  preview_url text check (private.is_safe_link(preview_url)),
  original_filename text not null check (char_length(original_filename) between 1 and 500),
  file_size bigint not null check (file_size >= 0),
  width integer check (width > 0),
  height integer check (height > 0),
  mime_type text not null check (mime_type ~ '^image/[a-z0-9.+-]+$'),
  created_at timestamptz not null default now(),
  constraint photos_album_filename_key unique (album_id, filename)
);
comment on table public.photos is
  'Photos of an album. filename is the storage key inside the album folder ({album_id}/{filename}); '
  'file_url is the original, thumb_url and preview_url the smaller renditions made at upload.';
comment on column public.photos.filename is 'Storage object name within the album folder.';
create index photos_album_id_created_at_idx on public.photos (album_id, created_at);
create index photos_created_at_idx on public.photos (created_at);

create table public.public_galleries (
  id uuid primary key default gen_random_uuid(),
  title text not null check (btrim(title) <> '' and char_length(title) <= 200),
  description text check (char_length(description) <= 5000),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.public_galleries is 'Curated galleries of photos picked from any collection.';
create index public_galleries_created_at_idx on public.public_galleries (created_at desc);
create index public_galleries_active_created_at_idx on public.public_galleries (created_at desc) where is_active;

create table public.public_gallery_photos (
  id uuid primary key default gen_random_uuid(),
  public_gallery_id uuid not null references public.public_galleries (id) on delete cascade,
  photo_id uuid not null references public.photos (id) on delete cascade,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  constraint public_gallery_photos_gallery_photo_key unique (public_gallery_id, photo_id)
);
comment on table public.public_gallery_photos is 'Which photos a public gallery shows, in sort_order.';
create index public_gallery_photos_gallery_sort_idx on public.public_gallery_photos (public_gallery_id, sort_order);
create index public_gallery_photos_photo_id_idx on public.public_gallery_photos (photo_id);

create table public.gallery_links (
  id uuid primary key default gen_random_uuid(),
  album_id uuid not null references public.albums (id) on delete cascade,
  access_token text not null check (access_token ~ '^[A-Za-z0-9_-]{32,128}$'),
  passcode text check (char_length(passcode) between 1 and 8),
  is_active boolean not null default true,
  allow_downloads boolean not null default true,
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint gallery_links_access_token_key unique (access_token)
);
comment on table public.gallery_links is
  'Client share links to one album. Readable only by admins; clients go through the token RPCs, '
  'which never return the passcode.';
create index gallery_links_album_id_idx on public.gallery_links (album_id);
create index gallery_links_created_at_idx on public.gallery_links (created_at desc);

create table public.page_content (
  id uuid primary key default gen_random_uuid(),
  page_name text not null default 'home' check (page_name = 'home'),
  section_name text not null
    check (section_name in ('hero', 'intro', 'about-story', 'services', 'testimonials', 'contact', 'cta')),
  title text check (char_length(title) <= 300),
  subtitle text check (char_length(subtitle) <= 500),
  content text check (char_length(content) <= 20000),
  button_text text check (char_length(button_text) <= 100),
  button_link text check (private.is_safe_link(button_link)),
  image_url text check (private.is_safe_link(image_url)),
  blur integer check (blur between 0 and 20),
  opacity integer check (opacity between 0 and 100),
  sort_order integer not null default 0,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint page_content_page_section_key unique (page_name, section_name)
);
comment on table public.page_content is
  'Home page text blocks, one per section name (hero, intro, about-story, …).';
create index page_content_page_sort_idx on public.page_content (page_name, sort_order);

create table public.service_packages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  whimsical_name text check (char_length(whimsical_name) <= 200),
  description text check (char_length(description) <= 5000),
  price_range text check (char_length(price_range) <= 100),
  features text[] not null default '{}'
    check (array_position(features, null) is null and cardinality(features) <= 50),
  icon_name text not null default 'Heart' check (icon_name in ('Heart', 'Star', 'Camera', 'Sparkles')),
  sort_order integer not null default 0,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.service_packages is 'Service packages; the home page shows the first three active ones.';
create index service_packages_sort_order_idx on public.service_packages (sort_order);

create table public.site_settings (
  id uuid primary key default gen_random_uuid(),
  setting_key text not null check (setting_key in (
    'primary_color', 'secondary_color', 'accent_color', 'background_color', 'background_style',
    'heading_font', 'body_font',
    'hero_background_image', 'hero_background_blur', 'hero_background_opacity',
    'contact_method', 'contact_value', 'contact_button_text', 'contact_button_subtitle'
  )),
  setting_value text check (char_length(setting_value) <= 2000),
  updated_at timestamptz not null default now(),
  constraint site_settings_setting_key_key unique (setting_key)
);
comment on table public.site_settings is 'Site design settings as key/value rows (SPEC §3); written through admin_update_site_settings.';

-- Keep updated_at honest on every update.
create function private.touch_updated_at() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger photographer_profile_touch before update on public.photographer_profile
  for each row execute function private.touch_updated_at();
create trigger albums_touch before update on public.albums
  for each row execute function private.touch_updated_at();
create trigger public_galleries_touch before update on public.public_galleries
  for each row execute function private.touch_updated_at();
create trigger gallery_links_touch before update on public.gallery_links
  for each row execute function private.touch_updated_at();
create trigger page_content_touch before update on public.page_content
  for each row execute function private.touch_updated_at();
create trigger service_packages_touch before update on public.service_packages
  for each row execute function private.touch_updated_at();
create trigger site_settings_touch before update on public.site_settings
  for each row execute function private.touch_updated_at();

-- An album's cover defaults to its first photo (ARCHITECTURE §5), and moves on when that
-- photo is deleted.
create function private.keep_album_cover() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.albums
       set cover_photo_url = coalesce(new.thumb_url, new.file_url)
     where id = new.album_id and cover_photo_url is null;
    return new;
  end if;
  update public.albums a
     set cover_photo_url = (
       select coalesce(p.thumb_url, p.file_url) from public.photos p
        where p.album_id = old.album_id
        order by p.created_at, p.id
        limit 1)
   where a.id = old.album_id
     and a.cover_photo_url in (old.thumb_url, old.file_url);
  return old;
end
$$;

create trigger photos_keep_album_cover after insert or delete on public.photos
  for each row execute function private.keep_album_cover();
