import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectToast, newContext, recordRequests, screenshot, VIEWPORTS, type ViewportName } from './browser';
import { seedAlbum, seedClientLink, type SeededPhoto } from './public-seed';

let album: { id: string; photos: SeededPhoto[] };

beforeAll(async () => {
  album = await seedAlbum({
    name: 'Harper & Sam — Autumn Wedding',
    description: 'A golden afternoon at the old mill.',
    photos: [
      'landscape.jpg',
      'portrait.jpg',
      'rotated-exif6.jpg',
      // Two photos with the same name: both must end up in the zip.
      { fixture: 'landscape.jpg', originalFilename: 'IMG_0001.jpg' },
      { fixture: 'portrait.jpg', originalFilename: 'IMG_0001.jpg' },
    ],
  });
});

/** Waits for the download this action starts and returns its name and bytes. */
async function downloadOf(page: Page, action: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), action()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}

const photoTiles = (page: Page) => page.getByRole('button', { name: /, photo \d+ of \d+$/ });

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('a client at %s size', (viewport) => {
  it('opens a protected link: a wrong passcode is refused, the right one shows the photos; downloads one and all', async () => {
    const token = await seedClientLink({ albumId: album.id, passcode: '4821', allowDownloads: true });
    const context = await newContext(viewport);
    const page = await context.newPage();
    const photoRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('get_album_photos_by_token') || request.url().includes(`/photos/${album.id}/`))
        photoRequests.push(request.url());
    });
    await page.goto(`/client/${token}`);

    const dialog = page.getByRole('dialog', { name: 'Gallery Protected' });
    await dialog.waitFor();
    // The album's name shows behind the dialog (hidden from the accessibility tree while it is open).
    expect(await page.locator('h1').textContent()).toBe('Harper & Sam — Autumn Wedding');
    await screenshot(page, `client-passcode-${viewport}`, { fullPage: false });
    // Nothing of the album's photos was asked for before the passcode.
    expect(photoRequests).toEqual([]);

    await dialog.getByRole('button', { name: 'View Gallery' }).click();
    await dialog.getByText('Passcode is required').waitFor();
    await dialog.getByLabel('Passcode').fill('0000');
    await dialog.getByRole('button', { name: 'View Gallery' }).click();
    await expectToast(page, 'Please enter the correct passcode');
    await expectToast(page, 'Invalid Passcode');
    expect(await dialog.isVisible()).toBe(true);
    expect(photoRequests).toEqual([]);

    await dialog.getByLabel('Passcode').fill('4821');
    await dialog.getByRole('button', { name: 'View Gallery' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Harper & Sam — Autumn Wedding' }).waitFor();
    await page.getByText('A golden afternoon at the old mill.').waitFor();
    await page.getByText('5 photos').waitFor();
    expect(await photoTiles(page).count()).toBe(5);
    // Every thumbnail is shown (loaded, with its real size).
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[role="list"] img')).every(
        (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      ),
    );
    const sources = await page
      .locator('[role="list"] img')
      .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).currentSrc));
    expect(sources.every((src) => src.endsWith('.thumb.webp'))).toBe(true);
    await screenshot(page, `client-gallery-${viewport}`);

    // A reload in this tab does not ask again.
    await page.reload();
    await page.getByText('5 photos').waitFor();
    expect(await page.getByRole('dialog', { name: 'Gallery Protected' }).count()).toBe(0);

    // One photo: the original, byte for byte, under its own name.
    const single = await downloadOf(page, () => page.getByRole('button', { name: 'Download portrait.jpg' }).click());
    expect(single.name).toBe('portrait.jpg');
    expect(single.bytes.equals(album.photos[1]!.bytes)).toBe(true);
    await expectToast(page, 'Downloading portrait.jpg');

    // All photos: one zip named after the album holding every original, unchanged — streamed
    // to disk through the service worker (which controls the page by now).
    await page.evaluate(() => navigator.serviceWorker.ready);
    // clientsClaim normally takes this page at once; if the worker activated while the page
    // was reloading, the page is only controlled after the next load.
    const claimed = await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    if (!claimed) {
      await page.reload();
      await page.getByText('5 photos').waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    }
    const streamed: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/__downloads__/')) streamed.push(request.url());
    });
    const all = await downloadOf(page, () => page.getByRole('button', { name: 'Download All Photos' }).click());
    expect(all.name).toBe('Harper & Sam — Autumn Wedding.zip');
    const zip = await JSZip.loadAsync(all.bytes);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(['IMG_0001 (2).jpg', 'IMG_0001.jpg', 'landscape.jpg', 'portrait.jpg', 'rotated-exif6.jpg']);
    const byName: Record<string, SeededPhoto> = {
      'landscape.jpg': album.photos[0]!,
      'portrait.jpg': album.photos[1]!,
      'rotated-exif6.jpg': album.photos[2]!,
      'IMG_0001.jpg': album.photos[3]!,
      'IMG_0001 (2).jpg': album.photos[4]!,
    };
    for (const [name, photo] of Object.entries(byName)) {
      const bytes = Buffer.from(await zip.file(name)!.async('uint8array'));
      expect(bytes.equals(photo.bytes), name).toBe(true);
    }
    expect(streamed).toHaveLength(1);
    await expectToast(page, 'All photos downloaded as zip file');
    await page.getByRole('button', { name: 'Download All Photos' }).waitFor();
    await context.close();
  });
});

