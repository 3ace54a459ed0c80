import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  adminWorksOffline,
  expectToast,
  fixturePath,
  keptForOffline,
  newContext,
  screenshot,
  shootPhotos,
  signInAsAdmin,
  sql,
  storedCount,
  testFolder,
  THREE_FIXTURES,
} from './browser';

const rowCount = async (text: string, params: unknown[]) =>
  (await sql<{ count: number }>(text, params))[0]!.count;

describe('a shoot with no connection', () => {
  it('creates a collection, uploads 10 photos, edits a service and a section, reloads offline, and everything arrives exactly once', async () => {
    const [service] = await sql<{ id: string; price_range: string | null }>(
      `select id, price_range from public.service_packages where name = 'Couples Session'`,
    );
    const [section] = await sql<{ id: string; title: string | null }>(
      `select id, title from public.page_content where section_name = 'about-story'`,
    );
    const context = await newContext('desktop');
    const page = await context.newPage();
    // The album page's title (the list's cards carry the name too, as smaller headings).
    const albumTitle = page.getByRole('heading', {
      level: 1,
      name: 'Harbour Sunrise',
      exact: true,
    });
    try {
      await signInAsAdmin(page);
      await adminWorksOffline(page);
      // Opened once with a connection (as before any shoot): the lists are kept for offline use.
      await page.goto('/admin/services');
      await page.getByTestId('service-row').filter({ hasText: 'Couples Session' }).waitFor();
      await keptForOffline(page, 'Couples Session');
      await page.goto('/admin/content');
      await page.locator('[data-testid="section-row"][data-section="about-story"]').waitFor();
      await keptForOffline(page, 'about-story');
      await page.goto('/admin/albums');
      await page.getByRole('heading', { name: 'Shoot Collections' }).waitFor();

      await context.setOffline(true);
      await page.getByRole('button', { name: 'New Collection' }).first().click();
      await page.getByRole('dialog').getByLabel('Collection Name').fill('Harbour Sunrise');
      await page.getByRole('dialog').getByRole('button', { name: 'Create Collection' }).click();
      await expectToast(page, 'Saved on this device');
      await page.getByRole('link', { name: /Harbour Sunrise/ }).click();
      await albumTitle.waitFor();

      await page.getByRole('button', { name: 'Add Photos' }).first().click();
      await page.getByRole('dialog').getByLabel('Choose photos').setInputFiles(shootPhotos(10));
      await page.getByRole('dialog').getByText('0 of 10 uploaded').waitFor();
      await expect
        .poll(() =>
          page
            .getByRole('dialog')
            .locator('li')
            .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-state'))),
        )
        .toEqual(Array(10).fill('offline'));
      await page.getByRole('dialog').getByText('Waiting for connection').first().waitFor();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: 'Continue in background' })
        .click();
      await page.getByTestId('upload-progress').getByText('0 of 10 uploaded').waitFor();

      await page.goto('/admin/services');
      const couples = page.getByTestId('service-row').filter({ hasText: 'Couples Session' });
      await couples.getByRole('button', { name: 'Edit service' }).click();
      const serviceDialog = page.getByRole('dialog', { name: 'Edit Service' });
      await serviceDialog.getByLabel('Price Range').fill('$480 – $620');
      await serviceDialog.getByRole('button', { name: 'Save Changes' }).click();
      await serviceDialog.waitFor({ state: 'detached' });
      await couples.getByText('$480 – $620').waitFor();

      await page.goto('/admin/content');
      const story = page.locator('[data-testid="section-row"][data-section="about-story"]');
      await story.getByRole('button', { name: 'Edit section' }).click();
      const sectionDialog = page.getByRole('dialog', { name: 'Edit Section' });
      await sectionDialog
        .getByLabel('Title', { exact: true })
        .fill('Light, water and quiet mornings');
      await sectionDialog.getByRole('button', { name: 'Save Changes' }).click();
      await sectionDialog.waitFor({ state: 'detached' });
      await story.getByText('Light, water and quiet mornings').waitFor();

      // A reload with no network: the app, the queue, the upload progress and the edits come back.
      await page.goto('/admin/albums');
      await page.getByRole('link', { name: /Harbour Sunrise/ }).click();
      // The album page has opened (its code may still be loading after the click) before the reload.
      await albumTitle.waitFor();
      await page.reload();
      await albumTitle.waitFor();
      await page.getByTestId('sync-status').getByText('13 pending (offline)').waitFor();
      await page.getByTestId('upload-progress').getByText('0 of 10 uploaded').waitFor();
      expect(await page.getByTestId('photo-tile').getByText('Pending').count()).toBe(10);
      // The collection is not on the server yet; that is no failure to report.
      expect(
        await page
          .locator('[data-sonner-toast]')
          .filter({ hasText: 'Failed to load album' })
          .count(),
      ).toBe(0);
      await screenshot(page, 'offline-shoot-after-reload-desktop');
      expect(
        await rowCount(
          `select count(*)::int as count from public.albums where name = 'Harbour Sunrise'`,
          [],
        ),
      ).toBe(0);

      await context.setOffline(false);
      await page
        .getByTestId('sync-status')
        .getByText('All changes saved')
        .waitFor({ timeout: 90_000 });
      await page.getByTestId('upload-progress').waitFor({ state: 'detached' });

      const albums = await sql<{ id: string }>(
        `select id from public.albums where name = 'Harbour Sunrise'`,
      );
      expect(albums).toHaveLength(1);
      const albumId = albums[0]!.id;
      const photos = await sql<{ original_filename: string }>(
        'select original_filename from public.photos where album_id = $1 order by original_filename',
        [albumId],
      );
      expect(photos.map((photo) => photo.original_filename)).toEqual(
        Array.from({ length: 10 }, (_, index) => `IMG_${String(index + 1).padStart(4, '0')}.jpg`),
      );
      // Each photo: its original and three renditions.
      expect(
        await rowCount(
          `select count(*)::int as count from storage.objects where bucket_id in ('photos', 'originals') and name like $1 || '/%'`,
          [albumId],
        ),
      ).toBe(40);
      expect(
        (
          await sql(`select price_range from public.service_packages where id = $1`, [service!.id])
        )[0],
      ).toEqual({
        price_range: '$480 – $620',
      });
      expect(
        (await sql(`select title from public.page_content where id = $1`, [section!.id]))[0],
      ).toEqual({
        title: 'Light, water and quiet mornings',
      });
      expect(
        await rowCount(
          `select count(*)::int as count from public.service_packages where name = 'Couples Session'`,
          [],
        ),
      ).toBe(1);
      expect(await storedCount(page, 'outbox')).toBe(0);
      expect(await storedCount(page, 'blobs')).toBe(0);
      await page.getByTestId('photo-tile').getByText('Pending').waitFor({ state: 'detached' });
      expect(await page.getByTestId('photo-tile').count()).toBe(10);
    } finally {
      await sql('update public.service_packages set price_range = $2 where id = $1', [
        service!.id,
        service!.price_range,
      ]);
      await sql('update public.page_content set title = $2 where id = $1', [
        section!.id,
        section!.title,
      ]);
      await context.close();
    }
  }, 180_000);

  it('says so before taking photos the device has no room for, and keeps nothing half-queued', async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/albums?new=1');
    await page.getByRole('dialog').getByLabel('Collection Name').fill('Small Disk');
    await page.getByRole('dialog').getByRole('button', { name: 'Create Collection' }).click();
    await expectToast(page, 'Album created successfully');
    await page.getByRole('link', { name: /Small Disk/ }).click();
    await page.getByText('No photos yet').waitFor();

    // A nearly full laptop: the browser's estimate leaves this site 10 MB. (Chromium's quota
    // override over CDP does not apply to the incognito profiles tests run in.)
    await page.evaluate(() => {
      // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with its own `this`
      const real = StorageManager.prototype.estimate;
      StorageManager.prototype.estimate = async function (this: StorageManager) {
        const estimate = await real.call(this);
        const left = (window as { freeBytesForTest?: number }).freeBytesForTest;
        return left === undefined ? estimate : { ...estimate, quota: (estimate.usage ?? 0) + left };
      };
      (window as { freeBytesForTest?: number }).freeBytesForTest = 10 * 1024 * 1024;
    });
    await page.getByRole('button', { name: 'Add Photos' }).first().click();
    await page.getByRole('dialog').getByLabel('Choose photos').setInputFiles(shootPhotos(3));
    const refusal = page.getByRole('dialog').getByRole('alert');
    await refusal.getByText('Not enough space').waitFor();
    await refusal
      .getByText(
        /^These 3 photos need about 23\.\d MB on this device until they are uploaded, and only 10\.0 MB is free for this site\./,
      )
      .waitFor();
    expect(await storedCount(page, 'outbox')).toBe(0);
    expect(await storedCount(page, 'blobs')).toBe(0);
    await screenshot(page, 'upload-storage-short-desktop', { fullPage: false });

    // With room again, the same photos go in.
    await page.evaluate(() => delete (window as { freeBytesForTest?: number }).freeBytesForTest);
    await page.getByRole('dialog').getByLabel('Choose photos').setInputFiles(shootPhotos(3));
    await page.getByRole('dialog').getByText('3 of 3 uploaded').waitFor({ timeout: 30_000 });
    expect(await refusal.count()).toBe(0);
    await context.close();
  });
});

