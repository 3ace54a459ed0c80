import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startFaultProxy, type Fault } from '../support/fault-proxy';
import {
  adminWorksOffline,
  describeOutbox,
  keptForOffline,
  keyboardDragListening,
  newContext,
  shootPhotos,
  signInAsAdmin,
  sql,
  storedCount,
  workerStack,
} from './browser';
import { seedAlbum, type SeededPhoto } from './public-seed';

/**
 * The outbox against a network that misbehaves: 20 uploads, 25 edits, 4 deletes (3 photos,
 * a collection with 4 photos), a bulk delete of 3 photos, a cover choice and two reorders
 * made offline, then replayed through a proxy that drops connections (before and after the
 * stack did the work), answers 503 and delays answers. Every
 * delete's first answer is lost after the commit, and the first two storage removals answer
 * 503. At the end the database and storage must hold exactly what the photographer did: no
 * file of a deleted photo left, none removed twice (a trigger logs every removal). The counts
 * are written to test-results/fault-injection.json.
 */

/**
 * One API write in twelve gets a fault, each kind in turn (tests/support/fault-proxy.ts): about
 * 24 of 290, six of each kind. One in six met each kind twice as often and proved no more, but
 * doubled the replay's waits in the outbox's back-off (78 s of a 195 s journey on a slow run).
 */
const SCHEDULE = {
  every: 12,
  faults: ['drop-before', 'drop-after', 'unavailable', 'delay'] as Fault[],
};
// Five of each kind of edit: every kind, and an entity's create then its edit, goes through the
// faults; ten of each doubled the time spent filling dialogs (about a minute) and proved no more.
const ALBUMS = 5;
const SERVICES = 5;
const TITLE_EDITS = 5;
const UPLOADS = 20;
const PHOTO_DELETES = 3;
/** A cover chosen and the kept photos reordered twice. */
const COVER_AND_ORDER = 3;
/** One selection of every photo of a collection, deleted as one change. */
const BULK_DELETED = 3;

/** Every delete's first answer is lost after the commit; the first two storage removals fail. */
const FORCED = [
  {
    method: 'POST',
    path: /\/rest\/v1\/rpc\/admin_delete_(photo|album)\b/,
    fault: 'drop-after' as const,
    times: PHOTO_DELETES + 1,
  },
  {
    method: 'DELETE',
    path: /\/storage\/v1\/object\/(photos|originals)$/,
    fault: 'unavailable' as const,
    times: 2,
  },
  // The cover's and each order's first answer is lost after the commit: each is sent again.
  {
    method: 'POST',
    path: /\/rest\/v1\/rpc\/admin_set_album_(cover|photo_order)\b/,
    fault: 'drop-after' as const,
    times: COVER_AND_ORDER,
  },
];

/** Logs every object storage removes, so a removal done twice (an object re-created and removed again) shows. */
const AUDIT = [
  'create schema if not exists fault_audit',
  'create table if not exists fault_audit.removed (bucket text not null, name text not null)',
  `create or replace function fault_audit.log_removal() returns trigger language plpgsql security definer as $$
   begin
     insert into fault_audit.removed values (old.bucket_id, old.name);
     return old;
   end $$`,
  'drop trigger if exists fault_audit_removed on storage.objects',
  'create trigger fault_audit_removed after delete on storage.objects for each row execute function fault_audit.log_removal()',
];

const objectsUnder = (albumId: string) =>
  sql<{ bucket: string; name: string }>(
    `select bucket_id as bucket, name from storage.objects where name like $1 || '/%' order by bucket_id, name`,
    [albumId],
  );

/** Where a seeded photo's four files are (its original and three renditions), as `bucket/name`. */
const filesOf = (albumId: string, photo: SeededPhoto) => [
  `originals/${albumId}/${photo.id}.jpg`,
  `photos/${albumId}/${photo.id}.cover.webp`,
  `photos/${albumId}/${photo.id}.preview.webp`,
  `photos/${albumId}/${photo.id}.thumb.webp`,
];

const exactly = (page: Page, rows: Locator, name: string) =>
  rows.filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Fills a dialog's fields and saves; offline, the dialog closes with the change queued. */
