import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectToast, newContext, screenshot, signInAsAdmin, sql } from './browser';
import { seedAlbum } from './public-seed';

/**
 * Share in one step (issue 20, item 4): defaults saved in Settings are kept for every device,
 * a collection's Share makes one link with them (and reuses it), the panel copies a ready
 * message, shows a QR code and opens the gallery as the client sees it; offline, the link is
 * made on the device and works once synced.
 */

const PHONE = { width: 390, height: 844 };

interface LinkRow {
  id: string;
  access_token: string;
  passcode: string | null;
  allow_downloads: boolean;
  is_active: boolean;
  expires_at: Date | null;
}
const linksOf = (albumId: string) =>
  sql<LinkRow>(
    'select id, access_token, passcode, allow_downloads, is_active, expires_at from public.gallery_links where album_id = $1',
    [albumId],
  );

const contexts: BrowserContext[] = [];
async function signedInPage(viewport: 'desktop' | typeof PHONE = 'desktop'): Promise<Page> {
  const context = await newContext(viewport);
  contexts.push(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await signInAsAdmin(page);
  return page;
}

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  // Other journeys expect the spec's defaults.
  await sql(`delete from public.site_settings where setting_key like 'link\\_%'`);
});

const DAY = 24 * 60 * 60 * 1000;