/**
 * A change stored by the previous version of the app, before photos were checked when picked:
 * an upload whose "photo" holds text. Written straight into IndexedDB, first in the queue.
 */
async function queueUnreadablePhotoFromBefore(page: Page, albumId: string): Promise<string> {
  const photoId = crypto.randomUUID();
  await page.evaluate(
    ({ photoId, albumId }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('photographer-admin');
        open.onerror = () => reject(open.error ?? new Error('IndexedDB did not open'));
        open.onsuccess = () => {
          const transaction = open.result.transaction(['outbox', 'blobs'], 'readwrite');
          transaction.objectStore('blobs').put({
            key: `photo:${photoId}:original`,
            blob: new Blob(['holiday notes, not a photo'], { type: 'image/jpeg' }),
            createdAt: Date.now(),
          });
          transaction.objectStore('outbox').add({
            id: photoId,
            kind: 'photo.upload',
            entity: `photo:${photoId}`,
            dependsOn: [`album:${albumId}`],
            payload: {
              photoId,
              albumId,
              filename: `${photoId}.jpg`,
              originalFilename: 'IMG_0666.jpg',
              mimeType: 'image/jpeg',
              fileSize: 26,
            },
            label: 'Upload IMG_0666.jpg',
            status: 'pending',
            attempts: 0,
            nextAttemptAt: 0,
            createdAt: Date.now(),
          });
          transaction.oncomplete = () => {
            open.result.close();
            resolve();
          };
          transaction.onerror = () =>
            reject(transaction.error ?? new Error('The transaction failed'));
        };
      }),
    { photoId, albumId },
  );
  return photoId;
}

