import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_FLOW_SIZES,
  expectToast,
  fixturePath,
  newContext,
  screenshot,
  signInAsAdmin,
  sql,
  THREE_FIXTURES,
} from './browser';
import { seedAlbum } from './public-seed';

interface PhotoRow {
  id: string;
  original_filename: string;
  width: number;
  height: number;
  file_url: string;
  thumb_url: string;
  preview_url: string;
  mime_type: string;
}

const photosOf = (albumId: string) =>
  sql<PhotoRow>(
    `select id, original_filename, width, height, file_url, thumb_url, preview_url, mime_type
       from public.photos where album_id = $1 order by original_filename`,
    [albumId],
  );

async function createCollection(page: Page, name: string): Promise<string> {
  await page.goto('/admin/albums');
  await page.getByRole('heading', { name: 'Shoot Collections', exact: true }).waitFor();
  await page.getByRole('button', { name: 'New Collection' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create Collection' }).click();
  await dialog.getByText('Collection name is required').waitFor();
  await dialog.getByLabel('Collection Name').fill(name);
  await dialog.getByLabel('Description').fill('Golden hour in the park');
  await dialog.getByRole('button', { name: 'Create Collection' }).click();
  await expectToast(page, 'Album created successfully');
  const [row] = await sql<{ id: string; description: string }>(
    'select id, description from public.albums where name = $1',
    [name],
  );
  expect(row?.description).toBe('Golden hour in the park');
  return row!.id;
}

/** The size an <img> shows its picture at, after EXIF orientation. */
async function renderedSize(page: Page, url: string) {
  return page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  }, url);
}

