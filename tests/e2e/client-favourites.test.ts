import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectToast,
  fixturePath,
  newContext,
  screenshot,
  signInAsAdmin,
  sql,
  VIEWPORTS,
  type ViewportName,
} from './browser';
import { seedAlbum, seedClientLink, type SeededPhoto } from './public-seed';

// Client favourites (issue 21, item 1): hearts in the grid and the viewer, the name asked once,
// the filter, and a heart given offline that survives a reload and reaches the server.

let album: { id: string; name: string; photos: SeededPhoto[] };

beforeAll(async () => {
  const name = 'Mia & Leo — Engagement';
  album = {
    name,
    ...(await seedAlbum({
      name,
      photos: [
        { fixture: 'landscape.jpg', originalFilename: 'DSC_0101.jpg' },
        { fixture: 'portrait.jpg', originalFilename: 'DSC_0102.jpg' },
        { fixture: 'rotated-exif6.jpg', originalFilename: 'DSC_0103.jpg' },
        { fixture: 'landscape.jpg', originalFilename: 'DSC_0104.jpg' },
      ],
    })),
  };
});

const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null);
/** The tile of the album's nth photo (1-based), as shown now. */
const tile = (page: Page, n: number) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: new RegExp(`^DSC_010${n}\\.jpg, photo`) }) });
const heartOf = (page: Page, n: number) =>
  tile(page, n).getByRole('button', { name: /^(Add to|Remove from) favourites$/ });
const pressed = async (page: Page, n: number) =>
  (await heartOf(page, n).getAttribute('aria-pressed')) === 'true';

/** The names and original filenames the server holds for the link, as 'name: file'. */
async function serverFavourites(token: string): Promise<string[]> {
  const rows = await sql<{ client_name: string; original_filename: string }>(
    `select f.client_name, p.original_filename from public.link_favourites f
       join public.gallery_links l on l.id = f.link_id join public.photos p on p.id = f.photo_id
      where l.access_token = $1 order by f.client_key, p.original_filename`,
    [token],
  );
  return rows.map((row) => `${row.client_name}: ${row.original_filename}`);
}

