/**
 * home_reads_p95_ms: every public read of the home page, made together as the page makes them
 * (site settings, profile, sections, services, galleries with count and cover, public albums
 * with count), as an anonymous visitor, with 1,000 albums (half of them public, 10 photos
 * each) and 100 active galleries (20 photos each) in the database. p95 of 200 rounds after 10
 * warm-up rounds.
 */
import { readHomeContent } from '../../src/lib/backend/home-page';
import { readProfile } from '../../src/lib/backend/profile';
import { readSiteSettings } from '../../src/lib/backend/site-settings';
import type { Scenario } from '../support/context';
import { album1000 } from '../support/fixtures';
import { percentile, round } from '../support/metrics';

export const homeReads: Scenario = {
  name: 'home-reads',
  async run(bench) {
    const { album } = await album1000(bench);
    const albums = bench.quick ? 200 : 1000;
    const galleries = bench.quick ? 20 : 100;
    await bench.sql(
      `with new_albums as (
         insert into public.albums (name, description, is_public, created_at)
         select 'Session ' || n, 'A seeded session', n % 2 = 0, now() - make_interval(mins => n)
           from generate_series(1, $1::int) n
         returning id
       ), template as (
         -- The album's cover, which has a cover rendition (bench/support/seed.ts): no album here
         -- is one the admin app would make a cover for in the background.
         select file_url, thumb_url, preview_url, cover_url, file_size, width, height from public.photos
          where album_id = $2 order by cover_url is null, created_at limit 1
       )
       insert into public.photos (album_id, filename, file_url, thumb_url, preview_url, cover_url, original_filename, file_size, width, height, mime_type)
       -- The same files' names under the new album's folder (a photo's files live in its album's folder).
       select a.id, 'h' || k || '.jpg', replace(t.file_url, $2::uuid::text, a.id::text), replace(t.thumb_url, $2::uuid::text, a.id::text),
              replace(t.preview_url, $2::uuid::text, a.id::text), replace(t.cover_url, $2::uuid::text, a.id::text),
              'h' || k || '.jpg', t.file_size, t.width, t.height, 'image/jpeg'
         from new_albums a cross join generate_series(1, 10) k cross join template t`,
      [albums, album.id],
    );
    await bench.sql(
      `with new_galleries as (
         insert into public.public_galleries (title, description, is_active, created_at)
         select 'Collection ' || n, 'Seeded', true, now() - make_interval(mins => n) from generate_series(1, $1::int) n
         returning id
       )
       insert into public.public_gallery_photos (public_gallery_id, photo_id, sort_order)
       select g.id, p.id, p.n::int
         from new_galleries g
         cross join lateral (
           select id, row_number() over () as n from public.photos where album_id = $2 order by random() limit 20
         ) p`,
      [galleries, album.id],
    );
    await bench.sql('analyze');
    const counts = (
      await bench.sql<{ albums: string; galleries: string; photos: string }>(
        `select (select count(*) from public.albums) albums, (select count(*) from public.public_galleries) galleries, (select count(*) from public.photos) photos`,
      )
    )[0]!;

    const round_ = async () => {
      const started = performance.now();
      const [, , content] = await Promise.all([
        readSiteSettings(bench.admin),
        readProfile(bench.admin),
        readHomeContent(bench.admin),
      ]);
      return {
        ms: performance.now() - started,
        albums: content.albums.length,
        galleries: content.galleries.length,
      };
    };
    for (let i = 0; i < 10; i++) await round_();
    const times: number[] = [];
    let shown = { albums: 0, galleries: 0 };
    for (let i = 0; i < 200; i++) {
      const { ms, ...rest } = await round_();
      times.push(ms);
      shown = rest;
    }
    bench.record('home_reads_p95_ms', {
      value: round(percentile(times, 95)),
      unit: 'ms',
      target: 100,
      better: 'lower',
      note: `database: ${counts.albums} albums, ${counts.galleries} galleries, ${counts.photos} photos; the page gets ${shown.albums} public albums and ${shown.galleries} galleries; median ${round(percentile(times, 50))} ms`,
    });
  },
};
