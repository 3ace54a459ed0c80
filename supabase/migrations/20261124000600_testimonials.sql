-- Testimonials (issue 19, point 11): kind words from clients, written in the admin area and
-- shown on the home page ('Kind Words') while active, by sort order.
--
-- Who may do what is exactly as for service_packages (docs/SECURITY.md, "Testimonials"):
-- visitors read active rows only; an admin (an anon caller whose x-admin-* headers belong to a
-- live session, private.request_admin_id) reads every row and inserts, updates and deletes.
-- A name and a quote need a character that is not white space (a quote of line breaks only is
-- empty too). The photo is an image source under the one URL rule (private.is_safe_image_url).

create table public.testimonials (
  id uuid primary key default gen_random_uuid(),
  client_name text not null
    constraint testimonials_client_name_length check (client_name ~ '\S' and char_length(client_name) <= 100),
  quote text not null
    constraint testimonials_quote_length check (quote ~ '\S' and char_length(quote) <= 2000),
  photo_url text
    constraint testimonials_photo_url_image check (private.is_safe_image_url(photo_url)),
  is_active boolean not null default true,
  -- Rewritten by the admin's Move up / Move down (positions 0, 1, 2, …); bounded as the other
  -- screens bound a typed sort order.
  sort_order integer not null default 0
    constraint testimonials_sort_order_range check (sort_order between -1000000 and 1000000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.testimonials is 'Kind words from clients; the home page shows the active ones by sort_order.';
create index testimonials_sort_order_idx on public.testimonials (sort_order);

create trigger testimonials_touch before update on public.testimonials
  for each row execute function private.touch_updated_at();

alter table public.testimonials enable row level security;

-- Hosted Supabase grants the API roles everything on a new table in schema public: revoke it
-- all, then give back what is needed, column by column for writes.
revoke all on public.testimonials from anon, authenticated;
grant select on public.testimonials to anon, authenticated;
grant insert (id, client_name, quote, photo_url, is_active, sort_order),
      update (client_name, quote, photo_url, is_active, sort_order),
      delete
  on public.testimonials to anon, authenticated;

create policy "testimonials: visitors read active testimonials, admins read all"
  on public.testimonials for select to anon, authenticated
  using (is_active or (select private.request_admin_id()) is not null);
create policy "testimonials: admins insert"
  on public.testimonials for insert to anon, authenticated
  with check ((select private.request_admin_id()) is not null);
create policy "testimonials: admins update"
  on public.testimonials for update to anon, authenticated
  using ((select private.request_admin_id()) is not null)
  with check ((select private.request_admin_id()) is not null);
create policy "testimonials: admins delete"
  on public.testimonials for delete to anon, authenticated
  using ((select private.request_admin_id()) is not null);

notify pgrst, 'reload schema';
