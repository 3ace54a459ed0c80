import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { startFaultProxy } from '../support/fault-proxy';
import { newContext, shootPhotos, signInAsAdmin, sql, storedCount } from './browser';

/**
 * The outbox against a network that misbehaves: 20 uploads and 50 edits made offline, then
 * replayed through a proxy that drops connections (before and after the stack did the work),
 * answers 503 and delays answers. At the end the database and storage must hold exactly what
 * the photographer did. The counts are written to test-results/fault-injection.json.
 */

const RATES = { 'drop-before': 0.04, 'drop-after': 0.04, unavailable: 0.05, delay: 0.04 };
const ALBUMS = 10;
const SERVICES = 10;
const TITLE_EDITS = 10;
const UPLOADS = 20;

const exactly = (page: Page, rows: Locator, name: string) => rows.filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Fills a dialog's fields and saves; offline, the dialog closes with the change queued. */
async function saveDialog(page: Page, title: string, fields: Record<string, string>, submit: string) {
  const dialog = page.getByRole('dialog', { name: title });
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: submit }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function queueTheShoot(page: Page) {
  // 10 collections, the first with 20 photos; every collection then renamed.
  await page.goto('/admin/albums');
  for (let index = 1; index <= ALBUMS; index += 1) {
    await page.getByRole('button', { name: 'New Collection' }).first().click();
    await saveDialog(page, 'New Collection', { 'Collection Name': `Fault Run ${index}` }, 'Create Collection');
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
    await saveDialog(page, 'Edit Collection', { 'Collection Name': `Fault Run ${index} (edited)` }, 'Save Changes');
  }

  // 10 service packages added, then each repriced.
  await page.getByRole('link', { name: 'Services' }).click();
  const services = page.getByTestId('service-row');
  for (let index = 1; index <= SERVICES; index += 1) {
    await page.getByRole('button', { name: 'Add Service' }).click();
    await saveDialog(page, 'Add Service', { Name: `Fault Service ${index}`, 'Price Range': '$100' }, 'Add Service');
  }
  for (let index = 1; index <= SERVICES; index += 1) {
    await exactly(page, services, `Fault Service ${index}`).getByRole('button', { name: 'Edit service' }).click();
    await saveDialog(page, 'Edit Service', { 'Price Range': `$${index}50` }, 'Save Changes');
  }

  // The story section's title rewritten 10 times: only the last may remain.
  await page.getByRole('link', { name: 'Page Content' }).click();
  const story = page.locator('[data-testid="section-row"][data-section="about-story"]');
  for (let index = 1; index <= TITLE_EDITS; index += 1) {
    await story.getByRole('button', { name: 'Edit section' }).click();
    await saveDialog(page, 'Edit Section', { Title: `Fault title ${index}` }, 'Save Changes');
  }
}

describe('replaying the outbox through a faulty network', () => {
  it('20 uploads and 50 edits arrive exactly once through drops, 503s and delays', async () => {
    const [story] = await sql<{ id: string; title: string | null }>(
      `select id, title from public.page_content where section_name = 'about-story'`,
    );
    const proxy = await startFaultProxy(inject('stack').url, RATES);
    const context = await newContext('desktop', { baseURL: proxy.url });
    const page = await context.newPage();
    // Tall enough that toasts never cover the rows being edited.
    await page.setViewportSize({ width: 1280, height: 2000 });
    try {
      await signInAsAdmin(page);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      // Seen once online, so the lists open offline.
      await page.goto('/admin/services');
      await page.getByTestId('service-row').first().waitFor();
      await page.goto('/admin/content');
      await page.locator('[data-testid="section-row"][data-section="about-story"]').waitFor();

      await context.setOffline(true);
      await queueTheShoot(page);
      const queued = await storedCount(page, 'outbox');
      expect(queued).toBe(UPLOADS + ALBUMS * 2 + SERVICES * 2 + TITLE_EDITS);
      await page.getByTestId('sync-status').getByText(`${queued} pending (offline)`).waitFor();

      proxy.arm();
      const started = Date.now();
      await context.setOffline(false);
      await page.getByTestId('sync-status').getByText('All changes saved').waitFor({ timeout: 300_000 });
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
        Array.from({ length: UPLOADS }, (_, index) => `IMG_${String(index + 1).padStart(4, '0')}.jpg`),
      );
      const [{ files }] = (await sql<{ files: number }>(
        `select count(*)::int as files from storage.objects where bucket_id in ('photos', 'originals') and name like $1 || '/%'`,
        [shootAlbum.id],
      )) as [{ files: number }];
      expect(files).toBe(UPLOADS * 3);
      const services = await sql<{ name: string; price_range: string }>(
        `select name, price_range from public.service_packages where name like 'Fault Service %' order by name`,
      );
      expect(services.map(({ name, price_range }) => `${name}: ${price_range}`).sort()).toEqual(
        Array.from({ length: SERVICES }, (_, index) => `Fault Service ${index + 1}: $${index + 1}50`).sort(),
      );
      expect((await sql('select title from public.page_content where id = $1', [story!.id]))[0]).toEqual({
        title: `Fault title ${TITLE_EDITS}`,
      });
      expect(await storedCount(page, 'outbox')).toBe(0);
      expect(await storedCount(page, 'blobs')).toBe(0);

      const faults = Object.values(proxy.counts.injected).reduce((sum, count) => sum + count, 0);
      expect(faults).toBeGreaterThan(0);
      const report = {
        queued: { total: queued, uploads: UPLOADS, edits: queued - UPLOADS },
        attempts: { apiWrites: proxy.counts.writes, clean: proxy.counts.clean },
        injected: proxy.counts.injected,
        final: {
          albums: albums.length,
          photos: photos.length,
          storageFiles: files,
          services: services.length,
          storyTitle: `Fault title ${TITLE_EDITS}`,
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
      await sql('update public.page_content set title = $2 where id = $1', [story!.id, story!.title]);
    }
  }, 420_000);
});
