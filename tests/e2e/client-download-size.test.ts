import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectToast,
  workerStack,
  newContext,
  recordRequests,
  screenshot,
  type ViewportName,
  VIEWPORTS,
} from './browser';
import { seedAlbum, seedClientLink, type SeededPhoto } from './public-seed';

// Download sizes of a client link (issue 21, item 4): a web-size link delivers the 2048 px
// previews only, singly and zipped; a link with originals lets the client choose.

let album: { id: string; photos: SeededPhoto[] };

beforeAll(async () => {
  album = await seedAlbum({
    name: 'Ruiz Family — Beach',
    photos: [
      { fixture: 'landscape.jpg', originalFilename: 'IMG_2001.JPG' },
      { fixture: 'portrait.jpg', originalFilename: 'IMG_2002.JPG' },
    ],
  });
});

async function downloadOf(
  page: Page,
  action: () => Promise<void>,
): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    action(),
  ]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

const previewBytes = async (photo: SeededPhoto) =>
  Buffer.from(await (await fetch(new URL(photo.previewUrl, workerStack().url))).arrayBuffer());
const tileDownload = (page: Page, name: string) =>
  page.getByRole('button', { name: `Download ${name}` });

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('download sizes at %s size', (viewport) => {
  it('a web-size link delivers only the 2048 px previews, under the photos names, and never asks for an original', async () => {
    const token = await seedClientLink({ albumId: album.id, downloadSize: 'web' });
    const context = await newContext(viewport);
    const page = await context.newPage();
    const requests = recordRequests(page);
    await page.goto(`/client/${token}`);
    await page.getByText('2 photos').waitFor();
    // No choice to make.
    expect(await page.getByLabel('Size').count()).toBe(0);

    const single = await downloadOf(page, () => tileDownload(page, 'IMG_2001.JPG').click());
    expect(single.name).toBe('IMG_2001.webp');
    expect(single.bytes.equals(await previewBytes(album.photos[0]!))).toBe(true);

    const all = await downloadOf(page, () =>
      page.getByRole('button', { name: 'Download All Photos' }).click(),
    );
    const zip = await JSZip.loadAsync(all.bytes);
    expect(Object.keys(zip.files)).toEqual(['IMG_2001.webp', 'IMG_2002.webp']);
    expect(
      Buffer.from(await zip.file('IMG_2002.webp')!.async('uint8array')).equals(
        await previewBytes(album.photos[1]!),
      ),
    ).toBe(true);
    await expectToast(page, 'All photos downloaded as zip file');
    // Nothing went near an original or a grant.
    expect(
      requests.paths.filter(
        (path) => path.includes('/originals/') || path.includes('get_download_grant'),
      ),
    ).toEqual([]);
    await context.close();
  });

  it('a link with originals lets the client choose the size beside the download buttons', async () => {
    const token = await seedClientLink({ albumId: album.id });
    const context = await newContext(viewport);
    const page = await context.newPage();
    await page.goto(`/client/${token}`);
    await page.getByText('2 photos').waitFor();
    const size = page.getByLabel('Size');
    expect(await size.inputValue()).toBe('original');
    await screenshot(page, `client-download-size-${viewport}`, { fullPage: false });

    const original = await downloadOf(page, () => tileDownload(page, 'IMG_2002.JPG').click());
    expect(original.name).toBe('IMG_2002.JPG');
    expect(original.bytes.equals(album.photos[1]!.bytes)).toBe(true);

    await size.selectOption('web');
    const web = await downloadOf(page, () => tileDownload(page, 'IMG_2002.JPG').click());
    expect(web.name).toBe('IMG_2002.webp');
    expect(web.bytes.equals(await previewBytes(album.photos[1]!))).toBe(true);
    const all = await downloadOf(page, () =>
      page.getByRole('button', { name: 'Download All Photos' }).click(),
    );
    expect(Object.keys((await JSZip.loadAsync(all.bytes)).files)).toEqual([
      'IMG_2001.webp',
      'IMG_2002.webp',
    ]);
    await context.close();
  });
});