describe('photos that can never be sent', () => {
  it('refuses unreadable photos when picked; one already queued stops only itself, and the rest of the shoot arrives', async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 1600 });
    try {
      await signInAsAdmin(page);
      await adminWorksOffline(page);
      await page.goto('/admin/albums?new=1');
      await page.getByRole('dialog').getByLabel('Collection Name').fill('Card Reader Trouble');
      await page.getByRole('dialog').getByRole('button', { name: 'Create Collection' }).click();
      await expectToast(page, 'Album created successfully');
      const [{ id: albumId }] = (await sql<{ id: string }>(
        `select id from public.albums where name = 'Card Reader Trouble'`,
      )) as [{ id: string }];
      await page.goto('/admin/services');
      await page.getByTestId('service-row').first().waitFor();
      await page.goto(`/admin/albums/${albumId}`);
      await page.getByText('No photos yet').waitFor();

      // The device was upgraded with a corrupt photo still queued; the app starts again offline.
      await context.setOffline(true);
      await queueUnreadablePhotoFromBefore(page, albumId);
      await page.reload();
      await page.getByTestId('sync-status').getByText('1 pending (offline)').waitFor();

      // At the shoot: three good photos, a .jpg that holds text, a JPEG cut off half-way.
      const dir = testFolder('unreadable-');
      const notes = join(dir, 'notes.jpg');
      writeFileSync(notes, 'Ceremony at 3, speeches at 5.');
      const cut = join(dir, 'IMG_0413.jpg');
      const whole = readFileSync(fixturePath('landscape.jpg'));
      writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
      await page.getByRole('button', { name: 'Add Photos' }).first().click();
      await page
        .getByRole('dialog')
        .getByLabel('Choose photos')
        .setInputFiles([...shootPhotos(3), notes, cut]);
      await expectToast(page, '“notes.jpg” is not a JPEG file this browser can read.');
      await expectToast(
        page,
        '“IMG_0413.jpg” is incomplete, perhaps cut off while copying from the card.',
      );
      // The batch also lists the upload already waiting for this collection.
      await page.getByRole('dialog').getByText('0 of 4 uploaded').waitFor();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: 'Continue in background' })
        .click();

      // Six edits: two collections created and renamed, a service added and repriced.
      for (const name of ['Ceremony', 'Reception']) {
        await page.goto('/admin/albums?new=1');
        await page.getByRole('dialog').getByLabel('Collection Name').fill(`Trouble ${name}`);
        await page.getByRole('dialog').getByRole('button', { name: 'Create Collection' }).click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        await page
          .getByRole('button', { name: `Actions for Trouble ${name}`, exact: true })
          .click();
        await page.getByRole('menuitem', { name: 'Edit' }).click();
        await page
          .getByRole('dialog')
          .getByLabel('Collection Name')
          .fill(`Trouble ${name} (edited)`);
        await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
      await page.goto('/admin/services');
      await page.getByRole('button', { name: 'Add Service' }).click();
      await page.getByRole('dialog').getByLabel('Name', { exact: true }).fill('Trouble Package');
      await page.getByRole('dialog').getByRole('button', { name: 'Add Service' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      const row = page.getByTestId('service-row').filter({ hasText: 'Trouble Package' });
      await row.getByRole('button', { name: 'Edit service' }).click();
      await page.getByRole('dialog').getByLabel('Price Range').fill('$300');
      await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(await storedCount(page, 'outbox')).toBe(10);
      await page.getByTestId('sync-status').getByText('10 pending (offline)').waitFor();

      await context.setOffline(false);
      const status = page.getByTestId('sync-status');
      await status.getByText('1 failed — retry').waitFor({ timeout: 60_000 });
      // The refused one fails first (it is first in the queue); everything behind it still goes.
      await expect.poll(() => storedCount(page, 'outbox'), { timeout: 60_000 }).toBe(1);
      // The nine others are on the server.
      expect(
        await rowCount(`select count(*)::int as count from public.photos where album_id = $1`, [
          albumId,
        ]),
      ).toBe(3);
      expect(
        (
          await sql<{ name: string }>(
            `select name from public.albums where name like 'Trouble %' order by name`,
          )
        ).map((album) => album.name),
      ).toEqual(['Trouble Ceremony (edited)', 'Trouble Reception (edited)']);
      expect(
        await sql(`select price_range from public.service_packages where name = 'Trouble Package'`),
      ).toEqual([{ price_range: '$300' }]);

      // The bad one says what it is and what to do, and can be discarded with its bytes.
      await status.click();
      const item = page.getByRole('listitem').filter({ hasText: 'Upload IMG_0666.jpg' });
      await item
        .getByText(
          'IMG_0666.jpg could not be read as a photo. Discard it, then add the file again from the card.',
        )
        .waitFor();
      await item.getByRole('button', { name: 'Retry' }).waitFor();
      await screenshot(page, 'sync-list-unreadable-photo-desktop', { fullPage: false });
      await item.getByRole('button', { name: 'Discard' }).click();
      await status.getByText('All changes saved').waitFor();
      expect(await storedCount(page, 'outbox')).toBe(0);
      expect(await storedCount(page, 'blobs')).toBe(0);
    } finally {
      await sql(`delete from public.service_packages where name = 'Trouble Package'`);
      await context.close();
    }
  }, 180_000);
});