async function saveDialog(
  page: Page,
  title: string,
  fields: Record<string, string>,
  submit: string,
) {
  const dialog = page.getByRole('dialog', { name: title });
  for (const [label, value] of Object.entries(fields))
    await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: submit }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** What queueTheShoot leaves in the outbox. */
const queuedBeforeTheDeletes = UPLOADS + ALBUMS * 2 + SERVICES * 2 + TITLE_EDITS;

/** Waits until the sync status counts this many changes stored on the device. */
const pendingOffline = (page: Page, count: number) =>
  page.getByTestId('sync-status').getByText(`${count} pending (offline)`).waitFor();

/** Three photos of one collection deleted, and another collection deleted with its photos. */
async function queueTheDeletes(
  page: Page,
  keptAlbumId: string,
  deleted: SeededPhoto[],
  bulkAlbumId: string,
) {
  await page.goto(`/admin/albums/${keptAlbumId}`);
  for (const photo of deleted) {
    await page.getByRole('button', { name: `Delete ${photo.originalFilename}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Photo' }).click();
    await page
      .getByTestId('photo-tile')
      .filter({ hasText: photo.originalFilename })
      .waitFor({ state: 'detached' });
  }
  await queueCoverAndOrder(page);
  // A drop shows its order at once, before the change is stored: leaving the page sooner
  // would close IndexedDB with the last order's write still open.
  await pendingOffline(page, queuedBeforeTheDeletes + PHOTO_DELETES + COVER_AND_ORDER);
  // Select mode: every photo of 'Fault Bulk' deleted at once.
  await page.goto(`/admin/albums/${bulkAlbumId}`);
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await page
    .getByRole('toolbar', { name: 'Selected photos' })
    .getByRole('button', { name: 'Select all' })
    .click();
  await page
    .getByRole('toolbar', { name: 'Selected photos' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: `Delete ${BULK_DELETED} photos` })
    .click();
  await page.getByText('No photos yet').waitFor();
  await pendingOffline(page, queuedBeforeTheDeletes + PHOTO_DELETES + COVER_AND_ORDER + 1);
  await page.goto('/admin/albums');
  await page.getByRole('button', { name: 'Actions for Fault Doomed', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Collection' }).click();
  await page
    .getByRole('heading', { name: 'Fault Doomed', exact: true })
    .waitFor({ state: 'detached' });
}

/** The filenames of the collection page's tiles, in the order shown. */
const tileNames = (page: Page) =>
  page
    .getByTestId('photo-tile')
    .evaluateAll((tiles) =>
      tiles.map((tile) => tile.querySelector('figcaption p')?.textContent ?? ''),
    );

/** Waits until the drag-and-drop live region says this. */
const announced = (page: Page, text: string) =>
  page.waitForFunction(
    (expected) => document.querySelector('[id^="DndLiveRegion"]')?.textContent === expected,
    text,
  );

/** Moves the third of three photos to the front, by keyboard. */
async function moveToFront(page: Page, name: string) {
  await page.getByRole('button', { name: `Move ${name}` }).focus();
  await page.keyboard.press('Space');
  await announced(page, `Picked up ${name}, at position 3 of 3.`);
  await keyboardDragListening(page);
  await page.keyboard.press('ArrowLeft');
  await announced(page, `${name} moved to position 2 of 3.`);
  await page.keyboard.press('ArrowLeft');
  await announced(page, `${name} moved to position 1 of 3.`);
  await page.keyboard.press('Space');
  await page.waitForFunction(
    (first) =>
      document.querySelector('[data-testid="photo-tile"] figcaption p')?.textContent === first,
    name,
  );
}

/** On the kept collection (DEL_2, DEL_4, DEL_6 left): DEL_6 becomes the cover, then two orders; the last must win. */
async function queueCoverAndOrder(page: Page) {
  await page.getByRole('button', { name: 'Set DEL_6.jpg as cover' }).click();
  await page
    .getByTestId('photo-tile')
    .filter({ hasText: 'DEL_6.jpg' })
    .getByTestId('cover-badge')
    .waitFor();
  await moveToFront(page, 'DEL_6.jpg');
  await moveToFront(page, 'DEL_4.jpg');
  expect(await tileNames(page)).toEqual(['DEL_4.jpg', 'DEL_6.jpg', 'DEL_2.jpg']);
}

async function queueTheShoot(page: Page) {
  // The collections, the first with 20 photos; every collection then renamed.
  await page.goto('/admin/albums');
  for (let index = 1; index <= ALBUMS; index += 1) {
    await page.getByRole('button', { name: 'New Collection' }).first().click();
    await saveDialog(
      page,
      'New Collection',
      { 'Collection Name': `Fault Run ${index}` },
      'Create Collection',
    );
  }
  const cards = page.getByTestId('album-card');
  await exactly(page, cards, 'Fault Run 1').getByRole('link').click();
  await page.getByRole('button', { name: 'Add Photos' }).first().click();
  await page.getByRole('dialog').getByLabel('Choose photos').setInputFiles(shootPhotos(UPLOADS));
  await page.getByRole('dialog').getByText(`0 of ${UPLOADS} uploaded`).waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue in background' }).click();
  await page.getByRole('link', { name: 'Back to Collections' }).click();
  for (let index = 1; index <= ALBUMS; index += 1) {
    await page.getByRole('button', { name: `Actions for Fault Run ${index}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await saveDialog(
      page,
      'Edit Collection',
      { 'Collection Name': `Fault Run ${index} (edited)` },
      'Save Changes',
    );
  }

  // Service packages added, then each repriced.
  await page.getByRole('link', { name: 'Services' }).click();
  const services = page.getByTestId('service-row');
  for (let index = 1; index <= SERVICES; index += 1) {
    await page.getByRole('button', { name: 'Add Service' }).click();
    await saveDialog(
      page,
      'Add Service',
      { Name: `Fault Service ${index}`, 'Price Range': '$100' },
      'Add Service',
    );
  }
  for (let index = 1; index <= SERVICES; index += 1) {
    await exactly(page, services, `Fault Service ${index}`)
      .getByRole('button', { name: 'Edit service' })
      .click();
    await saveDialog(page, 'Edit Service', { 'Price Range': `$${index}50` }, 'Save Changes');
  }

  // The story section's title rewritten again and again: only the last may remain.
  await page.getByRole('link', { name: 'Page Content' }).click();
  const story = page.locator('[data-testid="section-row"][data-section="about-story"]');
  for (let index = 1; index <= TITLE_EDITS; index += 1) {
    await story.getByRole('button', { name: 'Edit section' }).click();
    await saveDialog(page, 'Edit Section', { Title: `Fault title ${index}` }, 'Save Changes');
  }
}

describe('replaying the outbox through a faulty network', () => {
  it('20 uploads, 25 edits, 4 deletes, a bulk delete, a cover and 2 reorders arrive exactly once through drops, 503s and delays', async () => {
    const [story] = await sql<{ id: string; title: string | null }>(
      `select id, title from public.page_content where section_name = 'about-story'`,
    );
    const kept = await seedAlbum({
      name: 'Fault Deletes',
      photos: Array.from({ length: 6 }, (_, index) => ({
        fixture: 'landscape.jpg' as const,
        originalFilename: `DEL_${index + 1}.jpg`,
      })),
    });
    const doomed = await seedAlbum({
      name: 'Fault Doomed',
      photos: ['landscape.jpg', 'portrait.jpg', 'landscape.jpg', 'portrait.jpg'],
    });
    const bulk = await seedAlbum({
      name: 'Fault Bulk',
      photos: ['landscape.jpg', 'portrait.jpg', 'rotated-exif6.jpg'],
    });
    const deletedPhotos = kept.photos.filter((_, index) => index % 2 === 0);
    const keptPhotos = kept.photos.filter((_, index) => index % 2 === 1);
    for (const statement of AUDIT) await sql(statement);
    const proxy = await startFaultProxy(workerStack().url, SCHEDULE, { forced: FORCED });
    const context = await newContext('desktop', { baseURL: proxy.url });
    const page = await context.newPage();
    // Tall enough that toasts never cover the rows being edited.
    await page.setViewportSize({ width: 1280, height: 2000 });
    try {
      await signInAsAdmin(page);
      await adminWorksOffline(page);
      // Seen once online (and kept on the device), so the lists open offline.
      await page.goto('/admin/services');
      const service = await page
        .getByTestId('service-row')
        .first()
        .getByRole('heading')
        .first()
        .innerText();
      await keptForOffline(page, service);
      await page.goto('/admin/content');
      await page.locator('[data-testid="section-row"][data-section="about-story"]').waitFor();
      await keptForOffline(page, 'about-story');
      await page.goto('/admin/albums');
      await page.getByRole('heading', { name: 'Fault Doomed', exact: true }).waitFor();
      await keptForOffline(page, 'Fault Doomed');
      await page.goto(`/admin/albums/${kept.id}`);
      await page.getByTestId('photo-tile').nth(5).waitFor();
      await keptForOffline(page, kept.photos[5]!.id);
      await page.goto(`/admin/albums/${bulk.id}`);
      await page
        .getByTestId('photo-tile')
        .nth(BULK_DELETED - 1)
        .waitFor();
      await keptForOffline(page, bulk.photos[BULK_DELETED - 1]!.id);

      await context.setOffline(true);
      await queueTheShoot(page);
      await queueTheDeletes(page, kept.id, deletedPhotos, bulk.id);
      const queued = await storedCount(page, 'outbox');
      expect(queued, await describeOutbox(page)).toBe(
        queuedBeforeTheDeletes + PHOTO_DELETES + COVER_AND_ORDER + 1 + 1,
      );
      await pendingOffline(page, queued);

      proxy.arm();
      const started = Date.now();
      await context.setOffline(false);
      await page
        .getByTestId('sync-status')
        .getByText('All changes saved')
        .waitFor({ timeout: 300_000 })
        .catch(async (error: unknown) => {
          console.log(`outbox when the wait ended:\n${await describeOutbox(page)}`);
          throw error;
        });
      const replayMs = Date.now() - started;
      proxy.disarm();

      // Exactly what was done: nothing lost, nothing doubled.
      const albums = await sql<{ id: string; name: string }>(
        `select id, name from public.albums where name like 'Fault Run %' order by created_at, name`,
      );
      expect(albums.map((album) => album.name).sort()).toEqual(
        Array.from({ length: ALBUMS }, (_, index) => `Fault Run ${index + 1} (edited)`).sort(),
      );
      const shootAlbum = albums.find((album) => album.name === 'Fault Run 1 (edited)')!;
      const photos = await sql<{ original_filename: string }>(
        'select original_filename from public.photos where album_id = $1 order by original_filename',
        [shootAlbum.id],
      );
      expect(photos.map((photo) => photo.original_filename)).toEqual(
        Array.from(
          { length: UPLOADS },
          (_, index) => `IMG_${String(index + 1).padStart(4, '0')}.jpg`,
        ),
      );
      const [{ files }] = (await sql<{ files: number }>(
        `select count(*)::int as files from storage.objects where bucket_id in ('photos', 'originals') and name like $1 || '/%'`,
        [shootAlbum.id],
      )) as [{ files: number }];
      // Each upload: its original and three renditions (thumbnail, cover, preview).
      expect(files).toBe(UPLOADS * 4);
      const services = await sql<{ name: string; price_range: string }>(
        `select name, price_range from public.service_packages where name like 'Fault Service %' order by name`,
      );
      expect(services.map(({ name, price_range }) => `${name}: ${price_range}`).sort()).toEqual(
        Array.from(
          { length: SERVICES },
          (_, index) => `Fault Service ${index + 1}: $${index + 1}50`,
        ).sort(),
      );
      expect(
        (await sql('select title from public.page_content where id = $1', [story!.id]))[0],
      ).toEqual({
        title: `Fault title ${TITLE_EDITS}`,
      });
      expect(await storedCount(page, 'outbox')).toBe(0);
      expect(await storedCount(page, 'blobs')).toBe(0);

      // The deletes: exactly the kept photos and their files are left, the deleted collection
      // is gone with every file, and each removed file was removed once.
      expect(
        (
          await sql<{ id: string }>(
            'select id from public.photos where album_id = $1 order by id',
            [kept.id],
          )
        ).map((photo) => photo.id),
      ).toEqual(keptPhotos.map((photo) => photo.id).sort());
      expect((await objectsUnder(kept.id)).map(({ bucket, name }) => `${bucket}/${name}`)).toEqual(
        keptPhotos.flatMap((photo) => filesOf(kept.id, photo)).sort(),
      );
      // The cover and the last order, whatever was sent twice.
      const keptOrder = await sql<{ original_filename: string }>(
        'select original_filename from public.photos where album_id = $1 order by sort_order, created_at, id',
        [kept.id],
      );
      expect(keptOrder.map((photo) => photo.original_filename)).toEqual([
        'DEL_4.jpg',
        'DEL_6.jpg',
        'DEL_2.jpg',
      ]);
      const [cover] = await sql<{ cover_photo_id: string; cover_photo_url: string }>(
        'select cover_photo_id, cover_photo_url from public.albums where id = $1',
        [kept.id],
      );
      const del6 = kept.photos[5]!;
      expect(cover).toEqual({
        cover_photo_id: del6.id,
        cover_photo_url: new URL(del6.thumbUrl, 'http://x').pathname,
      });
      expect(await sql('select 1 from public.albums where id = $1', [doomed.id])).toEqual([]);
      expect(await sql('select 1 from public.photos where album_id = $1', [bulk.id])).toEqual([]);
      expect(await objectsUnder(bulk.id)).toEqual([]);
      expect(await objectsUnder(doomed.id)).toEqual([]);
      const removed = await sql<{ file: string; times: number }>(
        `select bucket || '/' || name as file, count(*)::int as times from fault_audit.removed group by 1 order by 1`,
      );
      expect(removed.filter((row) => row.times > 1)).toEqual([]);
      expect(removed.map((row) => row.file)).toEqual(
        [
          ...deletedPhotos.flatMap((photo) => filesOf(kept.id, photo)),
          ...doomed.photos.flatMap((photo) => filesOf(doomed.id, photo)),
          ...bulk.photos.flatMap((photo) => filesOf(bulk.id, photo)),
        ].sort(),
      );

      // The replay met every kind of fault, several times.
      expect(
        SCHEDULE.faults.filter((fault) => proxy.counts.injected[fault] < 3),
        JSON.stringify(proxy.counts),
      ).toEqual([]);
      const report = {
        queued: {
          total: queued,
          uploads: UPLOADS,
          deletes: PHOTO_DELETES + 1,
          coverAndOrder: COVER_AND_ORDER,
          bulkDeletes: 1,
          edits: queued - UPLOADS - PHOTO_DELETES - 1 - COVER_AND_ORDER - 1,
        },
        attempts: { apiWrites: proxy.counts.writes, clean: proxy.counts.clean },
        injected: proxy.counts.injected,
        final: {
          albums: albums.length,
          photos: photos.length,
          storageFiles: files,
          services: services.length,
          storyTitle: `Fault title ${TITLE_EDITS}`,
          deletes: {
            photosDeleted: PHOTO_DELETES,
            albumsDeleted: 1,
            filesRemoved: removed.length,
            filesRemovedTwice: removed.filter((row) => row.times > 1).length,
            filesLeftOfDeleted:
              (await objectsUnder(doomed.id)).length +
              (await objectsUnder(kept.id)).length -
              keptPhotos.length * 4,
            forcedFaults: FORCED.map(({ method, path, fault, times }) => ({
              request: `${method} ${path.source}`,
              fault,
              times,
            })),
          },
        },
        replayMs,
      };
      const out = join(import.meta.dirname, '..', '..', 'test-results');
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, 'fault-injection.json'), `${JSON.stringify(report, null, 2)}\n`);
      console.log('fault injection:', JSON.stringify(report));
    } finally {
      proxy.disarm();
      await context.close();
      await proxy.stop();
      await sql(`delete from public.service_packages where name like 'Fault Service %'`);
      await sql('drop trigger if exists fault_audit_removed on storage.objects');
      await sql('drop schema if exists fault_audit cascade');
      await sql('update public.page_content set title = $2 where id = $1', [
        story!.id,
        story!.title,
      ]);
    }
  }, 420_000);
});
