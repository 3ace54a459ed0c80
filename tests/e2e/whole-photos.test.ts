import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectToast, newContext, screenshot, signInAsAdmin, sql } from './browser';
import { seedAlbum, seedClientLink, seedPublicGallery, type SeededPhoto } from './public-seed';
import { viewerShown } from './viewer-checks';

/**
 * Photos as they were framed (issue 20, item 5): a collection or public gallery set to
 * 'Grid: Whole photos' shows each photo whole, at its own aspect ratio, in rows that fill the
 * width; the boxes are fixed before any image arrives; a caption is the photo's alt text in
 * the grid and the viewer (the filename otherwise), written by the photographer in the admin.
 */

const PHONE = { width: 390, height: 844 };
const SIZES = [
  ['desktop', 'desktop'],
  ['phone', PHONE],
] as const;

const CAPTION = 'Ava laughing at the water’s edge';

let album: { id: string; photos: SeededPhoto[] };

beforeAll(async () => {
  album = await seedAlbum({
    name: `Lakeside Whole ${crypto.randomUUID().slice(0, 6)}`,
    isPublic: true,
    photoLayout: 'whole',
    photos: [
      'landscape.jpg',
      'portrait.jpg',
      'rotated-exif6.jpg',
      'portrait.jpg',
      'landscape.jpg',
      'portrait.jpg',
      'landscape.jpg',
    ],
  });
  await sql('update public.photos set caption = $1 where id = $2', [CAPTION, album.photos[1]!.id]);
  // A panorama: its box follows the stored size (the picture is cropped to it).
  await sql('update public.photos set width = 3600, height = 1200 where id = $1', [
    album.photos[4]!.id,
  ]);
});

interface Tile {
  index: number;
  box: { x: number; y: number; width: number; height: number };
  alt: string;
  name: string;
}

/** Every tile of the grid on screen: where it is, its image's alt text and its button's name. */
const tiles = (page: Page): Promise<Tile[]> =>
  page.locator('[role="list"][aria-label="Photos"] [role="listitem"]').evaluateAll((items) =>
    items.map((item) => {
      const button = item.querySelector('button[data-photo-index]')!;
      const rect = item.getBoundingClientRect();
      return {
        index: Number(button.getAttribute('data-photo-index')),
        // To a tenth of a pixel: the page's scroll position adds float noise below that.
        box: Object.fromEntries(
          Object.entries({
            x: rect.x,
            y: rect.y + window.scrollY,
            width: rect.width,
            height: rect.height,
          }).map(([key, value]) => [key, Math.round(value * 10) / 10]),
        ) as { x: number; y: number; width: number; height: number },
        alt: item.querySelector('img')!.alt,
        name: button.getAttribute('aria-label') ?? '',
      };
    }),
  );

const storedAspects = async (albumId: string) =>
  (
    await sql<{ width: number; height: number }>(
      'select width, height from public.photos where album_id = $1 order by sort_order, created_at, id',
      [albumId],
    )
  ).map((row) => row.width / row.height);

/** Each box shown is at its photo's aspect ratio; the tiles shown (the grid is virtual) are returned. */
async function expectWholeBoxes(page: Page, albumId: string) {
  expect(await page.locator('[role="list"][aria-label="Photos"]').getAttribute('data-layout')).toBe(
    'whole',
  );
  const aspects = await storedAspects(albumId);
  const shown = await tiles(page);
  expect(shown.length).toBeGreaterThan(1);
  for (const tile of shown)
    expect(tile.box.width / tile.box.height).toBeCloseTo(aspects[tile.index]!, 1);
  return shown;
}

/** With the grid in view: every photo has its box, and every row but the last is exactly as wide as the grid, at one height. */
async function expectWholePhotoRows(page: Page, albumId: string) {
  const grid = page.locator('[role="list"][aria-label="Photos"]');
  await grid.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  // The grid is virtual: it draws the rows that came into view on the scroll event, a frame
  // or more after the scroll (on busy cores, more), as a person sees them appear.
  const every = (await storedAspects(albumId)).map((_, index) => index);
  await expect.poll(async () => (await tiles(page)).map((tile) => tile.index)).toEqual(every);
  const gridWidth = (await grid.boundingBox())!.width;
  const shown = await expectWholeBoxes(page, albumId);
  expect(shown.map((tile) => tile.index)).toEqual(every);

  const rows = new Map<number, Tile[]>();
  for (const tile of shown)
    rows.set(Math.round(tile.box.y), [...(rows.get(Math.round(tile.box.y)) ?? []), tile]);
  const ordered = [...rows.values()];
  expect(ordered.length).toBeGreaterThan(1);
  for (const row of ordered.slice(0, -1)) {
    const left = Math.min(...row.map((tile) => tile.box.x));
    const right = Math.max(...row.map((tile) => tile.box.x + tile.box.width));
    expect(right - left).toBeCloseTo(gridWidth, 0);
    // One height a row.
    expect(new Set(row.map((tile) => Math.round(tile.box.height))).size).toBe(1);
  }
  return shown;
}