describe('client links that do not open', () => {
  it.each([
    ['inactive', 'desktop', { isActive: false }],
    ['expired', 'desktop', { expiresAt: new Date(Date.now() - 60_000) }],
    ['inactive', 'phone', { isActive: false }],
    ['expired', 'phone', { expiresAt: new Date(Date.now() - 60_000) }],
  ] as const)('an %s link at %s size: toast and back to the home page, no photos', async (_, viewport, state) => {
    const token = await seedClientLink({ albumId: album.id, ...state });
    const context = await newContext(viewport);
    const page = await context.newPage();
    await page.goto(`/client/${token}`);
    await expectToast(page, 'This gallery link is invalid or has been deactivated');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('button', { name: /, photo \d+ of \d+$/ }).count()).toBe(0);
    await context.close();
  });

  it('a link without downloads shows the photos with no download buttons anywhere, and no admin code', async () => {
    const token = await seedClientLink({ albumId: album.id, allowDownloads: false });
    const context = await newContext('desktop');
    const page = await context.newPage();
    const requests = recordRequests(page);
    const photoAnswers: Array<Array<{ file_url: string | null }>> = [];
    const unreadAnswers: unknown[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/rpc/get_album_photos_by_token'))
        response.json().then(
          (rows: Array<{ file_url: string | null }>) => photoAnswers.push(rows),
          (error: unknown) => unreadAnswers.push(error),
        );
    });
    await page.goto(`/client/${token}`);
    await page.getByText('5 photos').waitFor();
    expect(await page.getByRole('button', { name: /^Download/ }).count()).toBe(0);
    // Nothing the page received names an original, and the originals cannot be read from here
    // by their path, their old public address or with a grant (none is issued).
    expect(unreadAnswers).toEqual([]);
    expect(photoAnswers.flat().length).toBe(5);
    expect(photoAnswers.flat().every((row) => row.file_url === null)).toBe(true);
    const original = album.photos[0]!.fileUrl;
    expect(original).toMatch(/^\/storage\/v1\/object\/authenticated\/originals\//);
    const tried = await page.evaluate(
      async ({ original, token }) => {
        const { supabaseAnonKey: key } = (await (await fetch('/config.json')).json()) as { supabaseAnonKey: string };
        const headers = { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' };
        const grant = await (
          await fetch('/rest/v1/rpc/get_download_grant', { method: 'POST', headers, body: JSON.stringify({ p_access_token: token }) })
        ).json();
        return {
          grant,
          byPath: (await fetch(original, { headers })).status,
          byOldAddress: (await fetch(original.replace('/authenticated/originals/', '/public/photos/'))).status,
        };
      },
      { original, token },
    );
    expect(tried).toEqual({ grant: null, byPath: 404, byOldAddress: 404 });
    await photoTiles(page).first().click();
    await page.locator('.yarl__slide_current img').waitFor();
    expect(await page.getByRole('button', { name: 'Download' }).count()).toBe(0);
    // The viewer's code came too; none of the admin area's (the passcode dialog once pulled in
    // supabase-js's chunk for a helper they share).
    expect(requests.scripts().some((name) => name.startsWith('photo-viewer-'))).toBe(true);
    expect(requests.adminScripts()).toEqual([]);
    await context.close();
  });
});
