import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_FLOW_SIZES,
  expectToast,
  newContext,
  screenshot,
  signInAsAdmin,
  sql,
} from './browser';

interface LinkRow {
  id: string;
  album_id: string;
  access_token: string;
  passcode: string | null;
  is_active: boolean;
  allow_downloads: boolean;
  expires_at: Date | null;
}

const linksOf = (albumId: string) =>
  sql<LinkRow>(
    'select id, album_id, access_token, passcode, is_active, allow_downloads, expires_at from public.gallery_links where album_id = $1',
    [albumId],
  );

async function insertAlbum(name: string): Promise<string> {
  const [row] = await sql<{ id: string }>(
    'insert into public.albums (name, description) values ($1, $2) returning id',
    [name, 'Golden hour'],
  );
  return row!.id;
}

/** Opens the row's menu and picks an action. */
async function chooseAction(page: Page, albumName: string, action: string) {
  await page.getByRole('button', { name: `Actions for the link to ${albumName}` }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

const DAY = 24 * 60 * 60 * 1000;

describe.each(ADMIN_FLOW_SIZES)('client links at %s size', (viewport) => {
  it('creates, copies, edits, deactivates, reactivates and deletes a client link', async () => {
    // The journey starts from an empty list; collections are made here so the select has a choice.
    await sql('delete from public.gallery_links');
    const albumName = `Rivera Family links ${viewport}`;
    const albumId = await insertAlbum(albumName);
    await insertAlbum(`Other shoot ${viewport}`);

    const context = await newContext(viewport);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/links');
    await page.getByRole('heading', { name: 'Client Links', exact: true }).waitFor();
    await page.getByText('No client links yet').waitFor();
    await screenshot(page, `links-empty-${viewport}`);

    // Create: the spec's defaults, a passcode that is not 4 to 8 digits refused, then '1234'.
    await page.getByRole('button', { name: 'New Client Link' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Client Link' });
    await dialog.waitFor();
    const expectedDefault = await page.evaluate(() => {
      const date = new Date();
      date.setDate(date.getDate() + 30);
      return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    });
    expect(await dialog.getByLabel('Expiry date', { exact: true }).inputValue()).toBe(
      expectedDefault,
    );
    expect(
      await dialog.getByRole('switch', { name: 'Require passcode' }).getAttribute('aria-checked'),
    ).toBe('false');
    expect(
      await dialog.getByRole('switch', { name: 'Allow downloads' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(await dialog.getByLabel('Passcode', { exact: true }).getAttribute('placeholder')).toBe(
      '4-8 digits',
    );

    await dialog.getByRole('button', { name: 'Create Link' }).click();
    await dialog.getByText('Please select a collection').waitFor();
    await dialog.getByLabel('Collection', { exact: true }).selectOption({ label: albumName });
    // The passcode field opens with the switch, which offers a random 6-digit passcode.
    const passcode = dialog.getByLabel('Passcode', { exact: true });
    expect(await passcode.isDisabled()).toBe(true);
    await dialog.getByRole('switch', { name: 'Require passcode' }).click();
    expect(await passcode.isEnabled()).toBe(true);
    expect(await passcode.inputValue()).toMatch(/^[0-9]{6}$/);
    await passcode.fill('');
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    await dialog.getByText('Passcode is required').waitFor();
    await passcode.fill('12a');
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    await dialog.getByText('Passcode must be 4 to 8 digits').waitFor();
    await screenshot(page, `links-dialog-invalid-${viewport}`);
    expect(await linksOf(albumId)).toEqual([]);

    await dialog.getByLabel('Passcode', { exact: true }).fill('1234');
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    await expectToast(page, 'Link created');
    await dialog.waitFor({ state: 'detached' });

    const [created, ...others] = await linksOf(albumId);
    expect(others).toEqual([]);
    expect(created).toMatchObject({
      album_id: albumId,
      passcode: '1234',
      allow_downloads: true,
      is_active: true,
    });
    expect(created!.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const daysAhead = (created!.expires_at!.getTime() - Date.now()) / DAY;
    expect(daysAhead).toBeGreaterThan(29);
    expect(daysAhead).toBeLessThan(31);

    const row = page.getByTestId('link-row').filter({ hasText: albumName });
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText('Protected', { exact: true }).waitFor();
    // How soon in the badge, which day once, under 'Expiry date'; the whole address to share.
    await row.getByText(/Expires in (29|30) days$/).waitFor();
    // The day as the page itself formats dates (its locale and time zone).
    const expiryDay = await page.evaluate(
      (iso) =>
        new Intl.DateTimeFormat(undefined, {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
        }).format(new Date(iso)),
      created!.expires_at!.toISOString(),
    );
    expect(await row.getByText(expiryDay, { exact: true }).count()).toBe(1);
    await row.getByText('Allowed', { exact: true }).waitFor();
    await row
      .getByText(`${new URL(page.url()).origin}/client/${created!.access_token}`, { exact: true })
      .waitFor();
    expect(await row.getByText('Expired', { exact: true }).count()).toBe(0);
    await screenshot(page, `links-list-${viewport}`);

    // Copy Link puts the client's address on the clipboard.
    await chooseAction(page, albumName, 'Copy Link');
    await expectToast(page, 'Copied!');
    const origin = new URL(page.url()).origin;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${origin}/client/${created!.access_token}`,
    );

    // Edit: the collection is fixed; passcode and downloads change.
    await chooseAction(page, albumName, 'Edit');
    const editDialog = page.getByRole('dialog', { name: 'Edit Client Link' });
    const collection = editDialog.getByLabel('Collection', { exact: true });
    expect(await collection.isDisabled()).toBe(true);
    expect(await collection.inputValue()).toBe(albumId);
    expect(await editDialog.getByLabel('Passcode', { exact: true }).inputValue()).toBe('1234');
    expect(await editDialog.getByLabel('Expiry date', { exact: true }).inputValue()).toBe(
      expectedDefault,
    );
    await editDialog.getByLabel('Passcode', { exact: true }).fill('5678');
    await editDialog.getByRole('switch', { name: 'Allow downloads' }).click();
    await screenshot(page, `links-dialog-edit-${viewport}`);
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Link updated');
    await editDialog.waitFor({ state: 'detached' });
    const [edited] = await linksOf(albumId);
    expect(edited).toMatchObject({
      id: created!.id,
      album_id: albumId,
      passcode: '5678',
      allow_downloads: false,
      is_active: true,
    });
    expect(edited!.expires_at!.getTime()).toBe(created!.expires_at!.getTime());
    await row.getByText('Disabled', { exact: true }).waitFor();

    // Deactivate, then activate again.
    await chooseAction(page, albumName, 'Deactivate');
    await expectToast(page, 'Link deactivated');
    await row.getByText('Inactive', { exact: true }).waitFor();
    expect((await linksOf(albumId))[0]?.is_active).toBe(false);
    // Meanwhile the link's expiry passes (set in the database); the list shows it once it
    // refetches, which every synced change triggers.
    expect(await row.getByText('Expired', { exact: true }).count()).toBe(0);
    await sql(
      `update public.gallery_links set expires_at = now() - interval '1 day' where id = $1`,
      [created!.id],
    );
    await chooseAction(page, albumName, 'Activate');
    await expectToast(page, 'Link activated');
    await row.getByText('Active', { exact: true }).waitFor();
    expect((await linksOf(albumId))[0]?.is_active).toBe(true);

    // A link whose expiry has passed says so, in the destructive tone.
    const expired = row.getByText('Expired', { exact: true });
    await expired.waitFor();
    const tone = await expired.evaluate((element) => {
      const probe = document.createElement('span');
      probe.className = 'text-destructive';
      element.parentElement!.append(probe);
      const destructive = getComputedStyle(probe).color;
      probe.remove();
      return { shown: getComputedStyle(element).color, destructive };
    });
    expect(tone.shown).toBe(tone.destructive);
    expect(await row.getByText(/Expires /).count()).toBe(0);
    await screenshot(page, `links-expired-${viewport}`);

    // Delete asks first.
    await chooseAction(page, albumName, 'Delete');
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(albumName).waitFor();
    await confirm.getByRole('button', { name: 'Delete Link' }).click();
    await expectToast(page, 'Link deleted');
    await row.waitFor({ state: 'detached' });
    expect(await linksOf(albumId)).toEqual([]);
    await page.getByText('No client links yet').waitFor();

    // 'New Collection' leads to the collections screen.
    await page.getByRole('button', { name: 'New Collection' }).click();
    await page.waitForURL('**/admin/albums?new=1');
    await page.getByRole('dialog', { name: 'New Collection' }).waitFor();
    await context.close();
  });
});

describe('client links offline', () => {
  it('creates and copies a link without network, then sends it with the same token', async () => {
    const albumName = 'Offline wedding';
    const albumId = await insertAlbum(albumName);
    const context = await newContext('desktop');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/links');
    await page.getByRole('heading', { name: 'Client Links', exact: true }).waitFor();
    let tokenCalls = 0;
    await page.route('**/rest/v1/rpc/generate_access_token', async (route) => {
      tokenCalls += 1;
      await route.continue();
    });

    await context.setOffline(true);
    await page.getByRole('button', { name: 'New Client Link' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Client Link' });
    await dialog.getByLabel('Collection', { exact: true }).selectOption({ label: albumName });
    await dialog.getByRole('button', { name: 'Clear expiry date' }).click();
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    await expectToast(page, 'Saved on this device');
    const row = page.getByTestId('link-row').filter({ hasText: albumName });
    await row.getByText('Pending', { exact: true }).waitFor();
    await row.getByText('No expiry', { exact: true }).waitFor();
    expect(await row.getByText('Protected', { exact: true }).count()).toBe(0);
    expect(tokenCalls).toBe(0);
    expect(await linksOf(albumId)).toEqual([]);

    await chooseAction(page, albumName, 'Copy Link');
    await expectToast(page, 'Copied!');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const token = copied.split('/client/')[1] ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await screenshot(page, 'links-offline-pending-desktop');

    await context.setOffline(false);
    await page
      .getByTestId('sync-status')
      .getByText('All changes saved')
      .waitFor({ timeout: 30_000 });
    const [sent, ...others] = await linksOf(albumId);
    expect(others).toEqual([]);
    expect(sent).toMatchObject({
      access_token: token,
      passcode: null,
      allow_downloads: true,
      is_active: true,
      expires_at: null,
    });
    await row.getByText('Pending', { exact: true }).waitFor({ state: 'detached' });
    await context.close();
  });
});
