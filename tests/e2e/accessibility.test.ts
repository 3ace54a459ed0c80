import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  networkSettled,
  newContext,
  screenshot,
  signInAsAdmin,
  VIEWPORTS,
  type ViewportName,
} from './browser';
import { seedAlbum, seedClientLink, seedPublicGallery, type SeededPhoto } from './public-seed';

/**
 * Issue 19: axe finds no violation (WCAG 2.1 A and AA, colour contrast included, and, since
 * issue 32, axe's best practices: one <h1>, heading levels that never skip one, landmarks) on
 * the home page, a gallery, the viewer, a client album, the login and each admin screen, at
 * desktop and phone size. The message names each rule and the elements that break it.
 */
// Run through the debugging protocol: the site's CSP (rightly) refuses an injected <script>.
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface AxeViolation {
  id: string;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

async function violations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  // Animations settle first: a fading element is measured at its final colours.
  await page.evaluate(() =>
    Promise.all(
      document.getAnimations().map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
    });
    return result.violations;
  });
  return found.map(
    (violation) =>
      `${violation.id} (${violation.help}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

let album: { id: string; photos: SeededPhoto[] };
let galleryId: string;
let token: string;

beforeAll(async () => {
  album = await seedAlbum({
    name: 'Harbour Morning',
    description: 'Boats, nets and a cold sunrise.',
    isPublic: true,
    photos: ['landscape.jpg', 'portrait.jpg'],
  });
  galleryId = await seedPublicGallery({
    title: 'Sea Light',
    description: 'Favourites from the coast.',
    photoIds: album.photos.map((p) => p.id),
  });
  token = await seedClientLink({ albumId: album.id });
});

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('accessibility at %s size', (viewport) => {
  it('the public pages, the viewer and a client album have no axe violations', async () => {
    const context = await newContext(viewport);
    const page = await context.newPage();
    const found: Record<string, string[]> = {};

    // The first screen of each is what the README's screenshots show (docs/screenshots/).
    const firstScreen = (name: string) =>
      screenshot(page, `first-screen-${name}-${viewport}`, { fullPage: false });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    found.home = await violations(page);
    await firstScreen('home');
    // On a phone the sections are behind Menu: the page with the menu open too.
    const menu = page.getByRole('banner').locator('details');
    if (await menu.isVisible()) {
      await menu.locator('summary').click();
      await menu.getByRole('navigation', { name: 'Sections' }).waitFor();
      found.home.push(...(await violations(page)));
      await page.keyboard.press('Escape');
    }

    await page.goto(`/gallery/public/${galleryId}`);
    await page.getByRole('heading', { name: 'Sea Light' }).waitFor();
    found.gallery = await violations(page);
    await firstScreen('gallery');

    await page.getByRole('button', { name: /, photo 1 of 2$/ }).click();
    await page.locator('.yarl__slide_current img').waitFor();
    found.viewer = await violations(page);
    await firstScreen('viewer');
    await page.keyboard.press('Escape');

    await page.goto(`/gallery/${album.id}`);
    await page.getByRole('heading', { name: 'Harbour Morning' }).waitFor();
    found.album = await violations(page);

    await page.goto(`/client/${token}`);
    await page.getByRole('heading', { name: 'Harbour Morning' }).waitFor();
    found.client = await violations(page);
    await firstScreen('client-album');

    await page.goto('/no-such-page');
    await page.getByRole('heading', { level: 1 }).waitFor();
    found.notFound = await violations(page);

    await page.goto('/admin');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    found.login = await violations(page);

    expect(found).toEqual({
      home: [],
      gallery: [],
      viewer: [],
      album: [],
      client: [],
      notFound: [],
      login: [],
    });
    await context.close();
  });

  it('every admin screen has no axe violations', async () => {
    const context = await newContext(viewport);
    const page = await context.newPage();
    await signInAsAdmin(page);
    const screens: Array<[string, string]> = [
      ['/admin/dashboard', 'Dashboard'],
      ['/admin/albums', 'Shoot Collections'],
      [`/admin/albums/${album.id}`, 'Harbour Morning'],
      ['/admin/public-galleries', 'Public Galleries'],
      ['/admin/links', 'Client Links'],
      ['/admin/content', 'Page Content'],
      ['/admin/services', 'Service Packages'],
      ['/admin/testimonials', 'Testimonials'],
      ['/admin/design', 'Site Design'],
      ['/admin/settings', 'Settings'],
    ];
    const found: Record<string, string[]> = {};
    for (const [path, heading] of screens) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true, level: 1 }).waitFor();
      // Lists settle (their loading skeletons are not what a user reads).
      await networkSettled(page);
      found[path] = await violations(page);
    }
    expect(found).toEqual(Object.fromEntries(screens.map(([path]) => [path, []])));
    await context.close();
  });
});

describe('less motion', () => {
  it("honours a visitor's wish for less motion: spinners stand still, colours change at once", async () => {
    const shown: Record<string, { spins: string; fades: string }> = {};
    for (const reducedMotion of ['reduce', 'no-preference'] as const) {
      const context = await newContext('phone');
      const page = await context.newPage();
      await page.emulateMedia({ reducedMotion });
      await page.goto('/');
      shown[reducedMotion] = await page.evaluate(() => {
        const spinner = document.createElement('div');
        spinner.className = 'animate-spin';
        document.body.append(spinner);
        const spins = getComputedStyle(spinner).animationIterationCount;
        spinner.remove();
        // The phone's menu button, which changes colour on hover.
        const menu = document.querySelector('summary[aria-label="Menu"]')!;
        return { spins, fades: getComputedStyle(menu).transitionDuration };
      });
      await context.close();
    }
    expect(shown).toEqual({
      reduce: { spins: '1', fades: '1e-05s' },
      'no-preference': { spins: 'infinite', fades: '0.15s' },
    });
  });
});
