import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newContext, screenshot, serviceWorkerReport, sql } from './browser';
import { seedAlbum, seedClientLink, seedPublicGallery, type SeededPhoto } from './public-seed';

let album: { id: string; photos: SeededPhoto[] };

beforeAll(async () => {
  album = await seedAlbum({
    name: 'Lake House Weekend',
    photos: ['landscape.jpg', 'portrait.jpg', 'rotated-exif6.jpg'],
  });
});

/** The parts of the web app manifest the tests read. */
interface WebManifest {
  display: string;
  name: string;
  icons: Array<{ purpose?: string }>;
  shortcuts?: Array<{ url: string }>;
}

/** Waits until the service worker controls the page (it takes a fresh page at once). */
const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null);

/** Every grid thumbnail has painted (loaded with a real size). */
const thumbnailsPainted = (page: Page, count: number) =>
  page.waitForFunction((expected) => {
    const images = Array.from(document.querySelectorAll<HTMLImageElement>('[role="list"] img'));
    return (
      images.length === expected && images.every((img) => img.complete && img.naturalWidth > 0)
    );
  }, count);

describe('the installed app', () => {
  it('meets the install criteria, runs its service worker and precaches only the app shell', async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await page.goto('/');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Test browser contexts are incognito, which alone blocks installing; nothing else may.
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
    const manifest = await page.evaluate(
      async () => (await fetch('/manifest.webmanifest')).json() as Promise<WebManifest>,
    );
    expect(manifest.display).toBe('standalone');
    // Named after the photographer's site, as the browser itself reads the manifest.
    const [{ site_name: siteName }] = (await sql<{ site_name: string }>(
      'select site_name from public.photographer_profile',
    )) as [{ site_name: string }];
    expect(manifest.name).toBe(siteName);
    const { data } = await cdp.send('Page.getAppManifest');
    expect((JSON.parse(data!) as WebManifest).name).toBe(siteName);
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    // A visitor or a client who installs the site gets no admin shortcuts; the admin area's manifest has them.
    expect(manifest.shortcuts ?? []).toEqual([]);
    const adminManifest = await page.evaluate(
      async () => (await fetch('/admin.webmanifest')).json() as Promise<WebManifest>,
    );
    expect(adminManifest.name).toBe(siteName);
    expect((adminManifest.shortcuts ?? []).map((shortcut) => shortcut.url)).toEqual([
      '/admin/dashboard',
      '/admin/albums',
    ]);

    const {
      precached,
      bytes,
      caches: cacheNames,
      toasts,
    } = await page.evaluate(async () => {
      const names = await caches.keys();
      const precache = await caches.open(
        names.find((name) => name.startsWith('workbox-precache'))!,
      );
      const requests = await precache.keys();
      let size = 0;
      let toasts = false;
      for (const request of requests) {
        const body = await (await precache.match(request))!.blob();
        size += body.size;
        if (request.url.endsWith('.js'))
          toasts ||= (await body.text()).includes('data-sonner-toaster');
      }
      return {
        precached: requests.map((request) => new URL(request.url).pathname),
        bytes: size,
        caches: names,
        toasts,
      };
    });
    expect(precached).toContain('/index.html');
    // The toasts' code too, which loads with the first message: offline, a page can still say
    // what went wrong.
    expect(toasts).toBe(true);
    // And the query builder, which loads with a page's first read.
    for (const page of [
      'home-page',
      'client-gallery-page',
      'photo-viewer',
      'not-found-page',
      'postgrest',
    ]) {
      expect(precached.some((path) => path.startsWith(`/assets/${page}-`))).toBe(true);
    }
    // What visitors need, not the admin area's code (kept only where it has started) nor the
    // fonts of designs the site does not use: 0.9 MB of the build's 2 MB (docs/offline.md).
    for (const adminFile of [
      'start-admin-area',
      'settings-page',
      'album-detail-page',
      'supabase',
    ]) {
      expect(precached.filter((path) => path.startsWith(`/assets/${adminFile}-`))).toEqual([]);
    }
    expect(precached.filter((path) => path.endsWith('.woff2'))).toEqual([]);
    expect(bytes).toBeLessThan(1_000_000);
    expect(cacheNames).not.toContain('admin-shell');
    // Only the shell: no photo, no API answer.
    expect(
      precached.filter(
        (path) =>
          path.startsWith('/storage/') || path.startsWith('/rest/') || /\.(jpe?g|webp)$/.test(path),
      ),
    ).toEqual([]);
    await context.close();
  });
});

