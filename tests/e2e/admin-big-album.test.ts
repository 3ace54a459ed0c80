import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { keyboardDragListening, newContext, signInAsAdmin, sql } from './browser';
import { seedAlbum } from './public-seed';

/**
 * A wedding-sized collection in the admin area (issue 34, item 6): its rows are drawn only
 * near the screen, and reordering still reaches photos that were not drawn when the drag began.
 * One photo is uploaded with its renditions; the other 599 rows show the same files.
 */
const PHOTOS = 600;
const nameOf = (n: number) => `DSC_${String(n).padStart(4, '0')}.jpg`;

let albumId: string;

beforeAll(async () => {
  const album = await seedAlbum({
    name: 'Harbour Wedding',
    photos: [{ fixture: 'landscape.jpg', originalFilename: nameOf(1) }],
  });
  albumId = album.id;
  await sql(
    `insert into public.photos (album_id, filename, file_url, thumb_url, preview_url, original_filename,
                                file_size, width, height, mime_type, created_at, sort_order)
     select p.album_id, 'copy-' || n || '.jpg', p.file_url, p.thumb_url, p.preview_url,
            'DSC_' || lpad(n::text, 4, '0') || '.jpg', p.file_size, p.width, p.height, p.mime_type,
            p.created_at + make_interval(secs => n), n - 1
       from public.photos p, generate_series(2, $2::int) n
      where p.album_id = $1`,
    [albumId, PHOTOS],
  );
}, 60_000);

const tiles = (page: Page) => page.getByTestId('photo-tile');
const tileNamed = (page: Page, n: number) => tiles(page).filter({ hasText: nameOf(n) });

/** The filenames in the order the database keeps. */
const order = async () =>
  (
    await sql<{ original_filename: string }>(
      'select original_filename from public.photos where album_id = $1 order by sort_order, created_at, id',
      [albumId],
    )
  ).map((row) => row.original_filename);

/** Waits until the drag-and-drop live region says this. */
const announced = (page: Page, text: string) =>
  page.waitForFunction(
    (expected) => document.querySelector('[id^="DndLiveRegion"]')?.textContent === expected,
    text,
  );

describe('a collection of 600 photos in the admin area', () => {
  it('draws only the rows near the screen, down to its last photo', async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto(`/admin/albums/${albumId}`);
    await tileNamed(page, 1).waitFor();
    // Five to a row at 1280 px: the rows on screen and a few beyond, not 600 tiles.
    expect(await tiles(page).count()).toBeLessThan(60);
    expect(await tileNamed(page, PHOTOS).count()).toBe(0);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await tileNamed(page, PHOTOS).waitFor();
    expect(await tiles(page).count()).toBeLessThan(60);
    expect(await tileNamed(page, 1).count()).toBe(0);
    // The last row ends where the page's grid does: nothing drawn beyond it, nothing cut off.
    const grid = await page.getByTestId('photo-grid').boundingBox();
    const last = await tileNamed(page, PHOTOS).boundingBox();
    expect(Math.abs(grid!.y + grid!.height - (last!.y + last!.height))).toBeLessThan(2);
    await context.close();
  });

  it('moves a photo eight rows down by keyboard, past the rows drawn when it was picked up', async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto(`/admin/albums/${albumId}`);
    await page.getByRole('button', { name: `Move ${nameOf(3)}` }).focus();
    await page.keyboard.press('Space');
    await announced(page, `Picked up ${nameOf(3)}, at position 3 of ${PHOTOS}.`);
    await keyboardDragListening(page);
    for (let row = 1; row <= 8; row++) {
      await page.keyboard.press('ArrowDown');
      await announced(page, `${nameOf(3)} moved to position ${3 + row * 5} of ${PHOTOS}.`);
    }
    await page.keyboard.press('Space');
    await expect.poll(async () => (await order()).indexOf(nameOf(3))).toBe(42);
    const saved = await order();
    expect(saved.slice(40, 44)).toEqual([nameOf(42), nameOf(43), nameOf(3), nameOf(44)]);
    expect(saved).toHaveLength(PHOTOS);
    await context.close();
  });
});
