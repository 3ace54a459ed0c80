import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, newContext, screenshot, signInAsAdmin, sql, workerStack } from './browser';
import { seedAlbum, seedClientLink, type SeededPhoto } from './public-seed';

/**
 * The client's first screen (issue 20, item 6): the gallery opens on the collection's cover,
 * full width, with the album's name, the photographer's and their contact action, then the
 * grid; a protected link shows no cover before its passcode; an expired link has a page that
 * says so, with the contact action and nothing of the album.
 */

const PHONE = { width: 390, height: 844 };
const SIZES = [
  ['desktop', 'desktop'],
  ['phone', PHONE],
] as const;

let album: { id: string; photos: SeededPhoto[] };
let savedContact: Array<{ setting_key: string; setting_value: string | null }>;

beforeAll(async () => {
  album = await seedAlbum({
    name: 'Ava & Noah — Lakeside Engagement',
    description: 'An evening by the water.',
    photos: ['landscape.jpg', 'portrait.jpg', 'rotated-exif6.jpg'],
  });
  // The cover is the second photo, not the first (as 'Set as cover' may choose).
  await sql('update public.albums set cover_photo_url = $1 where id = $2', [
    album.photos[1]!.thumbUrl,
    album.id,
  ]);
  savedContact = await sql(
    `select setting_key, setting_value from public.site_settings where setting_key in ('contact_method', 'contact_value')`,
  );
  await sql(
    `insert into public.site_settings (setting_key, setting_value) values ('contact_method', 'email'), ('contact_value', 'anna@studio.example')
     on conflict (setting_key) do update set setting_value = excluded.setting_value`,
  );
});

afterAll(async () => {
  await sql(
    `delete from public.site_settings where setting_key in ('contact_method', 'contact_value')`,
  );
  for (const row of savedContact) {
    await sql('insert into public.site_settings (setting_key, setting_value) values ($1, $2)', [
      row.setting_key,
      row.setting_value,
    ]);
  }
});

const siteName = async () =>
  (await sql<{ site_name: string }>('select site_name from public.photographer_profile limit 1'))[0]
    ?.site_name ?? 'Photography Portfolio';

/**
 * The file of the picture the hero shows, once one is in: read in the same moment as the check.
 * Behind a passcode the hero starts on the cover's stored address and moves to the photo's
 * renditions once its row arrives; read apart, the check could see the first picture in and
 * the read the second not yet chosen (currentSrc still empty).
 */
async function shownCover(page: Page): Promise<string | undefined> {
  const shown = await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="client-hero"] img');
    return img?.complete && img.naturalWidth > 0 && img.currentSrc ? img.currentSrc : false;
  });
  return new URL((await shown.jsonValue()) as string).pathname.split('/').pop();
}

/** What the hero shows: its image's file, the heading, and the contact action's address. */
async function hero(page: Page) {
  const section = page.getByTestId('client-hero');
  await section.waitFor();
  const image = section.getByRole('img', {
    name: 'Cover photo of Ava & Noah — Lakeside Engagement',
  });
  await image.waitFor();
  return {
    image: await shownCover(page),
    heading: await section.getByRole('heading', { level: 1 }).textContent(),
    byline: await section.getByText(/^Photographed by /).textContent(),
    contact: await section.getByTestId('contact-button').getAttribute('href'),
    box: await section.boundingBox(),
  };
}