describe.each(ADMIN_FLOW_SIZES)('shoot collections at %s size', (viewport) => {
  it('creates a collection, uploads real JPEGs (one EXIF-rotated), deletes a photo and renames the collection', async () => {
    const context = await newContext(viewport);
    const page = await context.newPage();
    await signInAsAdmin(page);
    const name = `Rivera Family ${viewport}`;
    const albumId = await createCollection(page, name);

    const card = page.getByTestId('album-card').filter({ hasText: name });
    await card.getByText('0 photos').waitFor();
    await screenshot(page, `albums-${viewport}`);
    await card.getByRole('link').click();
    await page.getByText('No photos yet').waitFor();
    await page.getByText('Start by uploading some photos to this collection.').waitFor();

    // A file that is not an image is skipped with the spec's message.
    const notes = join(tmpdir(), 'notes.txt');
    writeFileSync(notes, 'shot list');
    await page.getByRole('button', { name: 'Add Photos' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Photos' });
    await dialog.getByLabel('Choose photos').setInputFiles(notes);
    await expectToast(page, 'notes.txt is not an image file.');
    await expectToast(page, 'Invalid file type');

    await dialog.getByLabel('Choose photos').setInputFiles(THREE_FIXTURES);
    await expectToast(page, '3 photos uploaded successfully.');
    expect(await dialog.getByTestId('upload-percent').textContent()).toBe('100%');
    await screenshot(page, `add-photos-done-${viewport}`);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The database holds the three photos with their displayed sizes (EXIF orientation applied).
    const photos = await photosOf(albumId);
    expect(
      photos.map((photo) => [photo.original_filename, photo.width, photo.height, photo.mime_type]),
    ).toEqual([
      ['landscape.jpg', 1200, 800, 'image/jpeg'],
      ['portrait.jpg', 800, 1200, 'image/jpeg'],
      ['rotated-exif6.jpg', 800, 1200, 'image/jpeg'],
    ]);
    for (const photo of photos) {
      // The original is private (docs/SECURITY.md class 6); the renditions are public.
      expect(photo.file_url).toBe(
        `/storage/v1/object/authenticated/originals/${albumId}/${photo.id}.jpg`,
      );
      expect(photo.thumb_url).toContain(`${photo.id}.thumb.webp`);
      expect(photo.preview_url).toContain(`${photo.id}.preview.webp`);
    }
    // Thumbnails are small WebP pictures the right way up; the original is kept byte for byte.
    const rotated = photos.find((photo) => photo.original_filename === 'rotated-exif6.jpg')!;
    const thumb = await renderedSize(page, rotated.thumb_url);
    expect(thumb.height).toBe(480);
    expect(thumb.width).toBe(320);
    const preview = await renderedSize(page, rotated.preview_url);
    expect(preview).toEqual({ width: 800, height: 1200 });
    const thumbResponse = await page.request.get(rotated.thumb_url);
    expect(thumbResponse.headers()['content-type']).toBe('image/webp');
    // Nobody without rights reads the original, by its path or its old public address.
    expect((await page.request.get(rotated.file_url)).status()).toBeGreaterThanOrEqual(400);
    expect(
      (
        await page.request.get(`/storage/v1/object/public/photos/${albumId}/${rotated.id}.jpg`)
      ).status(),
    ).toBeGreaterThanOrEqual(400);

    // What the photographer sees: three tiles with name, size in MB and width x height.
    const tiles = page.getByTestId('photo-tile');
    await page.getByTestId('album-photo-count').getByText('3 photos').waitFor();
    expect(await tiles.count()).toBe(3);
    const rotatedTile = tiles.filter({ hasText: 'rotated-exif6.jpg' });
    await rotatedTile.getByText('800 x 1200').waitFor();
    await rotatedTile.getByText(/^\d+ KB/).waitFor();
    const tileImage = rotatedTile.locator('img');
    await page.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      await tileImage.elementHandle(),
    );
    const shown = await tileImage.evaluate((img: HTMLImageElement) => ({
      width: img.naturalWidth,
      height: img.naturalHeight,
    }));
    expect(shown.height).toBeGreaterThan(shown.width);
    // 'Open in a new tab' opens the original, byte for byte, at a URL signed for a minute.
    // By keyboard: on a phone the upload's toasts may lie over the tile.
    await rotatedTile.getByRole('button', { name: 'Open rotated-exif6.jpg in a new tab' }).focus();
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.keyboard.press('Enter'),
    ]);
    await tab.waitForURL(/\/storage\/v1\/object\/sign\/originals\//);
    expect(
      (await (await page.request.get(tab.url())).body()).equals(
        (await import('node:fs')).readFileSync(fixturePath('rotated-exif6.jpg')),
      ),
    ).toBe(true);
    await tab.close();
    await screenshot(page, `album-detail-${viewport}`);

    // Deleting a photo removes it from the grid, the database and storage.
    const portrait = photos.find((photo) => photo.original_filename === 'portrait.jpg')!;
    await tiles
      .filter({ hasText: 'portrait.jpg' })
      .getByRole('button', { name: 'Delete portrait.jpg' })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Photo' }).click();
    await expectToast(page, 'Photo deleted');
    await page.getByTestId('album-photo-count').getByText('2 photos').waitFor();
    expect((await photosOf(albumId)).map((photo) => photo.original_filename)).toEqual([
      'landscape.jpg',
      'rotated-exif6.jpg',
    ]);
    for (const url of [portrait.thumb_url, portrait.preview_url]) {
      expect((await page.request.get(url)).status()).toBe(404);
    }
    expect(
      await sql('select bucket_id, name from storage.objects where name like $1', [
        `${albumId}/${portrait.id}%`,
      ]),
    ).toEqual([]);

    // Renaming the collection.
    await page.getByRole('link', { name: 'Back to Collections' }).click();
    await card.getByText('2 photos').waitFor();
    await card.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Collection' });
    await editDialog.getByLabel('Collection Name').fill(`${name} (edited)`);
    // 'Visitor downloads' is asked for once the collection is shown on the home page.
    expect(await editDialog.getByLabel('Visitor downloads').count()).toBe(0);
    await editDialog.getByRole('switch', { name: 'Show on home page' }).click();
    await editDialog.getByLabel('Visitor downloads').selectOption({ label: 'Off' });
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Album updated successfully');
    expect(
      await sql('select name, is_public, visitor_downloads from public.albums where id = $1', [
        albumId,
      ]),
    ).toEqual([{ name: `${name} (edited)`, is_public: true, visitor_downloads: 'off' }]);
    await card.getByText('No downloads').waitFor();
    await context.close();
  });
});

