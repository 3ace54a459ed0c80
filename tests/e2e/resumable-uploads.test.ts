import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESUMABLE_CHUNK_BYTES } from '@/lib/backend/resumable-upload';
import { largeJpeg } from '../support/large-jpeg';
import { startNetworkLink } from '../support/network-link';
import {
  adminWorksOffline,
  newContext,
  screenshot,
  shootPhotos,
  signInAsAdmin,
  sql,
  testFolder,
  workerStack,
} from './browser';

/**
 * A shoot's upload over a venue's Wi-Fi: a 40 MB original among ordinary photos, sent through a
 * link that carries 8 MB/s and then 2 MB/s, is cut a third of the way and comes back, and the page
 * is reloaded while the original is still on its way. Every photo must arrive once, the 40 MB original byte for byte,
 * and the bytes sent for it at most its size plus one tus chunk (counted at the link, as they
 * leave the browser, so a chunk cut half-way counts what got through).
 */

const BIG_BYTES = 40 * 1024 * 1024;
const MB = 1024 * 1024;

describe('resumable uploads', () => {
  it('carries a 40 MB original through a cut and a reload, sending at most one chunk again; every photo arrives once', async () => {
    const link = await startNetworkLink(workerStack().url, { uploadBytesPerSecond: 8 * MB });
    const context = await newContext('desktop', { baseURL: link.url });
    const page = await context.newPage();
    try {
      await signInAsAdmin(page);
      await adminWorksOffline(page);
      const [{ id: albumId }] = (await sql<{ id: string }>(
        `insert into public.albums (name) values ('Harbour Wedding') returning id`,
      )) as [{ id: string }];
      await page.goto(`/admin/albums/${albumId}`);
      await page.getByText('No photos yet').waitFor();

      const bigPath = join(testFolder('large-original-'), 'IMG_0500.jpg');
      const big = largeJpeg(bigPath, BIG_BYTES);
      const photos = shootPhotos(4);
      // The large one second: sent while the next photos' renditions are made.
      const picked = [photos[0]!, bigPath, ...photos.slice(1)];
      await page.getByRole('button', { name: 'Add Photos' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add Photos' });
      await dialog.getByLabel('Choose photos').setInputFiles(picked);

      // On the wire: the dialog shows the file's share sent, the speed and the time left.
      await expect
        .poll(() => link.sentFor(BIG_BYTES), { timeout: 60_000 })
        .toBeGreaterThan(10 * MB);
      // Slower from here, so that however long the checks below take on a busy machine, most of
      // the original is still to send at the reload, and the album page has time to show its pace.
      link.setUploadRate(2 * MB);
      await dialog.getByText(/^Uploading \d+%$/).waitFor();
      await dialog
        .getByTestId('upload-speed')
        .getByText(/MB\/s · (about \d+ min|less than a minute) left/)
        .waitFor();
      await screenshot(page, 'add-photos-resumable-desktop', { fullPage: false });

      // The Wi-Fi drops half-way through the original, and comes back.
      link.cut();
      const atCut = link.sentFor(BIG_BYTES);
      // It comes back once the upload has tried again and found no network.
      await expect.poll(() => link.refused(), { timeout: 30_000 }).toBeGreaterThan(0);
      expect(link.sentFor(BIG_BYTES)).toBe(atCut);
      link.restore();

      // It resumes; then the page is reloaded with the original still on its way.
      await expect
        .poll(() => link.sentFor(BIG_BYTES), { timeout: 60_000 })
        .toBeGreaterThan(atCut + 2 * MB);
      const photosBefore = await sql<{ count: number }>(
        `select count(*)::int as count from public.photos where album_id = $1`,
        [albumId],
      );
      expect(photosBefore[0]!.count).toBeLessThan(picked.length);
      await page.reload();
      await page.setViewportSize({ width: 390, height: 844 });
      const strip = page.getByTestId('upload-progress');
      await strip
        .getByText(/MB\/s · (about \d+ min|less than a minute) left/)
        .waitFor({ timeout: 30_000 });
      await screenshot(page, 'upload-progress-resumable-phone', { fullPage: false });

      await expect
        .poll(
          async () =>
            (
              await sql<{ count: number }>(
                `select count(*)::int as count from public.photos where album_id = $1`,
                [albumId],
              )
            )[0]!.count,
          {
            timeout: 120_000,
          },
        )
        .toBe(picked.length);
      await page
        .getByTestId('sync-status')
        .getByText('All changes saved')
        .waitFor({ timeout: 30_000 });

      // Every photo once, the large original byte for byte.
      const rows = await sql<{ original_filename: string; file_size: number }>(
        `select original_filename, file_size from public.photos where album_id = $1 order by original_filename`,
        [albumId],
      );
      expect(rows.map((row) => row.original_filename)).toEqual([
        'IMG_0001.jpg',
        'IMG_0002.jpg',
        'IMG_0003.jpg',
        'IMG_0004.jpg',
        'IMG_0500.jpg',
      ]);
      const originals = await sql<{ size: string; etag: string }>(
        `select metadata ->> 'size' as size, metadata ->> 'eTag' as etag from storage.objects where bucket_id = 'originals' and name like $1 || '/%'`,
        [albumId],
      );
      expect(originals).toHaveLength(picked.length);
      const md5 = createHash('md5').update(big).digest('hex');
      expect(originals).toContainEqual({ size: String(BIG_BYTES), etag: `"${md5}"` });

      // What the cut and the reload cost: the bytes sent for it beyond its size, at most one chunk.
      const sent = link.sentFor(BIG_BYTES);
      console.log(
        `resumable upload: ${(BIG_BYTES / MB).toFixed(0)} MB original, ${(sent / MB).toFixed(2)} MB sent through a cut and a reload (${((sent - BIG_BYTES) / MB).toFixed(2)} MB again; one chunk is ${RESUMABLE_CHUNK_BYTES / MB} MB)`,
      );
      expect(sent).toBeGreaterThanOrEqual(BIG_BYTES);
      expect(sent - BIG_BYTES).toBeLessThanOrEqual(RESUMABLE_CHUNK_BYTES);
    } finally {
      await context.close();
      await link.stop();
    }
  }, 300_000);
});
