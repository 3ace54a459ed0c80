-- The intro button's link defaulted to '/about' (SPEC §9), a page this site has never had: the
-- app's router sends it to the not-found page. The default is now the home page's story section,
-- '#about-story' (src/features/home/home-view.ts), and supabase/seed.sql writes that.
--
-- A site seeded before holds the old default in its intro row. Only that exact value, in the
-- intro, is moved to the story; any other link an admin has typed is theirs and stays as it is.
-- The app could instead read '/about' as the story, but it would then show the admin one link
-- and follow another, for good (README, decisions).
update public.page_content
set button_link = '#about-story'
where page_name = 'home'
  and section_name = 'intro'
  and button_link = '/about';