describe('galleries without a network', () => {
  it('a public gallery opened online opens again offline, with its thumbnails', async () => {
    const galleryId = await seedPublicGallery({
      title: 'Offline Favourites',
      photoIds: album.photos.map((photo) => photo.id),
    });
    const context = await newContext('phone');
    const page = await context.newPage();
    await page.goto(`/gallery/public/${galleryId}`);
    await controlled(page);
    // A visit with the worker in charge (the first one happened before it was installed): it
    // asks the server first, so a returning visitor also gets the page drawn, with its own head.
    const online = await page.reload();
    expect(online!.fromServiceWorker()).toBe(true);
    const drawn = await online!.text();
    expect([
      drawn.includes('<meta property="og:title" content="Offline Favourites"'),
      drawn.includes('id="page-state"'),
    ]).toEqual([true, true]);
    await thumbnailsPainted(page, 3);
    // Once started, the app reads the page's data again through the worker, which keeps it:
    // every read of this gallery, its details and its photos both (a read still on its way is
    // not among the page's resources yet, so each table is waited for by name).
    await page.waitForFunction(async (id) => {
      const read = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => url.includes('/rest/v1/') && url.includes(id));
      const kept = (await (await caches.open('public-reads')).keys()).map((request) => request.url);
      const keptFrom = (table: string) =>
        kept.some((url) => url.includes(`/rest/v1/${table}?`) && url.includes(id));
      return (
        keptFrom('public_galleries') &&
        keptFrom('public_gallery_photos') &&
        read.every((url) => kept.includes(url))
      );
    }, galleryId);

    // Offline, the worker opens the shell, and the page is drawn in the browser from what it kept:
    // each kept read is found at the first try, also one the app was reading again as the
    // connection went (the worker stores an answer only once it is whole, and a read of its
    // copy waits for such a read to be stored first).
    // A kept read not found fails (net::ERR_FAILED); the reload cutting off a read of the page
    // before it (net::ERR_ABORTED) is not a miss.
    const missed: string[] = [];
    page.on('requestfailed', (request) => {
      if (request.url().includes(galleryId) && request.failure()?.errorText !== 'net::ERR_ABORTED')
        missed.push(`${request.url()}: ${request.failure()?.errorText}`);
    });
    // Everything that fails offline, and the console's errors: said if the page never shows.
    const failures: string[] = [];
    page.on('requestfailed', (request) =>
      failures.push(`${request.url()}: ${request.failure()?.errorText}`),
    );
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(`console: ${message.text()}`);
    });
    await context.setOffline(true);
    const offline = await page.reload();
    expect(offline!.fromServiceWorker()).toBe(true);
    expect((await offline!.text()).includes('id="page-state"')).toBe(false);
    await page
      .getByRole('heading', { name: 'Offline Favourites' })
      .waitFor()
      .catch(async (error: unknown) => {
        const shown = (await page.locator('body').innerText()).slice(0, 400);
        throw new Error(
          `${String(error)}\nThe page shows: ${shown}\nThe service worker: ${await serviceWorkerReport(page)}\n${failures.join('\n')}`,
        );
      });
    await page.getByText('You are offline').waitFor();
    await thumbnailsPainted(page, 3);
    expect(missed).toEqual([]);
    // The design's fonts too: kept by the worker when the online visit used them.
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      const used: string[] = [];
      document.fonts.forEach((font) => {
        if (font.status !== 'unloaded') used.push(font.status);
      });
      return used;
    });
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((status) => status !== 'loaded')).toEqual([]);
    // Originals are not kept offline, so no download is offered.
    expect(await page.getByRole('button', { name: /^Download/ }).count()).toBe(0);
    await screenshot(page, 'offline-public-gallery-phone');

    // A gallery this device never opened: the page says it cannot be reached, not 'Loading'
    // for as long as the visitor stays offline.
    const neverOpened = await seedPublicGallery({ title: 'Never Opened', photoIds: [] });
    await page.goto(`/gallery/public/${neverOpened}`);
    await page.getByRole('heading', { name: 'Failed to load gallery' }).waitFor();
    await page.getByText('Check your connection and try again.').waitFor();
    await context.close();
  });

  it('a client saves a protected album for offline and opens it with no network; a deactivated link removes it', async () => {
    const token = await seedClientLink({ albumId: album.id, passcode: '2468' });
    const context = await newContext('desktop');
    const page = await context.newPage();
    await page.goto(`/client/${token}`);
    await controlled(page);
    const dialog = page.getByRole('dialog', { name: 'Gallery Protected' });
    await dialog.getByLabel('Passcode').fill('2468');
    await dialog.getByRole('button', { name: 'View Gallery' }).click();
    await page.getByText('3 photos').waitFor();

    await page.getByRole('button', { name: 'Save for offline' }).click();
    const saved = page.getByTestId('saved-offline');
    await saved.waitFor();
    expect(await saved.textContent()).toMatch(/^Saved for offline · \d+\.\d MB$/);
    const savedUrls = await page.evaluate(async () =>
      (await (await caches.open('saved-albums')).keys()).map((request) => request.url),
    );
    // Every preview and thumbnail, nothing else (never an original).
    expect(savedUrls).toHaveLength(6);
    expect(savedUrls.every((url) => /\.(thumb|preview)\.webp$/.test(url))).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Lake House Weekend' }).waitFor();
    await page.getByText('You are offline').waitFor();
    expect(await page.getByRole('dialog', { name: 'Gallery Protected' }).count()).toBe(0);
    await thumbnailsPainted(page, 3);
    await page.getByTestId('saved-offline').waitFor();
    expect(await page.getByRole('button', { name: /^Download/ }).count()).toBe(0);
    // The viewer shows the saved preview.
    await page.getByRole('button', { name: /photo 2 of 3$/ }).click();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.yarl__slide_current img');
      return (
        !!img && img.complete && img.naturalWidth > 0 && img.currentSrc.endsWith('.preview.webp')
      );
    });
    await screenshot(page, 'offline-client-album-desktop', { fullPage: false });
    await page.keyboard.press('Escape');

    // Back online, the photographer has deactivated the link: the device forgets the album.
    await sql('update public.gallery_links set is_active = false where access_token = $1', [token]);
    await context.setOffline(false);
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForFunction(
      async () => (await (await caches.open('saved-albums')).keys()).length === 0,
    );
    await context.close();
  });
});
