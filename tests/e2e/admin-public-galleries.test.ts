import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_FLOW_SIZES,
  expectToast,
  newContext,
  screenshot,
  signInAsAdmin,
  sql,
  THREE_FIXTURES,
  cancelAndDiscard,
} from './browser';

interface PhotoRow {
  id: string;
  original_filename: string;
  thumb_url: string;
}

/** A collection made through the Shoot Collections screen; returns its id. */
async function createCollection(page: Page, name: string): Promise<string> {
  await page.goto('/admin/albums?new=1');
  const dialog = page.getByRole('dialog', { name: 'New Collection' });
  await dialog.getByLabel('Collection Name').fill(name);
  await dialog.getByRole('button', { name: 'Create Collection' }).click();
  await expectToast(page, 'Album created successfully');
  const [row] = await sql<{ id: string }>('select id from public.albums where name = $1', [name]);
  return row!.id;
}

/** Uploads the three real test JPEGs into a collection through its 'Add Photos' dialog. */
async function uploadThreePhotos(page: Page, albumId: string): Promise<PhotoRow[]> {
  await page.goto(`/admin/albums/${albumId}`);
  await page.getByText('No photos yet').waitFor();
  await page.getByRole('button', { name: 'Add Photos' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Photos' });
  await dialog.getByLabel('Choose photos').setInputFiles(THREE_FIXTURES);
  await expectToast(page, '3 photos uploaded successfully.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  return sql<PhotoRow>(
    'select id, original_filename, thumb_url from public.photos where album_id = $1 order by original_filename',
    [albumId],
  );
}

const membersOf = (galleryId: string) =>
  sql<{ original_filename: string; sort_order: number }>(
    `select p.original_filename, gp.sort_order
       from public.public_gallery_photos gp join public.photos p on p.id = gp.photo_id
      where gp.public_gallery_id = $1 order by gp.sort_order`,
    [galleryId],
  );

/** Waits until every picture inside has loaded with real pixels. */
async function expectImagesLoaded(scope: Locator, count: number): Promise<void> {
  const images = scope.locator('img');
  await expect.poll(() => images.count()).toBe(count);
  for (const image of await images.all()) {
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 10_000,
      })
      .toBe(true);
  }
}

const tile = (dialog: Locator, filename: string, album: string) =>
  dialog.getByRole('button', { name: `${filename} from ${album}`, exact: true });

