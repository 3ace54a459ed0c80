-- Design defaults (SPEC §9) and a little demo content, so a fresh site looks finished.
-- No admin user or password here: the first superuser is created by the local stack
-- (printed once) or by the hosted setup in the README.

insert into public.site_settings (setting_key, setting_value) values
  ('primary_color', '#E8C4C4'),
  ('secondary_color', '#C4D4C4'),
  ('accent_color', '#D4C4B4'),
  ('background_color', '#FEFEFE'),
  ('background_style', 'clean'),
  ('heading_font', 'Playfair Display'),
  ('body_font', 'Lato'),
  ('hero_background_image', null),
  ('hero_background_blur', '0'),
  ('hero_background_opacity', '100'),
  ('contact_method', 'email'),
  ('contact_value', 'hello@example.com'),
  ('contact_button_text', 'Let''s Connect'),
  ('contact_button_subtitle', 'Ready to capture your story? I''d love to hear from you.')
on conflict (setting_key) do nothing;

insert into public.photographer_profile (site_name, subtitle)
select 'Willow & Light Photography', 'Portraits, families and quiet moments'
where not exists (select 1 from public.photographer_profile);

insert into public.page_content (page_name, section_name, title, subtitle, content, button_text, button_link, sort_order)
values
  ('home', 'hero', 'Stories told in light',
   'Natural, unposed portraits for families, couples and little ones',
   'Every session is slow, playful and yours. I look for the in-between moments you will want to remember.',
   'View Galleries', '#galleries', 0),
  ('home', 'intro', 'Hello, I''m glad you''re here',
   'A calm, unhurried photography experience',
   'From newborn cuddles to golden-hour walks, I photograph people as they are: warm, real and a little bit messy.',
   'About me', '#about-story', 1),
  ('home', 'about-story', 'My Story',
   'Why I photograph people',
   'I picked up a camera to remember the small things: hands, laughter, the light in a kitchen at dusk. Years later that is still what I chase in every session.',
   null, null, 2)
on conflict (page_name, section_name) do nothing;

insert into public.service_packages (name, whimsical_name, description, price_range, features, icon_name, sort_order)
select * from (values
  ('Family Session', 'Little Adventures',
   'An hour outdoors or at home, letting the day unfold naturally.', '$350 – $450',
   array['60 minute session', '40+ edited photos', 'Online gallery with downloads', 'Print release'],
   'Heart', 0),
  ('Couples Session', 'Golden Hour Romance',
   'A relaxed walk at sunset, just the two of you.', '$300 – $400',
   array['45 minute session', '30+ edited photos', 'Location scouting', 'Online gallery'],
   'Sparkles', 1),
  ('Newborn Session', 'First Days',
   'Gentle, unposed photographs of your newest arrival at home.', '$450 – $550',
   array['Up to 2 hours at home', '35+ edited photos', 'Sibling and parent portraits', 'Heirloom print'],
   'Star', 2)
) as demo (name, whimsical_name, description, price_range, features, icon_name, sort_order)
where not exists (select 1 from public.service_packages);