describe('whole photos', () => {
  it.each(SIZES)(
    'a client link shows whole photos in full rows at %s size, boxes fixed before the thumbnails arrive',
    async (name, viewport) => {
      const token = await seedClientLink({ albumId: album.id });
      const context = await newContext(viewport);
      const page = await context.newPage();
      // Thumbnails held back a moment: the grid is laid out without them.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\.(thumb|preview)\.webp/, async (route) => {
        await held;
        await route.continue();
      });
      // Not until 'load': that waits for the thumbnails held here.
      await page.goto(`/client/${token}`, { waitUntil: 'domcontentloaded' });
      await page.locator('[role="list"][aria-label="Photos"] img').first().waitFor();
      // The grid has measured itself (the server drew its first screen by CSS alone: docs/first-visits.md).
      await page.locator('[data-first-screen]').waitFor({ state: 'detached' });
      const before = await expectWholeBoxes(page, album.id);
      expect(
        await page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLImageElement>('[aria-label="Photos"] img')).some(
            (img) => img.complete,
          ),
        ),
      ).toBe(false);
      release();
      const after = await expectWholePhotoRows(page, album.id);
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('[aria-label="Photos"] img')).every(
          (img) => img.complete && img.naturalWidth > 0,
        ),
      );
      // Every box laid out before its thumbnail arrived is where it was.
      expect(await tiles(page)).toEqual(after);
      for (const tile of before)
        expect(after.find((shown) => shown.index === tile.index)!.box).toEqual(tile.box);

      // The caption is the alt text; the filename where there is none.
      expect(after[1]).toMatchObject({ alt: CAPTION, name: `${CAPTION}, photo 2 of 7` });
      expect(after[0]).toMatchObject({ alt: 'landscape.jpg', name: 'landscape.jpg, photo 1 of 7' });
      await screenshot(page, `whole-photos-client-${name}`);

      await page.getByRole('button', { name: `${CAPTION}, photo 2 of 7` }).click();
      await viewerShown(page);
      expect(await page.locator('.yarl__slide_current img').getAttribute('alt')).toBe(CAPTION);
      await context.close();
    },
  );

  it.each(SIZES)(
    'a page the server drew has every photo where the app then draws it, at %s size',
    async (name, viewport) => {
      /** The first screen's boxes, from the grid's top left corner. */
      const boxesIn = (page: Page, items: string) =>
        page.locator(`[role="list"][aria-label="Photos"]`).evaluate((grid, selector) => {
          const origin = grid.getBoundingClientRect();
          return Array.from(grid.querySelectorAll(selector)).map((item) => {
            const rect = item.getBoundingClientRect();
            return [rect.x - origin.x, rect.y - origin.y, rect.width, rect.height].map(
              (value) => Math.round(value * 10) / 10,
            );
          });
        }, items);
      // The server's HTML, as a browser shows it before any script runs.
      const drawnContext = await newContext(viewport, { javaScript: false });
      const drawn = await drawnContext.newPage();
      await drawn.goto(`/gallery/${album.id}`, { waitUntil: 'commit' });
      // With its stylesheet (the gaps are in it): read too early, the boxes lack them.
      await drawn.waitForLoadState('load');
      await drawn
        .locator('[data-first-screen] [role="listitem"]')
        .nth(album.photos.length - 1)
        .waitFor();
      const before = await boxesIn(drawn, '[role="listitem"]');
      await screenshot(drawn, `whole-photos-drawn-${name}`, { fullPage: false });
      await drawnContext.close();

      const context = await newContext(viewport);
      const page = await context.newPage();
      // The app takes the drawn grid over as it is (a hydration mismatch would say so here).
      const errors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`/gallery/${album.id}`);
      await page.locator('[data-first-screen]').waitFor({ state: 'detached' });
      await expectWholePhotoRows(page, album.id);
      const after = await boxesIn(page, '[role="listitem"]');
      expect(before.length).toBe(album.photos.length);
      // The same rows, photo for photo, to a pixel (the app lays out at a whole pixel's width).
      before.forEach((box, index) =>
        box.forEach((value, side) =>
          expect([index, side, Math.abs(value - after[index]![side]!) <= 1]).toEqual([
            index,
            side,
            true,
          ]),
        ),
      );
      expect(errors).toEqual([]);
      await screenshot(page, `whole-photos-app-${name}`, { fullPage: false });
      await context.close();
    },
  );

  it.each(SIZES)(
    'a public gallery set to whole photos shows them so at %s size; square stays square',
    async (name, viewport) => {
      const whole = await seedPublicGallery({
        title: 'Framed Whole',
        photoLayout: 'whole',
        photoIds: album.photos.map((photo) => photo.id),
      });
      const square = await seedPublicGallery({
        title: 'Framed Square',
        photoIds: album.photos.map((photo) => photo.id),
      });
      const context = await newContext(viewport);
      const page = await context.newPage();
      await page.goto(`/gallery/public/${whole}`);
      await page.locator('[role="list"][aria-label="Photos"] img').first().waitFor();
      await expectWholePhotoRows(page, album.id);
      await screenshot(page, `whole-photos-gallery-${name}`);

      await page.goto(`/gallery/public/${square}`);
      await page.locator('[role="list"][aria-label="Photos"] img').first().waitFor();
      expect(
        await page.locator('[role="list"][aria-label="Photos"]').getAttribute('data-layout'),
      ).toBe('square');
      for (const tile of await tiles(page)) expect(tile.box.width).toBeCloseTo(tile.box.height, 0);
      await context.close();
    },
  );
});