/** Four real JPEGs with distinct names (two are copies of the same picture). */
function fourPhotos(): string[] {
  const dir = testFolder('offline-photos-');
  const copy = join(dir, 'landscape-copy.jpg');
  copyFileSync(fixturePath('landscape.jpg'), copy);
  return [...THREE_FIXTURES, copy];
}

describe('uploading while the network comes and goes', () => {
  it('loses the connection halfway, survives a reload offline, and every photo arrives exactly once', async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await signInAsAdmin(page);
    // The service worker must be active so the app opens offline after the reload.
    await adminWorksOffline(page);

    await page.goto('/admin/albums?new=1');
    await page.getByRole('dialog').getByLabel('Collection Name').fill('Beach Shoot');
    await page.getByRole('dialog').getByRole('button', { name: 'Create Collection' }).click();
    await expectToast(page, 'Album created successfully');
    const [{ id: albumId }] = (await sql<{ id: string }>(
      `select id from public.albums where name = 'Beach Shoot'`,
    )) as [{ id: string }];
    await page.goto(`/admin/albums/${albumId}`);
    await page.getByText('No photos yet').waitFor();

    // The network drops while the second photo is being recorded: its files reached storage,
    // but the call that records it never arrives.
    let recordCalls = 0;
    await page.route('**/rest/v1/rpc/admin_add_photo', async (route) => {
      recordCalls += 1;
      if (recordCalls === 2) {
        await context.setOffline(true);
        await route.abort('internetdisconnected');
      } else {
        await route.continue();
      }
    });

    await page.getByRole('button', { name: 'Add Photos' }).first().click();
    await page.getByRole('dialog').getByLabel('Choose photos').setInputFiles(fourPhotos());
    await expectToast(page, 'Saved on this device');
    await page.getByTestId('sync-status').getByText('3 pending (offline)').waitFor();
    expect(
      await sql('select original_filename from public.photos where album_id = $1', [albumId]),
    ).toHaveLength(1);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Continue in background|Done/ })
      .click();
    await screenshot(page, 'offline-pending-desktop');

    // A reload while offline: the app opens from the service worker, the queue and the
    // local thumbnails come back from IndexedDB.
    await page.unroute('**/rest/v1/rpc/admin_add_photo');
    await page.reload();
    await page.getByRole('heading', { name: 'Beach Shoot', exact: true }).waitFor();
    await page.getByTestId('sync-status').getByText('3 pending (offline)').waitFor();
    await page.getByTestId('album-photo-count').getByText('4 photos').waitFor();
    expect(await page.getByTestId('photo-tile').count()).toBe(4);
    expect(await page.getByTestId('photo-tile').getByText('Pending').count()).toBe(3);
    await screenshot(page, 'offline-after-reload-desktop');

    // Back online: the queue sends itself, and nothing is duplicated.
    await context.setOffline(false);
    await page
      .getByTestId('sync-status')
      .getByText('All changes saved')
      .waitFor({ timeout: 30_000 });
    const photos = await sql<{ original_filename: string }>(
      'select original_filename from public.photos where album_id = $1 order by original_filename',
      [albumId],
    );
    expect(photos.map((photo) => photo.original_filename)).toEqual([
      'landscape-copy.jpg',
      'landscape.jpg',
      'portrait.jpg',
      'rotated-exif6.jpg',
    ]);
    const [objects] = await sql<{ count: number }>(
      `select count(*)::int as count from storage.objects where bucket_id in ('photos', 'originals') and name like $1 || '/%'`,
      [albumId],
    );
    // Each photo: its original and three renditions.
    expect(objects!.count).toBe(16);
    // The browser let go of the bytes it kept for the uploads.
    expect(await storedCount(page, 'blobs')).toBe(0);
    await page.getByTestId('photo-tile').getByText('Pending').waitFor({ state: 'detached' });
    expect(await page.getByTestId('photo-tile').count()).toBe(4);
    await context.close();
  });
});