describe('share in one step', () => {
  it('keeps the link defaults for every device, shares a collection with them once, and reuses the link', async () => {
    await sql(`delete from public.site_settings where setting_key like 'link\\_%'`);
    const album = await seedAlbum({ name: 'Rivera Family Session', photos: ['landscape.jpg'] });

    // Device one: the photographer saves her defaults.
    const laptop = await signedInPage();
    await laptop.goto('/admin/settings');
    const section = laptop
      .locator('form')
      .filter({ has: laptop.getByRole('button', { name: 'Save Defaults' }) });
    await section.getByRole('switch', { name: 'Require passcode' }).click();
    await section.getByRole('switch', { name: 'Allow downloads' }).click();
    await section.getByLabel('Default expiry (days)').fill('14');
    await section.getByRole('button', { name: 'Save Defaults' }).click();
    await expectToast(laptop, 'Defaults saved');
    expect(
      await sql(
        `select setting_key, setting_value from public.site_settings where setting_key like 'link\\_%' order by 1`,
      ),
    ).toEqual([
      { setting_key: 'link_allow_downloads', setting_value: 'false' },
      { setting_key: 'link_expiry_days', setting_value: '14' },
      { setting_key: 'link_require_passcode', setting_value: 'true' },
    ]);
    await section.scrollIntoViewIfNeeded();
    await screenshot(laptop, 'share-settings-defaults-desktop', { fullPage: false });

    // Device two (a fresh browser): the same defaults.
    const phone = await signedInPage(PHONE);
    await phone.goto('/admin/settings');
    const phoneSection = phone
      .locator('form')
      .filter({ has: phone.getByRole('button', { name: 'Save Defaults' }) });
    await expect
      .poll(() => phoneSection.getByLabel('Default expiry (days)').inputValue())
      .toBe('14');
    expect(
      await phoneSection
        .getByRole('switch', { name: 'Require passcode' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(
      await phoneSection
        .getByRole('switch', { name: 'Allow downloads' })
        .getAttribute('aria-checked'),
    ).toBe('false');
    await phoneSection.scrollIntoViewIfNeeded();
    await screenshot(phone, 'share-settings-defaults-phone', { fullPage: false });

    // Share on the collection: one link, made with those defaults.
    await laptop.goto(`/admin/albums/${album.id}`);
    await laptop.getByRole('heading', { level: 1, name: 'Rivera Family Session' }).waitFor();
    await laptop.getByRole('button', { name: 'Share', exact: true }).click();
    const panel = laptop.getByRole('dialog', { name: 'Share with your client' });
    await panel.waitFor();
    await expectToast(laptop, 'Link created');
    const [link, ...others] = await linksOf(album.id);
    expect(others).toEqual([]);
    expect(link).toMatchObject({ allow_downloads: false, is_active: true });
    expect(link!.passcode).toMatch(/^[0-9]{6}$/);
    const daysAhead = (link!.expires_at!.getTime() - Date.now()) / DAY;
    expect(daysAhead).toBeGreaterThan(13);
    expect(daysAhead).toBeLessThan(15.1);

    const origin = new URL(laptop.url()).origin;
    const url = `${origin}/client/${link!.access_token}`;
    expect(await panel.getByTestId('share-url').textContent()).toBe(url);
    expect(await panel.getByTestId('share-passcode').textContent()).toBe(link!.passcode);
    const qr = panel.getByRole('img', {
      name: 'QR code of the client link to Rivera Family Session',
    });
    expect(await qr.isVisible()).toBe(true);
    expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(150);
    await screenshot(laptop, 'share-panel-desktop', { fullPage: false });

    // Copy Message: the ready text, with the last day as the page writes it.
    await panel.getByRole('button', { name: 'Copy Message' }).click();
    await expectToast(laptop, 'Copied!');
    const lastDay = await laptop.evaluate(
      (iso) =>
        new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(
          new Date(iso),
        ),
      link!.expires_at!.toISOString(),
    );
    expect(await laptop.evaluate(() => navigator.clipboard.readText())).toBe(
      `Your photos are ready: ${url}\nPasscode: ${link!.passcode}\nThis link works until ${lastDay}.`,
    );

    // View as Client: the gallery in a new tab, as the client meets it (asking the passcode).
    const [client] = await Promise.all([
      laptop.context().waitForEvent('page'),
      panel.getByRole('link', { name: 'View as Client' }).click(),
    ]);
    await client.waitForURL(url);
    await client.getByRole('dialog', { name: 'Gallery Protected' }).waitFor();
    expect(await client.evaluate(() => window.opener === null)).toBe(true);
    await client.close();

    // A second Share reuses the link.
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });
    await laptop.getByRole('button', { name: 'Share', exact: true }).click();
    await panel.waitFor();
    expect(await panel.getByTestId('share-url').textContent()).toBe(url);
    expect(await linksOf(album.id)).toHaveLength(1);

    // The phone shares the same link, and its panel fits the small screen.
    await phone.goto(`/admin/albums/${album.id}`);
    await phone.getByRole('button', { name: 'Share', exact: true }).waitFor();
    await screenshot(phone, 'share-collection-header-phone', { fullPage: false });
    await phone.getByRole('button', { name: 'Share', exact: true }).click();
    const phonePanel = phone.getByRole('dialog', { name: 'Share with your client' });
    expect(await phonePanel.getByTestId('share-url').textContent()).toBe(url);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await screenshot(phone, 'share-panel-phone', { fullPage: false });
    expect(await linksOf(album.id)).toHaveLength(1);

    // Client Links shows the whole address.
    await laptop.goto('/admin/links');
    const row = laptop.getByTestId('link-row').filter({ hasText: 'Rivera Family Session' });
    await row.getByText(url, { exact: true }).waitFor();

    // A new link in the dialog starts with the defaults; its passcode field follows the switch.
    await laptop.getByRole('button', { name: 'New Client Link' }).first().click();
    const dialog = laptop.getByRole('dialog', { name: 'New Client Link' });
    const passcode = dialog.getByLabel('Passcode', { exact: true });
    expect(
      await dialog.getByRole('switch', { name: 'Require passcode' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(await passcode.inputValue()).toMatch(/^[0-9]{6}$/);
    expect(
      await dialog.getByRole('switch', { name: 'Allow downloads' }).getAttribute('aria-checked'),
    ).toBe('false');
    await screenshot(laptop, 'share-link-dialog-desktop', { fullPage: false });
    await dialog.getByRole('switch', { name: 'Require passcode' }).click();
    expect(await passcode.isDisabled()).toBe(true);
    expect(await passcode.inputValue()).toBe('');

    await phone.goto('/admin/links');
    await phone.getByRole('button', { name: 'New Client Link' }).first().click();
    await phone
      .getByRole('dialog', { name: 'New Client Link' })
      .getByLabel('Passcode', { exact: true })
      .waitFor();
    await screenshot(phone, 'share-link-dialog-phone', { fullPage: false });
  });

  it('shares offline: the link waits on the device, and works once synced', async () => {
    await sql(`delete from public.site_settings where setting_key like 'link\\_%'`);
    const album = await seedAlbum({ name: 'Harbour Engagement', photos: ['portrait.jpg'] });
    const page = await signedInPage();
    // Opened with a connection first (as before a shoot): links and defaults are kept.
    await page.goto(`/admin/albums/${album.id}`);
    await page.getByRole('heading', { level: 1, name: 'Harbour Engagement' }).waitFor();
    await page.goto('/admin/links');
    await page.getByRole('heading', { name: 'Client Links', exact: true }).waitFor();
    await page.goto(`/admin/albums/${album.id}`);
    await page.getByRole('heading', { level: 1, name: 'Harbour Engagement' }).waitFor();

    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Share with your client' });
    await panel
      .getByText('Saved on this device. The link will work for your client once it has synced.')
      .waitFor();
    expect(await panel.getByRole('button', { name: 'View as Client' }).isDisabled()).toBe(true);
    const url = await panel.getByTestId('share-url').textContent();
    // The spec's defaults: no passcode, 30 days.
    expect(await panel.getByTestId('share-passcode').textContent()).toBe('None');
    expect(await linksOf(album.id)).toEqual([]);
    await screenshot(page, 'share-panel-offline-desktop', { fullPage: false });

    await page.context().setOffline(false);
    await panel.getByRole('link', { name: 'View as Client' }).waitFor();
    const [link, ...others] = await linksOf(album.id);
    expect(others).toEqual([]);
    expect(url).toBe(`${new URL(page.url()).origin}/client/${link!.access_token}`);
    expect(link).toMatchObject({ passcode: null, allow_downloads: true, is_active: true });
  });
});
