-- Share in one step (issue 20, item 4): the photographer's default client link settings are
-- kept, and a new or changed passcode is 4 to 8 digits.
--
-- 1. Link defaults are three site_settings rows, so every device of the photographer sees
--    them. They are the photographer's private preference: visitors read the design rows of
--    site_settings, never these (docs/SECURITY.md, "Link defaults"). Only
--    admin_save_link_defaults writes them (admin_update_site_settings still refuses any key
--    it does not know, these included).
-- 2. gallery_links.passcode: a passcode that is set or changed must be 4 to 8 digits. Links
--    made before keep theirs (up to 8 characters, the old rule) and keep working, also when
--    another field of them is edited.

alter table public.site_settings drop constraint site_settings_setting_key_check;
alter table public.site_settings add constraint site_settings_setting_key_check check (setting_key in (
  'primary_color', 'secondary_color', 'accent_color', 'background_color', 'background_style',
  'heading_font', 'body_font',
  'hero_background_image', 'hero_background_blur', 'hero_background_opacity',
  'contact_method', 'contact_value', 'contact_button_text', 'contact_button_subtitle',
  'link_require_passcode', 'link_allow_downloads', 'link_expiry_days'
));

drop policy "site_settings: everyone reads" on public.site_settings;
create policy "site_settings: everyone reads the design, admins also the link defaults"
  on public.site_settings for select to anon, authenticated
  using (
    setting_key not in ('link_require_passcode', 'link_allow_downloads', 'link_expiry_days')
    or (select private.request_admin_id()) is not null
  );

-- Saves the three defaults at once; replaying it writes the same rows again.
create function public.admin_save_link_defaults(
  p_require_passcode boolean, p_allow_downloads boolean, p_expiry_days integer,
  p_username text default null, p_token text default null
)
returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.require_admin(p_username, p_token);
  if p_require_passcode is null or p_allow_downloads is null or p_expiry_days is null then
    raise exception 'Link defaults need require passcode, allow downloads and expiry days' using errcode = '22023';
  end if;
  if p_expiry_days not between 1 and 365 then
    raise exception 'Default expiry must be between 1 and 365 days' using errcode = '22023';
  end if;
  insert into public.site_settings (setting_key, setting_value)
  values ('link_require_passcode', p_require_passcode::text),
         ('link_allow_downloads', p_allow_downloads::text),
         ('link_expiry_days', p_expiry_days::text)
  on conflict (setting_key) do update set setting_value = excluded.setting_value;
  return true;
end
$$;
revoke execute on function public.admin_save_link_defaults(boolean, boolean, integer, text, text) from public;
grant execute on function public.admin_save_link_defaults(boolean, boolean, integer, text, text)
  to anon, authenticated, service_role;

-- The passcode rule, checked where links are written (the admin's insert and update go
-- straight to the table under RLS). A trigger, not a check constraint: a constraint would
-- refuse any update of an older link whose passcode breaks the new rule, even one that only
-- deactivates it.
create function private.check_link_passcode() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.passcode is not null
     and (tg_op = 'INSERT' or new.passcode is distinct from old.passcode)
     and new.passcode !~ '^[0-9]{4,8}$' then
    -- 22023 like the RPCs' input checks: the client shows this message as it is.
    raise exception 'Passcode must be 4 to 8 digits' using errcode = '22023';
  end if;
  return new;
end
$$;
-- A trigger function needs no EXECUTE grant to fire; nobody calls it directly.
revoke execute on function private.check_link_passcode() from public;
create trigger gallery_links_passcode_rule before insert or update of passcode on public.gallery_links
  for each row execute function private.check_link_passcode();

notify pgrst, 'reload schema';