describe('Background Sync', () => {
  it("the browser's sync event makes the open admin page send what waits, with its timers frozen", async () => {
    // The headless shell has no Background Sync: this one runs in the whole browser.
    const context = await newContext('desktop', { fullBrowser: true });
    await context.clock.install();
    const page = await context.newPage();
    await signInAsAdmin(page);
    await adminWorksOffline(page);
    await page.goto('/admin/albums');
    await page.getByRole('heading', { name: 'Shoot Collections' }).waitFor();
    // From here no timer of the page runs: no back-off retry can send the change, only a wake-up.
    // Pausing jumps the clock and fires every timer due on the way: a jump past the 30 s request
    // timeout (src/lib/backend/client.ts) aborted the list read still under way, whose retry
    // then never ran, and the refetch after the send waited on it for ever. A second jumps none.
    await page.clock.pauseAt(new Date(Date.now() + 1_000));

    let attempts = 0;
    await page.route('**/rest/v1/rpc/admin_create_album', async (route) => {
      attempts += 1;
      await route.abort('internetdisconnected');
    });
    await page.getByRole('button', { name: 'New Collection' }).first().click();
    await page.getByRole('dialog').getByLabel('Collection Name').fill('Woken By Sync');
    await page.getByRole('dialog').getByRole('button', { name: 'Create Collection' }).click();
    await expect.poll(() => attempts).toBe(1);
    await page.getByTestId('sync-status').getByText('1 pending').waitFor();
    // The page asked the browser for a sync when the change started waiting.
    expect(
      await page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
          sync: { getTags(): Promise<string[]> };
        };
        return registration.sync.getTags();
      }),
    ).toContain('photographer-outbox');

    await page.unroute('**/rest/v1/rpc/admin_create_album');
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const active = registrations.find((registration) => !registration.isDeleted);
        if (active) resolve(active.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: new URL(page.url()).origin,
      registrationId: await registrationId,
      tag: 'photographer-outbox',
      lastChance: false,
    });
    // The worker wakes the page, which sends and reads the list again: on busy cores, seconds.
    await page
      .getByTestId('sync-status')
      .getByText('All changes saved')
      .waitFor({ timeout: 60_000 });
    expect(await sql(`select 1 from public.albums where name = 'Woken By Sync'`)).toHaveLength(1);
    await context.close();
  });
});