describe('captions and layout in the admin', () => {
  it.each(SIZES)(
    'the photographer writes a caption and chooses the layout at %s size',
    async (name, viewport) => {
      const collection = await seedAlbum({
        name: `Captions ${name} ${crypto.randomUUID().slice(0, 6)}`,
        photos: ['landscape.jpg', 'portrait.jpg'],
      });
      const context = await newContext(viewport);
      const page = await context.newPage();
      await signInAsAdmin(page);
      await page.goto(`/admin/albums/${collection.id}`);

      await page.getByRole('button', { name: 'Edit the caption of portrait.jpg' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Caption' });
      await dialog.getByLabel('Caption').fill('  The rings,\n on the old   oak table ');
      await dialog.getByText('31 of 300 characters').waitFor();
      await screenshot(page, `caption-dialog-${name}`);
      await dialog.getByRole('button', { name: 'Save Caption' }).click();
      await expectToast(page, 'Caption saved');
      const tile = page.getByTestId('photo-tile').filter({ hasText: 'portrait.jpg' });
      await tile
        .getByTestId('photo-caption')
        .getByText('The rings, on the old oak table')
        .waitFor();
      await expect
        .poll(
          async () =>
            (
              await sql<{ caption: string | null }>(
                'select caption from public.photos where id = $1',
                [collection.photos[1]!.id],
              )
            )[0]!.caption,
        )
        .toBe('The rings, on the old oak table');

      await screenshot(page, `caption-tile-${name}`);

      // Too long: refused in the form, nothing sent.
      await page.getByRole('button', { name: 'Edit the caption of landscape.jpg' }).click();
      await dialog.getByLabel('Caption').fill('x'.repeat(301));
      await dialog.getByRole('button', { name: 'Save Caption' }).click();
      await dialog.getByText('At most 300 characters').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Discard' }).click();
      expect(
        (
          await sql<{ caption: string | null }>('select caption from public.photos where id = $1', [
            collection.photos[0]!.id,
          ])
        )[0]!.caption,
      ).toBeNull();

      // The layout, in the collection's edit dialog.
      await page.getByRole('link', { name: 'Back to Collections' }).click();
      await page
        .getByRole('button', {
          name: `Actions for ${(await sql<{ name: string }>('select name from public.albums where id = $1', [collection.id]))[0]!.name}`,
        })
        .click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Collection' });
      expect(await edit.getByLabel('Photo layout').inputValue()).toBe('square');
      await edit.getByLabel('Photo layout').selectOption({ label: 'Grid: Whole photos' });
      await screenshot(page, `collection-layout-${name}`);
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Album updated successfully');
      await expect
        .poll(
          async () =>
            (
              await sql<{ photo_layout: string }>(
                'select photo_layout from public.albums where id = $1',
                [collection.id],
              )
            )[0]!.photo_layout,
        )
        .toBe('whole');

      // A public gallery's layout, in its dialog.
      await page.goto('/admin/public-galleries');
      await page.getByRole('button', { name: 'New Gallery' }).first().click();
      const gallery = page.getByRole('dialog', { name: 'Create Public Gallery' });
      await gallery.getByLabel('Photo layout').selectOption({ label: 'Grid: Whole photos' });
      await screenshot(page, `gallery-layout-${name}`);
      await context.close();
    },
  );
});
