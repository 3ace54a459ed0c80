import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectToast,
  framesDrawn,
  holdResponses,
  workerStack,
  newContext,
  screenshot,
  sql,
  type ViewportName,
  VIEWPORTS,
} from './browser';
import {
  addPhotoRows,
  seedAlbum,
  seedClientLink,
  seedPublicGallery,
  type SeededPhoto,
} from './public-seed';
import { expectSolidViewer, VIEWER_SIZES } from './viewer-checks';

let publicAlbum: { id: string; photos: SeededPhoto[] };
let privateAlbum: { id: string; photos: SeededPhoto[] };
let galleryId: string;

beforeAll(async () => {
  publicAlbum = await seedAlbum({
    name: 'Meadow Family Session',
    description: 'Wildflowers and a very muddy dog.',
    isPublic: true,
    visitorDownloads: 'original',
    photos: ['landscape.jpg', 'portrait.jpg', 'rotated-exif6.jpg'],
  });
  privateAlbum = await seedAlbum({
    name: 'Private Proofs',
    photos: ['portrait.jpg', 'landscape.jpg'],
  });
  // Curated from both albums, in a chosen order; a visitor sees them though one album is private.
  // Visitor downloads: the default, web size.
  galleryId = await seedPublicGallery({
    title: 'Evening Light Favourites',
    description: 'A few of my favourite evenings.',
    photoIds: [privateAlbum.photos[1]!.id, publicAlbum.photos[2]!.id, publicAlbum.photos[0]!.id],
  });
});

const tiles = (page: Page) => page.getByRole('button', { name: /, photo \d+ of \d+$/ });
const viewerImage = (page: Page) => page.locator('.yarl__slide_current img');

/** The file name of the photo the viewer shows (its alt text). */
const shownInViewer = async (page: Page) => viewerImage(page).getAttribute('alt');

/**
 * A finger swiping across the viewer, as the pointer events a touch screen sends. (Touch
 * input sent through CDP never reached the viewer here: without touch emulation Chromium took
 * it as a history swipe and left the page, with it the viewer saw no moves.)
 */
async function swipeViewer(page: Page, dx: number): Promise<void> {
  await page.locator('.yarl__container').evaluate((container, distance) => {
    const send = (type: string, x: number, buttons: number) =>
      container.dispatchEvent(
        new PointerEvent(type, {
          bubbles: true,
          pointerId: 7,
          pointerType: 'touch',
          isPrimary: true,
          clientX: x,
          clientY: 300,
          buttons,
        }),
      );
    send('pointerdown', 150, 1);
    for (let step = 1; step <= 8; step += 1) send('pointermove', 150 + (distance * step) / 8, 1);
    send('pointerup', 150 + distance, 0);
  }, dx);
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('a visitor at %s size', (viewport) => {
  it('opens a curated gallery and moves through it with the keyboard in the viewer', async () => {
    const context = await newContext(viewport);
    const page = await context.newPage();
    await page.goto(`/gallery/public/${galleryId}`);
    await page.getByRole('heading', { name: 'Evening Light Favourites' }).waitFor();
    await page.getByText('A few of my favourite evenings.').waitFor();
    await page.getByText(/^3 photos · /).waitFor();
    // The site's name (other journeys may have renamed it) heads the page.
    const [profile] = await sql<{ site_name: string | null }>(
      'select site_name from public.photographer_profile limit 1',
    );
    await page
      .getByRole('banner')
      .getByText(profile?.site_name || 'Photography Portfolio', { exact: true })
      .waitFor();
    expect(await tiles(page).count()).toBe(3);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[role="list"] img')).every(
        (img) => (img as HTMLImageElement).naturalWidth > 0,
      ),
    );
    await screenshot(page, `public-gallery-${viewport}`);

    // Keyboard: open the second photo, arrows move, Esc closes and focus returns to the photo shown last.
    await tiles(page).nth(1).focus();
    await page.keyboard.press('Enter');
    await viewerImage(page).waitFor();
    expect(await shownInViewer(page)).toBe('rotated-exif6.jpg');
    // The viewer shows the preview rendition, not the original.
    expect(await viewerImage(page).evaluate((img) => (img as HTMLImageElement).currentSrc)).toMatch(
      /\.(preview|thumb)\.webp$/,
    );
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      () =>
        document.querySelector('.yarl__slide_current img')?.getAttribute('alt') === 'landscape.jpg',
    );
    await screenshot(page, `public-gallery-viewer-${viewport}`, { fullPage: false });
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(
      () =>
        document.querySelector('.yarl__slide_current img')?.getAttribute('alt') ===
        'rotated-exif6.jpg',
    );
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      () =>
        document.querySelector('.yarl__slide_current img')?.getAttribute('alt') === 'landscape.jpg',
    );

    // A swipe to the right goes back one photo, to the left forward.
    await swipeViewer(page, 240);
    await page.waitForFunction(
      () =>
        document.querySelector('.yarl__slide_current img')?.getAttribute('alt') ===
        'rotated-exif6.jpg',
    );
    await swipeViewer(page, -240);
    await page.waitForFunction(
      () =>
        document.querySelector('.yarl__slide_current img')?.getAttribute('alt') === 'landscape.jpg',
    );
    // Zoom enlarges the photo.
    const widthBefore = (await viewerImage(page).boundingBox())!.width;
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.waitForFunction(
      (before) =>
        (document.querySelector('.yarl__slide_current img')?.getBoundingClientRect().width ?? 0) >
        before * 1.2,
      widthBefore,
    );

    await page.keyboard.press('Escape');
    await page.locator('.yarl__root').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'landscape.jpg, photo 3 of 3',
    );
    await context.close();
  });

  it('opens a public album with a download on each photo and a way back', async () => {
    const context = await newContext(viewport);
    const page = await context.newPage();
    await page.goto(`/gallery/${publicAlbum.id}`);
    await page.getByRole('heading', { name: 'Meadow Family Session' }).waitFor();
    await page.getByText('Wildflowers and a very muddy dog.').waitFor();
    expect(await tiles(page).count()).toBe(3);
    expect(await page.getByRole('button', { name: /^Download .+\.jpg$/ }).count()).toBe(3);
    await screenshot(page, `public-album-${viewport}`);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download portrait.jpg' }).click(),
    ]);
    // 'Original' delivers the original, byte for byte.
    expect(download.suggestedFilename()).toBe('portrait.jpg');
    expect(readFileSync(await download.path()).equals(publicAlbum.photos[1]!.bytes)).toBe(true);
    await expectToast(page, 'Download Started');

    await page.getByRole('link', { name: 'Back to Galleries' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#galleries');
    // The home page opens at its collections.
    await page.waitForFunction(() => {
      const top = document.getElementById('galleries')?.getBoundingClientRect().top;
      return top !== undefined && Math.abs(top) < 80;
    });
    await context.close();
  });
});

