import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectToast, fixturePath, newContext, screenshot, signInAsAdmin, sql } from './browser';

/** Four real JPEGs with distinct names (two are copies of the same picture). */
function fourPhotos(): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'offline-photos-'));
  const copy = join(dir, 'landscape-copy.jpg');
  copyFileSync(fixturePath('landscape.jpg'), copy);
  return [fixturePath('landscape.jpg'), fixturePath('portrait.jpg'), fixturePath('rotated-exif6.jpg'), copy];
}

describe('uploading while the network comes and goes', () => {
  it('loses the connection halfway, survives a reload offline, and every photo arrives exactly once', async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await signInAsAdmin(page);
    // The service worker must be active so the app opens offline after the reload.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await page.goto('/admin/albums?new=1');
    await page.getByRole('dialog').getByLabel('Collection Name').fill('Beach Shoot');
    await page.getByRole('dialog').getByRole('button', { name: 'Create Collection' }).click();
    await expectToast(page, 'Album created successfully');
    const [{ id: albumId }] = (await sql<{ id: string }>(`select id from public.albums where name = 'Beach Shoot'`)) as [{ id: string }];
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
    expect(await sql('select original_filename from public.photos where album_id = $1', [albumId])).toHaveLength(1);
    await page.getByRole('dialog').getByRole('button', { name: /Continue in background|Done/ }).click();
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
    await page.getByTestId('sync-status').getByText('All changes saved').waitFor({ timeout: 30_000 });
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
      `select count(*)::int as count from storage.objects where bucket_id = 'photos' and name like $1 || '/%'`,
      [albumId],
    );
    expect(objects!.count).toBe(12);
    // The browser let go of the bytes it kept for the uploads.
    const keptBlobs = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('photographer-admin');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('blobs').objectStore('blobs').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(keptBlobs).toBe(0);
    await page.getByTestId('photo-tile').getByText('Pending').waitFor({ state: 'detached' });
    expect(await page.getByTestId('photo-tile').count()).toBe(4);
    await context.close();
  });
});

describe('signing out with changes not yet sent', () => {
  it('warns first; the queued change stays on the device and arrives after the next sign-in', async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
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
    expect(await sql(`select 1 from public.albums where name = 'Queued Before Sign Out'`)).toHaveLength(0);

    await context.setOffline(false);
    await signInAsAdmin(page);
    await expect.poll(async () => (await sql(`select 1 from public.albums where name = 'Queued Before Sign Out'`)).length, { timeout: 20_000 }).toBe(1);
    await context.close();
  });
});