describe('deleting a collection', () => {
  it('asks first, then removes the collection with its photos', async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await signInAsAdmin(page);
    const albumId = await createCollection(page, 'To be deleted');
    const card = page.getByTestId('album-card').filter({ hasText: 'To be deleted' });
    await card.getByRole('button', { name: 'Actions for To be deleted' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Collection' }).click();
    await expectToast(page, 'Album deleted successfully');
    await card.waitFor({ state: 'detached' });
    expect(await sql('select 1 from public.albums where id = $1', [albumId])).toEqual([]);
    await context.close();
  });
});

describe('a half-filled dialog', () => {
  it("asks 'Discard changes?' on Escape, × and Cancel, keeps the text on 'Keep Editing', and the top bar says it is unsaved", async () => {
    const context = await newContext('phone');
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/albums');
    await page.getByRole('button', { name: 'New Collection' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Collection' });
    // Untouched, it closes without a question (once open, with the name field focused).
    await expect
      .poll(() =>
        dialog.getByLabel('Collection Name').evaluate((input) => input === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'New Collection' }).first().click();
    await dialog.getByLabel('Collection Name').fill('Half a name');
    expect(await page.getByTestId('sync-status').getAttribute('data-state')).toBe('unsaved');
    const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
    for (const close of [
      () => page.keyboard.press('Escape'),
      () => dialog.getByRole('button', { name: 'Close' }).click(),
    ]) {
      await close();
      await ask.getByRole('button', { name: 'Keep Editing' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await dialog.getByLabel('Collection Name').inputValue()).toBe('Half a name');
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await screenshot(page, 'dialog-discard-phone', { fullPage: false });
    await ask.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('sync-status').getAttribute('data-state')).toBe('saved');
    expect(await sql("select 1 from public.albums where name = 'Half a name'")).toEqual([]);
    await context.close();
  });
});

describe('Add Photos on a phone', () => {
  it("offers only 'Choose Photos' on a touch screen, where there is nothing to drag", async () => {
    const context = await newContext({ width: 390, height: 844 }, { touch: true });
    const page = await context.newPage();
    await signInAsAdmin(page);
    await createCollection(page, 'Phone Upload');
    await page.getByRole('link', { name: /Phone Upload/ }).click();
    await page.getByRole('button', { name: 'Add Photos' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Photos' });
    await dialog.getByRole('button', { name: 'Choose Photos', exact: true }).waitFor();
    expect(await dialog.getByText('Drag photos here').count()).toBe(0);
    await screenshot(page, 'add-photos-touch-390', { fullPage: false });
    await context.close();
  });

  it("keeps 'Drag photos here' with a mouse", async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await signInAsAdmin(page);
    await createCollection(page, 'Desk Upload');
    await page.getByRole('link', { name: /Desk Upload/ }).click();
    await page.getByRole('button', { name: 'Add Photos' }).first().click();
    await page.getByRole('dialog', { name: 'Add Photos' }).getByText('Drag photos here').waitFor();
    await context.close();
  });
});

describe('looking at a photo in the admin', () => {
  it('opens a tile in the viewer, moves to the next photo and gives focus back on Escape', async () => {
    const album = await seedAlbum({
      name: 'Viewer Check',
      photos: ['landscape.jpg', 'portrait.jpg'],
    });
    const context = await newContext('desktop');
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto(`/admin/albums/${album.id}`);
    await page.getByRole('button', { name: 'View landscape.jpg' }).click();
    const shown = page.locator('.yarl__slide_current img');
    await expect.poll(() => shown.getAttribute('alt')).toBe('landscape.jpg');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shown.getAttribute('alt')).toBe('portrait.jpg');
    // The slide has come to rest in the middle (the swipe animation is over) before the screenshot.
    await expect
      .poll(async () => {
        const box = await shown.boundingBox();
        return box ? Math.round(box.x + box.width / 2) : null;
      })
      .toBe(640);
    await screenshot(page, 'admin-photo-viewer-desktop', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.locator('.yarl__container').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('View portrait.jpg');
    await context.close();
  });
});