describe("the client's first screen", () => {
  it.each(SIZES)('opens on the cover at %s size, then the grid', async (name, viewport) => {
    const token = await seedClientLink({ albumId: album.id });
    const context = await newContext(viewport);
    const page = await context.newPage();
    await page.goto(`/client/${token}`);
    const shown = await hero(page);
    const cover = album.photos[1]!;
    // The cover's photo, at its preview size (the hero is large) on a wide screen.
    expect(shown.image).toMatch(new RegExp(`^${cover.id}\\.(preview|thumb)\\.webp$`));
    expect(shown.heading).toBe('Ava & Noah — Lakeside Engagement');
    expect(shown.byline).toBe(`Photographed by ${await siteName()}`);
    expect(shown.contact).toMatch(/^mailto:anna@studio\.example\?subject=/);
    const width = typeof viewport === 'string' ? 1280 : viewport.width;
    expect(shown.box!.width).toBe(width);
    expect(shown.box!.y).toBeLessThan(90); // right under the header
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await screenshot(page, `client-hero-${name}`, { fullPage: false });

    // 'View Photos' goes down to the grid.
    await page.getByRole('link', { name: 'View Photos' }).click();
    await page.getByText('3 photos').waitFor();
    // Scrolled down (as far as a short album's page goes), the photos' row in view.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    expect(
      await page.evaluate(
        () =>
          document.getElementById('photos')!.getBoundingClientRect().top < window.innerHeight / 2,
      ),
    ).toBe(true);
    expect(await page.getByRole('button', { name: /, photo \d+ of \d+$/ }).count()).toBe(3);
    await screenshot(page, `client-hero-grid-${name}`, { fullPage: false });
    await context.close();
  });

  it('shows no cover before the passcode, and opens on it once the passcode is right', async () => {
    const token = await seedClientLink({ albumId: album.id, passcode: '2468' });
    const context = await newContext('desktop');
    const page = await context.newPage();
    const coverCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/rpc/get_album_cover_by_token'))
        coverCalls.push(request.postData() ?? '');
    });
    await page.goto(`/client/${token}`);
    const dialog = page.getByRole('dialog', { name: 'Gallery Protected' });
    await dialog.waitFor();
    expect(await page.getByTestId('client-hero').count()).toBe(0);
    // No picture of the album (the site's logo, if another journey set one, may show).
    expect(await page.locator(`img[src*="${album.id}"]`).count()).toBe(0);
    expect(coverCalls).toEqual([]);
    await dialog.getByLabel('Passcode').fill('2468');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect((await hero(page)).image).toMatch(new RegExp(`^${album.photos[1]!.id}\\.`));
    expect(coverCalls).toHaveLength(1);
    expect(JSON.parse(coverCalls[0]!)).toMatchObject({ p_passcode: '2468' });
    await context.close();
  });

  it.each(SIZES)(
    'an expired link at %s size: a page saying so, with the contact action, nothing of the album',
    async (name, viewport) => {
      const token = await seedClientLink({
        albumId: album.id,
        passcode: '1357',
        expiresAt: new Date(Date.now() - 60_000),
      });
      const context = await newContext(viewport);
      const page = await context.newPage();
      await page.goto(`/client/${token}`);
      const expired = page.getByTestId('link-expired');
      await expired
        .getByRole('heading', { level: 1, name: 'This gallery link has expired' })
        .waitFor();
      await expired
        .getByText(`Ask ${await siteName()} for a new link to see your photos.`)
        .waitFor();
      expect(await expired.getByTestId('contact-button').getAttribute('href')).toMatch(
        /^mailto:anna@studio\.example\?/,
      );
      // It stays: no toast sending the client home.
      expect(new URL(page.url()).pathname).toBe(`/client/${token}`);
      expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
      const text = await page.locator('body').innerText();
      expect(text).not.toContain('Ava & Noah');
      expect(text).not.toContain('An evening by the water');
      expect(
        await page
          .locator('img')
          .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).src)),
      ).not.toContainEqual(expect.stringContaining(album.id));
      await screenshot(page, `client-expired-${name}`, { fullPage: false });
      await context.close();
    },
  );
});