async function waitForServer(token: string, expected: string[]): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if (JSON.stringify(await serverFavourites(token)) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(await serverFavourites(token)).toEqual(expected);
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])(
  'a client choosing favourites at %s size',
  (viewport) => {
    it('hearts photos in the grid and the viewer, one offline, and the list survives a reload and reaches the server', async () => {
      const passcode = viewport === 'phone' ? '5173' : null;
      const token = await seedClientLink({ albumId: album.id, passcode });
      const context = await newContext(viewport);
      const page = await context.newPage();
      await page.goto(`/client/${token}`);
      await controlled(page);
      if (passcode) {
        const dialog = page.getByRole('dialog', { name: 'Gallery Protected' });
        await dialog.getByLabel('Passcode').fill(passcode);
        await dialog.getByRole('button', { name: 'View Gallery' }).click();
      }
      const favourites = page.getByRole('button', { name: /^Favourites \(\d+\)$/ });
      await favourites.waitFor();
      expect(await favourites.textContent()).toBe('Favourites (0)');

      // The first heart asks who is choosing; the heart is given once the name is.
      await heartOf(page, 1).click();
      const who = page.getByRole('dialog', { name: 'Who is choosing?' });
      await who.waitFor();
      await screenshot(page, `client-favourites-name-${viewport}`, { fullPage: false });
      await who.getByRole('button', { name: 'Continue' }).click();
      await who.getByText('Please enter your name').waitFor();
      await who.getByLabel('Your name').fill('Mia');
      await who.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Favourites (1)' }).waitFor();
      expect(await pressed(page, 1)).toBe(true);
      expect(await heartOf(page, 1).getAttribute('aria-label')).toBe('Remove from favourites');
      // A 44 px target.
      const box = (await heartOf(page, 2).boundingBox())!;
      expect([box.width, box.height]).toEqual([44, 44]);

      // In the viewer: the heart follows the photo shown.
      await tile(page, 2)
        .getByRole('button', { name: /photo 2 of 4$/ })
        .click();
      const viewerHeart = page
        .locator('.yarl__toolbar')
        .getByRole('button', { name: /favourites$/ });
      expect(await viewerHeart.getAttribute('aria-label')).toBe('Add to favourites');
      await viewerHeart.click();
      await page
        .locator('.yarl__toolbar')
        .getByRole('button', { name: 'Remove from favourites', pressed: true })
        .waitFor();
      await screenshot(page, `client-favourites-viewer-${viewport}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Favourites (2)' }).waitFor();
      await waitForServer(token, ['Mia: DSC_0101.jpg', 'Mia: DSC_0102.jpg']);

      // Offline: the heart is kept on the device, and says so.
      await context.setOffline(true);
      await heartOf(page, 4).click();
      await page.getByRole('button', { name: 'Favourites (3)' }).waitFor();
      await page
        .getByText(
          '1 change to your favourites saved on this device; it will be sent when you are back online.',
        )
        .waitFor();
      await screenshot(page, `client-favourites-offline-${viewport}`);
      expect(await serverFavourites(token)).toEqual(['Mia: DSC_0101.jpg', 'Mia: DSC_0102.jpg']);

      // A reload without a network: the album and its three hearts are still there.
      await page.reload();
      await page.getByText('You are offline').waitFor();
      await page.getByRole('button', { name: 'Favourites (3)' }).waitFor();
      expect([
        await pressed(page, 1),
        await pressed(page, 2),
        await pressed(page, 3),
        await pressed(page, 4),
      ]).toEqual([true, true, false, true]);

      // Back online: the waiting heart goes to the server, once.
      await context.setOffline(false);
      await waitForServer(token, ['Mia: DSC_0101.jpg', 'Mia: DSC_0102.jpg', 'Mia: DSC_0104.jpg']);

      // The filter: only the three, then all again.
      await page.getByRole('button', { name: 'Favourites (3)' }).click();
      await page.getByRole('button', { name: 'Favourites (3)', pressed: true }).waitFor();
      expect(await page.getByRole('button', { name: /, photo \d of 3$/ }).count()).toBe(3);
      await screenshot(page, `client-favourites-filtered-${viewport}`);
      await page.getByRole('button', { name: 'All photos' }).click();
      await page.getByRole('button', { name: /, photo 4 of 4$/ }).waitFor();

      // Taken back: gone from the list on the server.
      await heartOf(page, 2).click();
      await page.getByRole('button', { name: 'Favourites (2)' }).waitFor();
      await waitForServer(token, ['Mia: DSC_0101.jpg', 'Mia: DSC_0104.jpg']);
      await context.close();

      // Someone else on the same link keeps a list of their own.
      const other = await newContext(viewport);
      const second = await other.newPage();
      await second.goto(`/client/${token}`);
      if (passcode) {
        const dialog = second.getByRole('dialog', { name: 'Gallery Protected' });
        await dialog.getByLabel('Passcode').fill(passcode);
        await dialog.getByRole('button', { name: 'View Gallery' }).click();
      }
      await heartOf(second, 3).click();
      await second
        .getByRole('dialog', { name: 'Who is choosing?' })
        .getByLabel('Your name')
        .fill('Leo');
      await second.getByRole('button', { name: 'Continue' }).click();
      await second.getByRole('button', { name: 'Favourites (1)' }).waitFor();
      await waitForServer(token, ['Leo: DSC_0103.jpg', 'Mia: DSC_0101.jpg', 'Mia: DSC_0104.jpg']);
      await other.close();

      // The photographer: the count on the link, each name's picks, their filenames and their originals.
      const studio = await newContext(viewport);
      await studio.grantPermissions(['clipboard-read', 'clipboard-write']);
      const admin = await studio.newPage();
      await signInAsAdmin(admin);
      await admin.goto('/admin/links');
      const linkId = (
        await sql<{ id: string }>('select id from public.gallery_links where access_token = $1', [
          token,
        ])
      )[0]!.id;
      const row = admin.locator(`[data-link-id="${linkId}"]`);
      await row.getByText('3 favourites', { exact: true }).waitFor();
      // Link activity: the client's page loads that showed photos (online), and no download yet.
      await row.getByText(/^Opened \d+ times · last /).waitFor();
      await row.getByText('0 downloads', { exact: true }).waitFor();
      await row.getByRole('button', { name: `Actions for the link to ${album.name}` }).click();
      await admin.getByRole('menuitem', { name: 'View Favourites' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Favourites' });
      const mia = dialog.getByRole('region', { name: "Mia's favourites" });
      await mia.getByText('DSC_0104.jpg').waitFor();
      expect(await mia.locator('p').allTextContents()).toEqual(['DSC_0101.jpg', 'DSC_0104.jpg']);
      expect(
        await dialog
          .getByRole('region', { name: "Leo's favourites" })
          .locator('p')
          .allTextContents(),
      ).toEqual(['DSC_0103.jpg']);
      await admin.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('[role="dialog"] img')).every(
          (img) => img.naturalWidth > 0,
        ),
      );
      await screenshot(admin, `admin-favourites-${viewport}`, { fullPage: false });

      await dialog.getByRole('button', { name: 'Copy Filenames' }).click();
      await expectToast(admin, 'Copied!');
      expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(
        'DSC_0101.jpg, DSC_0103.jpg, DSC_0104.jpg',
      );

      const [download] = await Promise.all([
        admin.waitForEvent('download', { timeout: 30_000 }),
        dialog.getByRole('button', { name: 'Download Favourites' }).click(),
      ]);
      const zip = await JSZip.loadAsync(readFileSync(await download.path()));
      expect(Object.keys(zip.files)).toEqual(['DSC_0101.jpg', 'DSC_0103.jpg', 'DSC_0104.jpg']);
      const fixtureOf = {
        'DSC_0101.jpg': 'landscape.jpg',
        'DSC_0103.jpg': 'rotated-exif6.jpg',
        'DSC_0104.jpg': 'landscape.jpg',
      } as const;
      for (const [entry, fixture] of Object.entries(fixtureOf)) {
        expect(
          Buffer.from(await zip.file(entry)!.async('uint8array')).equals(
            readFileSync(fixturePath(fixture)),
          ),
        ).toBe(true);
      }
      await expectToast(admin, 'The favourites downloaded as zip file');

      // The dashboard's recent activity names the collection and who chose.
      await admin.goto('/admin/dashboard');
      const activity = admin.getByTestId('recent-activity');
      // (The same album's other journey, at the other size, may be listed too.)
      await activity.getByText('Leo added 1 favourite').first().waitFor();
      expect(await activity.getByRole('link', { name: album.name }).count()).toBeGreaterThan(0);
      await screenshot(admin, `admin-recent-activity-${viewport}`);
      await admin.goto('/admin/links');

      // Offline at a shoot: the last known picks still open.
      await studio.setOffline(true);
      await admin.reload();
      await admin
        .locator(`[data-link-id="${linkId}"]`)
        .getByText('3 favourites', { exact: true })
        .waitFor();
      await admin
        .getByRole('button', { name: `Actions for the link to ${album.name}` })
        .first()
        .click();
      await admin.getByRole('menuitem', { name: 'View Favourites' }).click();
      await admin
        .getByRole('dialog', { name: 'Favourites' })
        .getByRole('region', { name: "Mia's favourites" })
        .getByText('DSC_0104.jpg')
        .waitFor();
      await studio.close();
    });
  },
);
