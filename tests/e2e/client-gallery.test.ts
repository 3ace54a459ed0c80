import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectToast,
  newContext,
  recordRequests,
  screenshot,
  VIEWPORTS,
  type ViewportName,
} from './browser';
import { seedAlbum, seedClientLink, type SeededPhoto } from './public-seed';
import { expectSolidViewer, VIEWER_SIZES } from './viewer-checks';

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
async function downloadOf(
  page: Page,
  action: () => Promise<void>,
): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    action(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}

const photoTiles = (page: Page) => page.getByRole('button', { name: /, photo \d+ of \d+$/ });

/** The passcode field as a person meets it: what it holds, what of it is selected, focus, and the message tied to it. */
const passcodeField = (page: Page) =>
  page.getByLabel('Passcode').evaluate((input: HTMLInputElement) => ({
    value: input.value,
    selected: input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0),
    focused: document.activeElement === input,
    invalid: input.getAttribute('aria-invalid'),
    message:
      document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? null,
  }));

/** Waits until no toast is on screen (sonner lets one go with a short animation). */
const noToastLeft = (page: Page) =>
  page.waitForFunction(() => document.querySelectorAll('[data-sonner-toast]').length === 0);

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('a client at %s size', (viewport) => {
  it('opens a protected link: a wrong passcode is refused, the right one shows the photos; downloads one and all', async () => {
    const token = await seedClientLink({
      albumId: album.id,
      passcode: '4821',
      allowDownloads: true,
    });
    const context = await newContext(viewport);
    const page = await context.newPage();
    const photoRequests: string[] = [];
    page.on('request', (request) => {
      if (
        request.url().includes('get_album_photos_by_token') ||
        request.url().includes(`/photos/${album.id}/`)
      )
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
    // Under the field, tied to it; what was typed is kept and selected, so typing replaces it.
    await dialog.getByText('Please enter the correct passcode').waitFor();
    expect(await passcodeField(page)).toEqual({
      value: '0000',
      selected: '0000',
      focused: true,
      invalid: 'true',
      message: 'Please enter the correct passcode',
    });
    // SPEC §8's toast as well.
    await expectToast(page, 'Invalid Passcode');
    expect(await dialog.isVisible()).toBe(true);
    expect(photoRequests).toEqual([]);
    await screenshot(page, `client-passcode-wrong-${viewport}`, { fullPage: false });

    await page.keyboard.type('4821');
    expect(await passcodeField(page)).toMatchObject({
      value: '4821',
      invalid: null,
      message: null,
    });
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    // The wrong try's toast does not stay over the unlocked gallery.
    await noToastLeft(page);
    await page.getByRole('heading', { name: 'Harper & Sam — Autumn Wedding' }).waitFor();
    await page.getByText('A golden afternoon at the old mill.').waitFor();
    await page.getByText('5 photos').waitFor();
    // The cover opens the page; the grid is below it (and draws the rows near the screen).
    await page.getByRole('link', { name: 'View Photos' }).click();
    await expect.poll(() => photoTiles(page).count()).toBe(5);
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
    const single = await downloadOf(page, () =>
      page.getByRole('button', { name: 'Download portrait.jpg' }).click(),
    );
    expect(single.name).toBe('portrait.jpg');
    expect(single.bytes.equals(album.photos[1]!.bytes)).toBe(true);
    await expectToast(page, 'Downloading portrait.jpg');

    // All photos: one zip named after the album holding every original, unchanged — streamed
    // to disk through the service worker (which controls the page by now).
    await page.evaluate(() => navigator.serviceWorker.ready);
    // clientsClaim normally takes this page at once; if the worker activated while the page
    // was reloading, the page is only controlled after the next load.
    const claimed = await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 5_000,
      })
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
    const all = await downloadOf(page, () =>
      page.getByRole('button', { name: 'Download All Photos' }).click(),
    );
    expect(all.name).toBe('Harper & Sam — Autumn Wedding.zip');
    const zip = await JSZip.loadAsync(all.bytes);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual([
      'IMG_0001 (2).jpg',
      'IMG_0001.jpg',
      'landscape.jpg',
      'portrait.jpg',
      'rotated-exif6.jpg',
    ]);
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

describe('a passcode tried too often', () => {
  it("shows the server's message under the field the same way, and keeps what was typed", async () => {
    const token = await seedClientLink({ albumId: album.id, passcode: '7305' });
    const context = await newContext('phone');
    const page = await context.newPage();
    await page.goto(`/client/${token}`);
    const dialog = page.getByRole('dialog', { name: 'Gallery Protected' });
    const tooMany = 'Too many attempts. Please wait a few minutes and try again.';
    // The link's throttle (docs/SECURITY.md §7) answers after a few wrong tries from one place.
    for (let attempt = 1; ; attempt += 1) {
      await page.getByLabel('Passcode').fill(String(1000 + attempt));
      await dialog.getByRole('button', { name: 'View Gallery' }).click();
      await dialog.getByRole('button', { name: 'View Gallery' }).waitFor();
      await dialog.getByRole('alert').waitFor();
      const field = await passcodeField(page);
      expect(field).toMatchObject({
        value: String(1000 + attempt),
        selected: String(1000 + attempt),
        invalid: 'true',
      });
      if (field.message === tooMany) break;
      expect(field.message).toBe('Please enter the correct passcode');
      expect(attempt).toBeLessThan(10);
    }
    await expectToast(page, tooMany);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(1);
    await screenshot(page, 'client-passcode-too-many-phone', { fullPage: false });
    await context.close();
  });
});

describe.each(VIEWER_SIZES)('the client viewer at $width px', (size) => {
  it('hides the page behind an opaque near-black backdrop, with 44 px controls in contrast and the photo as large as fits', async () => {
    const token = await seedClientLink({
      albumId: album.id,
      passcode: '5190',
      allowDownloads: true,
    });
    const context = await newContext(size);
    const page = await context.newPage();
    await page.goto(`/client/${token}`);
    const dialog = page.getByRole('dialog', { name: 'Gallery Protected' });
    await dialog.getByLabel('Passcode').fill('5191');
    await page.keyboard.press('Enter');
    await dialog.getByText('Please enter the correct passcode').waitFor();
    await expectToast(page, 'Invalid Passcode');
    await page.keyboard.type('5190');
    await page.keyboard.press('Enter');
    await page.getByText('5 photos').waitFor();
    await noToastLeft(page);

    await photoTiles(page).nth(1).click();
    await page.getByRole('button', { name: 'Download', exact: true }).waitFor();
    const { icons, counter } = await expectSolidViewer(page);
    console.log(
      `client viewer at ${size.width} px: icons ${icons.toFixed(1)}:1, counter ${counter.toFixed(1)}:1`,
    );
    await screenshot(page, `client-viewer-${size.width}`, { fullPage: false });
    await context.close();
  });
});

describe('client links that do not open', () => {
  // An expired link has a page of its own (tests/e2e/client-first-screen.test.ts).
  it.each([
    ['inactive', 'desktop', { isActive: false }],
    ['inactive', 'phone', { isActive: false }],
  ] as const)(
    'an %s link at %s size: toast and back to the home page, no photos',
    async (_, viewport, state) => {
      const token = await seedClientLink({ albumId: album.id, ...state });
      const context = await newContext(viewport);
      const page = await context.newPage();
      await page.goto(`/client/${token}`);
      await expectToast(page, 'This gallery link is invalid or has been deactivated');
      await page.waitForURL((url) => url.pathname === '/');
      expect(await page.getByRole('button', { name: /, photo \d+ of \d+$/ }).count()).toBe(0);
      await context.close();
    },
  );

  it('a link without downloads shows the photos with no download buttons anywhere, and no admin code', async () => {
    const token = await seedClientLink({ albumId: album.id, allowDownloads: false });
    const context = await newContext('desktop');
    const page = await context.newPage();
    const requests = recordRequests(page);
    const isPhotoRead = (response: Response) =>
      response.url().includes('/rpc/get_album_photos_by_token');
    const photoReads: Array<Promise<Array<{ file_url: string | null }>>> = [];
    page.on('response', (response) => {
      if (isPhotoRead(response))
        photoReads.push(response.json() as Promise<Array<{ file_url: string | null }>>);
    });
    // The page comes drawn with its photos; the app reads the list again once it has started
    // (that read keeps the album for offline), after '5 photos' is already on screen.
    const appRead = page.waitForResponse(isPhotoRead);
    await page.goto(`/client/${token}`);
    await page.getByText('5 photos').waitFor();
    expect(await page.getByRole('button', { name: /^Download/ }).count()).toBe(0);
    await appRead;
    const settled = await Promise.allSettled(photoReads);
    const photoAnswers = settled.flatMap((read) =>
      read.status === 'fulfilled' ? [read.value] : [],
    );
    const unreadAnswers = settled.flatMap((read) =>
      read.status === 'rejected' ? [read.reason as unknown] : [],
    );
    // Nothing the page received names an original, and the originals cannot be read from here
    // by their path, their old public address or with a grant (none is issued).
    expect(unreadAnswers).toEqual([]);
    expect(photoAnswers.flat().length).toBe(5);
    expect(photoAnswers.flat().every((row) => row.file_url === null)).toBe(true);
    const original = album.photos[0]!.fileUrl;
    expect(original).toMatch(/^\/storage\/v1\/object\/authenticated\/originals\//);
    const tried = await page.evaluate(
      async ({ original, token }) => {
        const { supabaseAnonKey: key } = (await (await fetch('/config.json')).json()) as {
          supabaseAnonKey: string;
        };
        const headers = {
          apikey: key,
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
        };
        const grant = await (
          await fetch('/rest/v1/rpc/get_download_grant', {
            method: 'POST',
            headers,
            body: JSON.stringify({ p_access_token: token }),
          })
        ).json();
        return {
          grant,
          byPath: (await fetch(original, { headers })).status,
          byOldAddress: (
            await fetch(original.replace('/authenticated/originals/', '/public/photos/'))
          ).status,
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