describe.each(ADMIN_FLOW_SIZES)('public galleries at %s size', (viewport) => {
  it('creates a gallery from picked photos, edits its photos and status, and deletes it', async () => {
    // Each size starts from an empty site (both sizes share one throwaway database).
    await sql('delete from public.public_galleries');
    await sql('delete from public.albums');

    const context = await newContext(viewport);
    const page = await context.newPage();
    await signInAsAdmin(page);

    // Nothing yet: the empty state, and the picker says there is nothing to pick.
    await page.goto('/admin/public-galleries');
    await page.getByRole('heading', { name: 'Public Galleries', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Create Your First Public Gallery' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create Public Gallery' });
    await dialog.getByText('No photos available. Upload photos to collections first.').waitFor();
    await screenshot(page, `public-gallery-dialog-no-photos-${viewport}`);
    await dialog.getByRole('button', { name: 'Create Gallery' }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await sql('select 1 from public.public_galleries')).toEqual([]);

    // A shoot with three real photos, and an empty one.
    const shoot = `Meadow Session ${viewport}`;
    const albumId = await createCollection(page, shoot);
    const emptyId = await createCollection(page, `Empty Shoot ${viewport}`);
    const photos = await uploadThreePhotos(page, albumId);
    const [landscape, portrait, rotated] = photos as [PhotoRow, PhotoRow, PhotoRow];

    await page.goto('/admin/public-galleries');
    await page.getByRole('button', { name: 'Create Your First Public Gallery' }).waitFor();
    await screenshot(page, `public-galleries-empty-${viewport}`);
    await page.getByRole('button', { name: 'New Gallery' }).click();
    dialog = page.getByRole('dialog', { name: 'Create Public Gallery' });
    const active = dialog.getByRole('checkbox', { name: 'Active' });
    expect(await active.getAttribute('aria-checked')).toBe('true');
    const filter = dialog.getByRole('combobox', { name: 'Collection' });
    await expectImagesLoaded(dialog.getByTestId('photo-picker'), 3);
    expect(await filter.locator('option').allTextContents()).toEqual([
      'All Collections',
      `Empty Shoot ${viewport} (0 photos)`,
      `${shoot} (3 photos)`,
    ]);
    await filter.selectOption(emptyId);
    await dialog
      .getByText('No photos in this collection. Try selecting a different collection.')
      .waitFor();
    await filter.selectOption(albumId);
    await expectImagesLoaded(dialog.getByTestId('photo-picker'), 3);

    // Picked portrait first, then landscape: that is the gallery's order.
    const title = `Featured ${viewport}`;
    await dialog.getByLabel('Title').fill(title);
    await tile(dialog, 'portrait.jpg', shoot).click();
    await tile(dialog, 'landscape.jpg', shoot).click();
    await dialog.getByTestId('selected-count').getByText('2 selected').waitFor();
    expect(await dialog.getByTestId('selected-mark').count()).toBe(2);
    expect(await tile(dialog, 'rotated-exif6.jpg', shoot).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await screenshot(page, `public-gallery-dialog-${viewport}`);
    await dialog.getByRole('button', { name: 'Create Gallery' }).click();
    await expectToast(page, 'Gallery created');
    await dialog.waitFor({ state: 'detached' });

    const [created] = await sql<{
      id: string;
      title: string;
      description: string | null;
      is_active: boolean;
    }>('select id, title, description, is_active, visitor_downloads from public.public_galleries');
    // Visitors get web-size downloads unless the photographer chooses otherwise.
    expect(created).toMatchObject({
      title,
      description: null,
      is_active: true,
      visitor_downloads: 'web',
    });
    const galleryId = created!.id;
    expect(await membersOf(galleryId)).toEqual([
      { original_filename: 'portrait.jpg', sort_order: 0 },
      { original_filename: 'landscape.jpg', sort_order: 1 },
    ]);

    // The card: cover (the first picked photo), title, 'No description', '2 photos', 'Active'.
    const card = page.getByTestId('gallery-card').filter({ hasText: title });
    await card.getByText('2 photos').waitFor();
    await card.getByText('Active', { exact: true }).waitFor();
    await card.getByText('No description').waitFor();
    await card.getByText('Web-size downloads').waitFor();
    await expectImagesLoaded(card, 1);
    expect(await card.locator('img').getAttribute('src')).toContain(`${portrait.id}.thumb.webp`);
    await screenshot(page, `public-galleries-${viewport}`);

    // Edit: the two photos are preselected; swap landscape for the rotated one and deactivate.
    await card.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Public Gallery' });
    await dialog.getByTestId('selected-count').getByText('2 selected').waitFor();
    await expectImagesLoaded(dialog.getByTestId('photo-picker'), 3);
    expect(await dialog.getByLabel('Title').inputValue()).toBe(title);
    expect(await tile(dialog, 'portrait.jpg', shoot).getAttribute('aria-pressed')).toBe('true');
    expect(await tile(dialog, 'landscape.jpg', shoot).getAttribute('aria-pressed')).toBe('true');
    expect(await tile(dialog, 'rotated-exif6.jpg', shoot).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(await dialog.getByTestId('selected-mark').count()).toBe(2);
    await tile(dialog, 'landscape.jpg', shoot).click();
    await dialog.getByTestId('selected-count').getByText('1 selected').waitFor();
    await tile(dialog, 'rotated-exif6.jpg', shoot).click();
    await dialog.getByTestId('selected-count').getByText('2 selected').waitFor();
    // The order strip: the rotated one moved to the front by keyboard.
    const order = dialog.getByTestId('gallery-order');
    await order.getByRole('button', { name: 'Move rotated-exif6.jpg, number 2' }).focus();
    await page.keyboard.press('ArrowLeft');
    await order
      .getByTestId('gallery-order-status')
      .getByText('rotated-exif6.jpg moved to position 1 of 2.')
      .waitFor();
    // Focus stays on the moved photo.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Move rotated-exif6.jpg, number 1',
    );
    await order.getByRole('button', { name: 'Move rotated-exif6.jpg, number 1' }).waitFor();
    await dialog.getByRole('checkbox', { name: 'Active' }).click();
    expect(
      await dialog.getByRole('checkbox', { name: 'Active' }).getAttribute('aria-checked'),
    ).toBe('false');
    await dialog.getByLabel('Description').fill('Soft evening light');
    expect(await dialog.getByLabel('Visitor downloads').inputValue()).toBe('web');
    await dialog.getByLabel('Visitor downloads').selectOption({ label: 'Original' });
    await screenshot(page, `public-gallery-edit-dialog-${viewport}`);
    await dialog.getByRole('button', { name: 'Update Gallery' }).click();
    await expectToast(page, 'Gallery updated');
    await dialog.waitFor({ state: 'detached' });

    expect(
      await sql(
        'select title, description, is_active, visitor_downloads from public.public_galleries where id = $1',
        [galleryId],
      ),
    ).toEqual([
      {
        title,
        description: 'Soft evening light',
        is_active: false,
        visitor_downloads: 'original',
      },
    ]);
    expect(await membersOf(galleryId)).toEqual([
      { original_filename: 'rotated-exif6.jpg', sort_order: 0 },
      { original_filename: 'portrait.jpg', sort_order: 1 },
    ]);
    await card.getByText('Inactive', { exact: true }).waitFor();
    await card.getByText('Soft evening light').waitFor();
    await card.getByText('Original downloads').waitFor();
    expect(await card.getByText('Active', { exact: true }).count()).toBe(0);
    await card.getByText('2 photos').waitFor();
    await screenshot(page, `public-galleries-inactive-${viewport}`);

    // 'Clear Selection' empties the selection; cancelling leaves the gallery as it was.
    await card.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Public Gallery' });
    await dialog.getByTestId('selected-count').getByText('2 selected').waitFor();
    expect(await tile(dialog, 'rotated-exif6.jpg', shoot).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(
      await dialog.getByRole('checkbox', { name: 'Active' }).getAttribute('aria-checked'),
    ).toBe('false');
    await dialog.getByRole('button', { name: 'Clear Selection' }).click();
    await dialog.getByTestId('selected-count').getByText('0 selected').waitFor();
    expect(await dialog.getByTestId('selected-mark').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Clear Selection' }).isDisabled()).toBe(true);
    // A changed selection is an unsaved edit: Cancel asks, and Discard keeps the gallery as it was.
    await cancelAndDiscard(page, dialog);
    expect(await membersOf(galleryId)).toHaveLength(2);

    // Delete: asked first; the gallery goes, its photos stay in the collection.
    await card.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Gallery' }).click();
    await expectToast(page, 'Gallery deleted');
    await card.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Create Your First Public Gallery' }).waitFor();
    expect(await sql('select 1 from public.public_galleries where id = $1', [galleryId])).toEqual(
      [],
    );
    expect(
      await sql('select 1 from public.public_gallery_photos where public_gallery_id = $1', [
        galleryId,
      ]),
    ).toEqual([]);
    expect(
      (
        await sql<{ id: string }>('select id from public.photos where album_id = $1 order by id', [
          albumId,
        ])
      ).map((row) => row.id),
    ).toEqual([landscape.id, portrait.id, rotated.id].sort());
    await context.close();
  });
});