describe('a cover uploaded from the admin app', () => {
  it('gets a 1200 px cover rendition, which a phone shows first (drawn so), and a wide screen the preview', async () => {
    const target = await seedAlbum({ name: 'Harbour Elopement', photos: [] });
    const admin = await newContext('desktop');
    const page = await admin.newPage();
    await signInAsAdmin(page);
    // A camera-sized photo (3000 × 2000), drawn by the browser.
    const jpeg = Buffer.from(
      await page.evaluate(async () => {
        const canvas = new OffscreenCanvas(3000, 2000);
        const context = canvas.getContext('2d')!;
        const gradient = context.createLinearGradient(0, 0, 3000, 2000);
        gradient.addColorStop(0, '#2b5876');
        gradient.addColorStop(1, '#f4a261');
        context.fillStyle = gradient;
        context.fillRect(0, 0, 3000, 2000);
        const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let text = '';
        for (let at = 0; at < bytes.length; at += 0x8000)
          text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
        return btoa(text);
      }),
      'base64',
    );
    await page.goto(`/admin/albums/${target.id}`);
    await page.getByRole('button', { name: 'Add Photos' }).first().click();
    await page
      .getByRole('dialog', { name: 'Add Photos' })
      .getByLabel('Choose photos')
      .setInputFiles({ name: 'HARBOUR_001.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await expectToast(page, '1 photo uploaded successfully.');

    const [photo] = await sql<{ id: string; cover_url: string }>(
      'select id, cover_url from public.photos where album_id = $1',
      [target.id],
    );
    expect(photo!.cover_url).toBe(
      `/storage/v1/object/public/photos/${target.id}/${photo!.id}.cover.webp`,
    );
    // What a visitor receives at that address: a WebP of 1200 × 800.
    const stored = await page.evaluate(async (url) => {
      const response = await fetch(url);
      const bitmap = await createImageBitmap(await response.blob());
      return [response.headers.get('content-type'), bitmap.width, bitmap.height];
    }, `${workerStack().url}${photo!.cover_url}`);
    expect(stored).toEqual(['image/webp', 1200, 800]);
    await admin.close();

    const token = await seedClientLink({ albumId: target.id });
    const shownOn = async (name: string, context: Awaited<ReturnType<typeof newContext>>) => {
      const client = await context.newPage();
      const drawn = await (await client.goto(`/client/${token}`))!.text();
      const file = await shownCover(client);
      await screenshot(client, `client-hero-cover-rendition-${name}`, { fullPage: false });
      await context.close();
      return { drawn, file };
    };
    // A 390 px phone at 3 device pixels a point needs 1170: the cover rendition, in the page as drawn.
    const phone = await shownOn('phone', await newContext(PHONE, { pixelRatio: 3, touch: true }));
    expect(phone.file).toBe(`${photo!.id}.cover.webp`);
    expect(phone.drawn).toContain(`${photo!.id}.cover.webp 1200w`);
    expect((await shownOn('desktop', await newContext('desktop'))).file).toBe(
      `${photo!.id}.preview.webp`,
    );
  });

  it('is made in the background for a collection uploaded before, keeping every other byte', async () => {
    const older = await seedAlbum({
      name: 'Lighthouse Portraits',
      photos: ['portrait.jpg', 'landscape.jpg'],
      beforeCovers: true,
    });
    const cover = older.photos[0]!;
    const objects = () =>
      sql<{ name: string; etag: string }>(
        `select name, metadata ->> 'eTag' as etag from storage.objects where name like $1 || '/%' order by name`,
        [older.id],
      );
    const before = await objects();
    const coverOf = async () =>
      (
        await sql<{ cover_url: string | null }>(
          'select cover_url from public.photos where id = $1',
          [cover.id],
        )
      )[0]!.cover_url;
    expect(await coverOf()).toBeNull();

    // The photographer signs in (online): the app makes the missing cover without being asked.
    const admin = await newContext('desktop');
    const page = await admin.newPage();
    await signInAsAdmin(page);
    await expect
      .poll(coverOf, { timeout: 30_000 })
      .toBe(`/storage/v1/object/public/photos/${older.id}/${cover.id}.cover.webp`);
    await page.getByTestId('sync-status').getByText('All changes saved').waitFor();
    // Only the cover photo got one, made from its preview (800 × 1200: never enlarged); every
    // other object is as it was, byte for byte.
    const after = await objects();
    expect(after.filter(({ name }) => !name.endsWith('.cover.webp'))).toEqual(before);
    expect(after.map(({ name }) => name).filter((name) => name.endsWith('.cover.webp'))).toEqual([
      `${older.id}/${cover.id}.cover.webp`,
    ]);
    const stored = await page.evaluate(async (url) => {
      const response = await fetch(url);
      const bitmap = await createImageBitmap(await response.blob());
      return [response.headers.get('content-type'), bitmap.width, bitmap.height];
    }, `${workerStack().url}/storage/v1/object/public/photos/${older.id}/${cover.id}.cover.webp`);
    expect(stored).toEqual(['image/webp', 800, 1200]);
    await admin.close();

    // The client's first screen, as drawn, now offers it.
    const token = await seedClientLink({ albumId: older.id });
    const phone = await newContext(PHONE, { pixelRatio: 3, touch: true });
    const drawn = await (await (await phone.newPage()).goto(`/client/${token}`))!.text();
    expect(drawn).toContain(`${cover.id}.cover.webp 1200w`);
    await phone.close();
  });
});
