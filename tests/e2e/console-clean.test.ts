import type { ConsoleMessage, Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { networkSettled, newContext, VIEWPORTS, type ViewportName } from './browser';
import { seedAlbum, seedClientLink, seedPublicGallery } from './public-seed';

/**
 * A first visit to each page visitors and clients open logs no console error or warning and
 * throws nothing. Chromium's preload warnings are among them: a preload the page does not use
 * (its credentials mode differs from the real request's) means the file downloads twice, so
 * every file the page preloads is also checked to be fetched once.
 */

const tiles = (page: Page) => page.getByRole('button', { name: /, photo \d+ of \d+$/ });

let albumId: string;
let galleryId: string;

beforeAll(async () => {
  const album = await seedAlbum({
    name: 'Quiet Harbour Morning',
    description: 'Boats, fog and warm hands around a cup.',
    isPublic: true,
    photos: ['landscape.jpg', 'portrait.jpg'],
  });
  albumId = album.id;
  galleryId = await seedPublicGallery({
    title: 'Harbour Favourites',
    photoIds: album.photos.map((photo) => photo.id),
  });
});

interface Visit {
  path: () => Promise<string> | string;
  /** Waits until the page shows what a visitor came for (after any step the visitor takes). */
  ready: (page: Page) => Promise<void>;
  /** A message the page logs on purpose, matched exactly. */
  expected?: { type: 'error' | 'warning'; text: (path: string) => string };
}

const VISITS: Record<string, Visit> = {
  'the home page': {
    path: () => '/',
    ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
  },
  'a public gallery': {
    path: () => `/gallery/public/${galleryId}`,
    ready: async (page) => {
      await page.getByRole('heading', { name: 'Harbour Favourites' }).waitFor();
      await tiles(page).nth(1).waitFor();
    },
  },
  'a public album': {
    path: () => `/gallery/${albumId}`,
    ready: async (page) => {
      await page.getByRole('heading', { name: 'Quiet Harbour Morning' }).waitFor();
      await tiles(page).nth(1).waitFor();
    },
  },
  'a client link': {
    path: async () => `/client/${await seedClientLink({ albumId })}`,
    ready: (page) => tiles(page).nth(1).waitFor(),
  },
  'a client link with a passcode': {
    path: async () => `/client/${await seedClientLink({ albumId, passcode: '7310' })}`,
    ready: async (page) => {
      const dialog = page.getByRole('dialog', { name: 'Gallery Protected' });
      await dialog.getByLabel('Passcode').fill('7310');
      await dialog.getByRole('button', { name: 'View Gallery' }).click();
      await dialog.waitFor({ state: 'detached' });
      await tiles(page).nth(1).waitFor();
    },
  },
  'the not-found page': {
    path: () => '/no/such/page',
    ready: (page) => page.getByRole('heading', { name: '404', exact: true }).waitFor(),
    // The spec's route table: the not-found page logs the miss (src/features/not-found).
    expected: {
      type: 'error',
      text: (path) => `404 Error: User attempted to access non-existent route: ${path}`,
    },
  },
};

describe.each(Object.keys(VIEWPORTS) as ViewportName[])(
  'a first visit at %s size logs nothing',
  (viewport) => {
    // The visits run side by side: each waits seconds after its load for Chromium's late
    // warnings, and they share nothing but the seeded album.
    it.concurrent.for(Object.keys(VISITS))('%s', async (name, { expect }) => {
      const visit = VISITS[name]!;
      const path = await visit.path();
      const context = await newContext(viewport);
      const page = await context.newPage();
      const logged: Array<{ type: string; text: string; at?: string }> = [];
      page.on('console', (message: ConsoleMessage) => {
        const type = message.type();
        if (type === 'error' || type === 'warning')
          logged.push({ type, text: message.text(), at: message.location().url || undefined });
      });
      page.on('pageerror', (error) =>
        logged.push({ type: 'pageerror', text: error.stack ?? error.message }),
      );
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));

      await page.goto(path);
      await visit.ready(page);
      await networkSettled(page);
      // Chromium reports a preload nobody used some 3.5 s after the window's load event (seen
      // here); 5 s leaves room. The fetched-once check below catches that cause without timing.
      await page.evaluate(async () => {
        const loaded = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, loaded.loadEventEnd + 5_000 - performance.now())),
        );
      });

      const expected = visit.expected && {
        type: visit.expected.type,
        text: visit.expected.text(path),
      };
      // The not-found page answers with status 404, which Chromium reports for the page's own address.
      const pageStatus = (entry: { type: string; text: string; at?: string }) =>
        name === 'the not-found page' &&
        entry.at === page.url() &&
        entry.text.includes('status of 404');
      const unexpected = logged.filter(
        (entry) =>
          !(expected && entry.type === expected.type && entry.text === expected.text) &&
          !pageStatus(entry),
      );
      expect(unexpected).toEqual([]);
      if (expected) expect(logged.filter((entry) => entry.text === expected.text)).toHaveLength(1);

      // Each preloaded file (the stylesheet, the start-up scripts, /config.json, the first photos)
      // is fetched once: the preload is the request the page uses. (A photo preloaded by its set of
      // sizes, as React does for a cover with a srcset, names no single file.)
      const preloaded = await page
        .locator('link[rel="preload"][href], link[rel="modulepreload"]')
        .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
      expect(preloaded.some((href) => /\/assets\/app-[\w-]+\.css$/.test(href))).toBe(true);
      expect(
        Object.fromEntries(
          preloaded.map((href) => [href, requested.filter((url) => url === href).length]),
        ),
      ).toEqual(Object.fromEntries(preloaded.map((href) => [href, 1])));
      await context.close();
    });
  },
);