describe('signing out with changes not yet sent', () => {
  it('warns first; the queued change stays on the device and arrives after the next sign-in', async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await signInAsAdmin(page);
    await adminWorksOffline(page);
    await page.goto('/admin/albums');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'New Collection' }).first().click();
    await page.getByRole('dialog').getByLabel('Collection Name').fill('Queued Before Sign Out');
    await page.getByRole('dialog').getByRole('button', { name: 'Create Collection' }).click();
    await page.getByTestId('sync-status').getByText('1 pending (offline)').waitFor();

    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    const warning = page.getByRole('alertdialog', { name: 'Sign out with unsent changes?' });
    await warning.getByText('1 change has not reached the server yet').waitFor();
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('admin-username').waitFor();

    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await warning.getByRole('button', { name: 'Sign Out Anyway' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(
      await sql(`select 1 from public.albums where name = 'Queued Before Sign Out'`),
    ).toHaveLength(0);

    await context.setOffline(false);
    await signInAsAdmin(page);
    await expect
      .poll(
        async () =>
          (await sql(`select 1 from public.albums where name = 'Queued Before Sign Out'`)).length,
        { timeout: 20_000 },
      )
      .toBe(1);
    await context.close();
  });
});

describe('an admin who opens the public site', () => {
  it('sends what waited from there: the admin area starts once the page is idle', async () => {
    const context = await newContext('desktop');
    const admin = await context.newPage();
    await signInAsAdmin(admin);
    await admin.goto('/admin/albums');
    await admin.getByRole('button', { name: 'New Collection' }).first().waitFor();
    await context.setOffline(true);
    await admin.getByRole('button', { name: 'New Collection' }).first().click();
    await admin.getByRole('dialog').getByLabel('Collection Name').fill('Queued Then Public Site');
    await admin.getByRole('dialog').getByRole('button', { name: 'Create Collection' }).click();
    await admin.getByTestId('sync-status').getByText('1 pending (offline)').waitFor();
    await admin.close();

    // Back online, only the public home page is open: nothing of the admin screens is shown.
    await context.setOffline(false);
    const site = await context.newPage();
    await site.goto('/');
    await site.getByRole('heading', { level: 1 }).waitFor();
    await expect
      .poll(
        async () =>
          (await sql(`select 1 from public.albums where name = 'Queued Then Public Site'`)).length,
        { timeout: 20_000 },
      )
      .toBe(1);
    // The outbox entry is removed once the server's answer is read, a moment after the row lands.
    await expect.poll(() => storedCount(site, 'outbox'), { timeout: 10_000 }).toBe(0);
    await context.close();
  });
});