describe.each(VIEWER_SIZES)('the viewer at $width px', (size) => {
  it('hides the page behind an opaque near-black backdrop, with 44 px controls in contrast and the photo as large as fits', async () => {
    const context = await newContext(size);
    const page = await context.newPage();
    await page.goto(`/gallery/public/${galleryId}`);
    await page.getByRole('heading', { name: 'Evening Light Favourites' }).waitFor();
    await tiles(page).first().click();
    const { icons, counter } = await expectSolidViewer(page);
    console.log(
      `public viewer at ${size.width} px: icons ${icons.toFixed(1)}:1, counter ${counter.toFixed(1)}:1`,
    );
    await screenshot(page, `public-gallery-viewer-${size.width}`, { fullPage: false });
    // The portrait photo next, and the same again.
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      () =>
        document.querySelector('.yarl__slide_current img')?.getAttribute('alt') ===
        'rotated-exif6.jpg',
    );
    await expectSolidViewer(page);
    await screenshot(page, `public-gallery-viewer-portrait-${size.width}`, { fullPage: false });
    await context.close();
  });
});

describe('galleries a visitor cannot see', () => {
  it('a private album: toast and back home; an inactive or unknown curated gallery: Gallery Not Found', async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await page.goto(`/gallery/${privateAlbum.id}`);
    await expectToast(page, 'This gallery is not available or has been made private');
    await page.waitForURL((url) => url.pathname === '/');

    const hidden = await seedPublicGallery({
      title: 'Hidden Gallery',
      isActive: false,
      photoIds: [publicAlbum.photos[0]!.id],
    });
    for (const path of [
      `/gallery/public/${hidden}`,
      '/gallery/public/not-a-gallery',
      '/gallery/public/00000000-0000-4000-8000-000000000000',
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Gallery Not Found' }).waitFor();
      await page.getByText('This gallery is not available or has been made private.').waitFor();
      expect(await page.getByText('Hidden Gallery').count()).toBe(0);
    }
    await screenshot(page, 'public-gallery-not-found');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('an empty curated gallery says so', async () => {
    const empty = await seedPublicGallery({ title: 'Coming Soon Gallery', photoIds: [] });
    const context = await newContext('phone');
    const page = await context.newPage();
    await page.goto(`/gallery/public/${empty}`);
    await page.getByRole('heading', { name: 'No Photos' }).waitFor();
    await page.getByText("This gallery doesn't have any photos yet.").waitFor();
    await context.close();
  });
});

describe('an album of 1,000 photos', () => {
  it('opens and scrolls end to end without holding 1,000 images in the page', async () => {
    const album = await seedAlbum({ name: 'A Thousand Moments', photos: ['landscape.jpg'] });
    await addPhotoRows(album.id, album.photos[0]!, 999);
    expect(
      (
        await sql<{ n: number }>(
          'select count(*)::int as n from public.photos where album_id = $1',
          [album.id],
        )
      )[0]!.n,
    ).toBe(1000);
    const token = await seedClientLink({ albumId: album.id });

    const context = await newContext('desktop');
    const page = await context.newPage();
    await page.goto(`/client/${token}`);
    // The photos arrive a page at a time (the first small): the count and Download All wait for all of them.
    await page.getByText('1000 photos').waitFor();
    expect(await page.getByRole('button', { name: 'Download All Photos' }).isEnabled()).toBe(true);
    expect(await page.locator('[role="list"] img').count()).toBeGreaterThan(0);
    // Scroll to the end a screen at a time, as a person would, counting the images drawn
    // after each screen.
    let mostImages = 0;
    let lastTop = -1;
    for (;;) {
      await page.evaluate(() => window.scrollBy(0, window.innerHeight * 0.9));
      await framesDrawn(page, 2);
      const view = await page.evaluate(() => {
        const { scrollHeight } = document.documentElement;
        return {
          top: window.scrollY,
          height: scrollHeight,
          atEnd: window.scrollY + window.innerHeight >= scrollHeight - 2,
          images: document.querySelectorAll('[role="list"] img').length,
        };
      });
      mostImages = Math.max(mostImages, view.images);
      if (view.atEnd) break;
      // A page that stops scrolling says where at once, rather than after hundreds of steps.
      expect(
        view.top,
        `scrolled to ${view.top} of ${view.height} px, and no further`,
      ).toBeGreaterThan(lastTop);
      lastTop = view.top;
    }
    await page.getByRole('button', { name: /, photo 1000 of 1000$/ }).waitFor();
    expect(mostImages).toBeLessThanOrEqual(120);
    await context.close();
  });
});

describe('the start of a gallery page', () => {
  it("shows the gallery and loads its first photos from the HTML, while React's code is still on its way", async () => {
    const context = await newContext('phone');
    const page = await context.newPage();
    // React's chunk (React, its DOM renderer, the router) is held back until the test lets it go.
    const releaseReact = await holdResponses(page, /\/assets\/react-[^/]+\.js$/);
    const firstThumb = new URL(privateAlbum.photos[1]!.thumbUrl).pathname;
    const thumbAsked = page.waitForRequest(
      (request) => new URL(request.url()).pathname === firstThumb,
    );
    await page.goto(`/gallery/public/${galleryId}`, { waitUntil: 'commit' });
    // The server drew the page: its heading and its photos are there before any of the app's code ran.
    await page.getByRole('heading', { name: 'Evening Light Favourites' }).waitFor();
    await thumbAsked;
    expect(await tiles(page).count()).toBe(3);
    releaseReact();
    // Hydrated (the app says it has started: src/app/app.tsx), a photo opens in the viewer.
    await page.waitForFunction(() => document.documentElement.dataset.app === 'started');
    await tiles(page).first().click();
    await page.locator('.yarl__slide_current img').waitFor();
    await context.close();
  });
});

describe('visitor downloads', () => {
  it("'Web size' delivers the 2048 px preview under the photo's name, 'Off' offers no download at all", async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await page.goto(`/gallery/public/${galleryId}`);
    await page.getByRole('heading', { name: 'Evening Light Favourites' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download landscape.jpg' }).first().click(),
    ]);
    expect(download.suggestedFilename()).toBe('landscape.webp');
    const preview = await fetch(new URL(privateAlbum.photos[1]!.previewUrl, workerStack().url));
    expect(
      readFileSync(await download.path()).equals(Buffer.from(await preview.arrayBuffer())),
    ).toBe(true);

    await sql(`update public.public_galleries set visitor_downloads = 'off' where id = $1`, [
      galleryId,
    ]);
    await page.reload();
    await tiles(page).first().waitFor();
    expect(await page.getByRole('button', { name: /^Download/ }).count()).toBe(0);
    await tiles(page).first().click();
    await viewerImage(page).waitFor();
    expect(await page.getByRole('button', { name: 'Download' }).count()).toBe(0);
    await sql(`update public.public_galleries set visitor_downloads = 'web' where id = $1`, [
      galleryId,
    ]);
    await context.close();
  });
});
