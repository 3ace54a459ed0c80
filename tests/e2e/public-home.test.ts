import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  animationsFinished,
  framesDrawn,
  holdResponses,
  networkSettled,
  newContext,
  recordRequests,
  screenshot,
  sql,
  type ViewportName,
  VIEWPORTS,
  expectToast,
} from './browser';
import { seedAlbum, seedPublicGallery, type SeededPhoto } from './public-seed';

const YEAR = new Date().getFullYear();
const MAILTO = `mailto:hello@example.com?subject=Photography%20Inquiry&body=${encodeURIComponent(
  "Hi! I'd love to hear more about your photography sessions.",
)}`;

interface Seeded {
  older: { id: string; photos: SeededPhoto[] };
  newer: { id: string; photos: SeededPhoto[] };
  privateAlbum: { id: string; photos: SeededPhoto[] };
  galleryId: string;
  inactiveGalleryId: string;
}
let seeded: Seeded;

beforeAll(async () => {
  // Other journeys share this database and may have renamed the site or changed its design:
  // start from exactly the demo content of supabase/seed.sql.
  await sql(
    'delete from public.page_content; delete from public.service_packages; delete from public.site_settings; delete from public.photographer_profile',
  );
  await sql(readFileSync(join(import.meta.dirname, '..', '..', 'supabase', 'seed.sql'), 'utf8'));
  const older = await seedAlbum({
    name: 'Autumn in the Orchard',
    description: 'Apple picking, falling leaves and a lot of laughter.',
    isPublic: true,
    photos: ['landscape.jpg', 'portrait.jpg'],
  });
  const newer = await seedAlbum({
    name: 'Spring Meadow Family',
    description: null,
    isPublic: true,
    photos: ['portrait.jpg'],
  });
  const privateAlbum = await seedAlbum({
    name: 'Private Family Archive',
    isPublic: false,
    photos: ['portrait.jpg', 'landscape.jpg'],
  });
  // The gallery's first photo (by sort order) comes from the private album: it is still the cover.
  const galleryId = await seedPublicGallery({
    title: 'Golden Hour Favourites',
    description: 'Warm evenings and soft light.',
    photoIds: [privateAlbum.photos[0]!.id, older.photos[0]!.id, newer.photos[0]!.id],
  });
  const inactiveGalleryId = await seedPublicGallery({
    title: 'Hidden Drafts',
    isActive: false,
    photoIds: [older.photos[1]!.id],
  });
  seeded = { older, newer, privateAlbum, galleryId, inactiveGalleryId };
}, 120_000);

async function openHome(viewport: ViewportName) {
  const context = await newContext(viewport);
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  return { context, page };
}

const setSetting = (key: string, value: string | null) =>
  sql('update public.site_settings set setting_value = $2 where setting_key = $1', [key, value]);

const cardsIn = (page: Page, group: string) =>
  page.getByRole('group', { name: group }).getByTestId('collection-card');
const cardTitled = (page: Page, group: string, title: string) =>
  cardsIn(page, group).filter({ has: page.getByRole('heading', { name: title }) });
const texts = (locator: Locator) =>
  locator.evaluateAll((elements) => elements.map((element) => element.textContent?.trim()));

/** Scrolls every lazy image into view and waits for it, so a full-page screenshot shows them; then back to the top. */
async function loadLazyImages(page: Page) {
  for (const image of await page.locator('img[loading="lazy"]').all()) {
    await image.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (img) => (img as HTMLImageElement).complete,
      await image.elementHandle(),
    );
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The page's cumulative layout shift so far (shifts not caused by input). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean }
          >) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );

/** The page fits the viewport: nothing sticks out sideways. */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('the public home page', () => {
  it('shows every section of the seeded site, with covers, counts and links', async () => {
    const { context, page } = await openHome('desktop');

    // Header: name and subtitle from the profile (supabase/seed.sql); no social links are set.
    const header = page.getByRole('banner');
    await header.getByText('Willow & Light Photography').waitFor();
    await header.getByText('Portraits, families and quiet moments').waitFor();
    expect(await header.getByRole('link', { name: 'Instagram' }).count()).toBe(0);

    // Hero: title, subtitle, text and the two scroll buttons.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Stories told in light',
    );
    await page
      .getByText('Natural, unposed portraits for families, couples and little ones')
      .waitFor();
    await page.getByText('Every session is slow, playful and yours.', { exact: false }).waitFor();
    expect(await page.getByRole('link', { name: 'View Galleries' }).getAttribute('href')).toBe(
      '#galleries',
    );
    expect(
      await page.getByRole('link', { name: 'My Story', exact: true }).getAttribute('href'),
    ).toBe('#about-story');
    expect(await page.getByTestId('home-hero-image').count()).toBe(0);

    // Intro with its button.
    await page.getByRole('heading', { level: 2, name: "Hello, I'm glad you're here" }).waitFor();
    await page.getByText('A calm, unhurried photography experience').waitFor();
    expect(await page.getByRole('link', { name: 'About me' }).getAttribute('href')).toBe(
      '#about-story',
    );

    // Portrait Sessions: three packages, whimsical names, prices, the first three features only.
    const services = page.getByTestId('service-list').locator(':scope > li');
    expect(await texts(services.locator('h3'))).toEqual([
      'Little Adventures',
      'Golden Hour Romance',
      'First Days',
    ]);
    const family = services.first();
    await family.getByText('Family Session').waitFor();
    await family.getByText('$350 – $450').waitFor();
    await family
      .getByText('An hour outdoors or at home, letting the day unfold naturally.')
      .waitFor();
    expect(await texts(family.locator('ul li'))).toEqual([
      '60 minute session',
      '40+ edited photos',
      'Online gallery with downloads',
    ]);
    expect(await family.locator('svg').first().getAttribute('class')).toContain('lucide-heart');
    expect(await services.nth(1).locator('svg').first().getAttribute('class')).toContain(
      'lucide-sparkles',
    );

    // The booking button mails with the preset subject.
    const contact = page.getByTestId('contact-button');
    expect(await contact.textContent()).toBe("Let's Connect");
    expect(await contact.getAttribute('href')).toBe(MAILTO);
    expect(await contact.getAttribute('target')).toBeNull();
    await page.getByText("Ready to capture your story? I'd love to hear from you.").waitFor();

    // About story.
    const story = page.locator('#about-story');
    await story.getByRole('heading', { level: 2, name: 'My Story' }).waitFor();
    await story.getByText('Why I photograph people').waitFor();
    await story
      .getByText('I picked up a camera to remember the small things', { exact: false })
      .waitFor();

    // Story Collections: the active gallery (cover = its first photo's thumbnail, count, link).
    const galleries = page.locator('#galleries');
    await galleries.getByRole('heading', { level: 2, name: 'Story Collections' }).waitFor();
    const featured = cardTitled(page, 'Featured Collections', 'Golden Hour Favourites');
    expect(await featured.getAttribute('href')).toBe(`/gallery/public/${seeded.galleryId}`);
    await featured.getByText('Warm evenings and soft light.').waitFor();
    await featured.getByText('3 photos').waitFor();
    const featuredCover = featured.locator('img');
    // The address the browser loads (a page the server drew writes it on the site's own origin: '/storage/…').
    expect(await featuredCover.evaluate((img: HTMLImageElement) => img.src)).toBe(
      seeded.privateAlbum.photos[0]!.thumbUrl,
    );
    expect(
      await featuredCover.evaluate((img: HTMLImageElement) => [
        img.loading,
        img.decoding,
        img.width > 0,
        img.getAttribute('height'),
      ]),
    ).toEqual(['lazy', 'async', true, '360']);
    expect(await cardTitled(page, 'Featured Collections', 'Hidden Drafts').count()).toBe(0);

    // Recent Sessions: public albums newest first, never the private one.
    const recentTitles = (await texts(cardsIn(page, 'Recent Sessions').locator('h4'))).filter(
      (title) =>
        ['Autumn in the Orchard', 'Spring Meadow Family', 'Private Family Archive'].includes(title),
    );
    expect(recentTitles).toEqual(['Spring Meadow Family', 'Autumn in the Orchard']);
    const orchard = cardTitled(page, 'Recent Sessions', 'Autumn in the Orchard');
    expect(await orchard.getAttribute('href')).toBe(`/gallery/${seeded.older.id}`);
    await orchard.getByText('2 photos').waitFor();
    await orchard.getByText('Apple picking, falling leaves and a lot of laughter.').waitFor();
    expect(await orchard.locator('img').evaluate((img: HTMLImageElement) => img.src)).toBe(
      seeded.older.photos[0]!.thumbUrl,
    );
    await cardTitled(page, 'Recent Sessions', 'Spring Meadow Family')
      .getByText('1 photo', { exact: true })
      .waitFor();
    expect(await page.getByText('Private Family Archive').count()).toBe(0);
    expect(await page.getByText('Magic is Coming Soon!').count()).toBe(0);

    // Footer: name, tagline, this year.
    const footer = page.getByRole('contentinfo');
    await footer.getByText(`© ${YEAR} Willow & Light Photography`, { exact: false }).waitFor();
    await footer.getByText('Portraits, families and quiet moments').waitFor();

    // The covers load (thumbnails) and the page does not jump while they do.
    await featuredCover.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      await featuredCover.elementHandle(),
    );
    expect(await layoutShift(page)).toBeLessThan(0.02);
    // Four columns at 1×: of the thumbnail and the cover rendition offered, the thumbnail.
    expect(
      await featuredCover.evaluate((img: HTMLImageElement) => [img.currentSrc, img.srcset]),
    ).toEqual([
      seeded.privateAlbum.photos[0]!.thumbUrl,
      // The server draws addresses on the site's own origin: '/storage/…'.
      expect.stringContaining(
        `${new URL(seeded.privateAlbum.photos[0]!.coverUrl!).pathname} 1200w`,
      ),
    ]);
    await loadLazyImages(page);
    await screenshot(page, 'home-desktop');

    // The scroll buttons bring their sections to the top of the window.
    await page.getByRole('link', { name: 'My Story', exact: true }).click();
    await expect
      .poll(() => story.evaluate((element) => Math.abs(element.getBoundingClientRect().top)), {
        timeout: 5_000,
      })
      .toBeLessThan(40);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('link', { name: 'View Galleries' }).click();
    await expect
      .poll(() => galleries.evaluate((element) => Math.abs(element.getBoundingClientRect().top)), {
        timeout: 5_000,
      })
      .toBeLessThan(40);
    expect(new URL(page.url()).pathname).toBe('/');

    // A card opens its gallery.
    await featured.click();
    await page.waitForURL(`**/gallery/public/${seeded.galleryId}`);
    await context.close();
  });

  it("gives a 3× phone the cards' cover renditions, which the thumbnails would blur at their width", async () => {
    const context = await newContext('phone', { pixelRatio: 3 });
    const page = await context.newPage();
    await page.goto('/');
    for (const [group, title, shown] of [
      ['Featured Collections', 'Golden Hour Favourites', seeded.privateAlbum.photos[0]!.coverUrl],
      ['Recent Sessions', 'Autumn in the Orchard', seeded.older.photos[0]!.coverUrl],
    ] as const) {
      const cover = cardTitled(page, group, title).locator('img');
      await cover.scrollIntoViewIfNeeded();
      await page.waitForFunction(
        (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        await cover.elementHandle(),
      );
      expect(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(shown);
    }
    await context.close();
  });

  it("takes the intro's button to the story section, also on a site seeded with the old '/about' default", async () => {
    const migration = readFileSync(
      join(
        import.meta.dirname,
        '..',
        '..',
        'supabase',
        'migrations',
        '20261124000400_intro_link_to_story.sql',
      ),
      'utf8',
    );
    // A site seeded before holds '/about' in its intro; another section's own '/about' is an admin's choice.
    await sql(
      "update public.page_content set button_link = '/about' where section_name in ('intro', 'about-story')",
    );
    try {
      await sql(migration);
      expect(
        await sql('select section_name, button_link from public.page_content order by sort_order'),
      ).toEqual([
        { section_name: 'hero', button_link: '#galleries' },
        { section_name: 'intro', button_link: '#about-story' },
        { section_name: 'about-story', button_link: '/about' },
      ]);
    } finally {
      await sql(
        "update public.page_content set button_link = null where section_name = 'about-story'",
      );
    }

    for (const viewport of ['desktop', 'phone'] as const) {
      const { context, page } = await openHome(viewport);
      const story = page.locator('#about-story');
      await page.getByRole('link', { name: 'About me' }).click();
      await expect
        .poll(() => story.evaluate((element) => Math.abs(element.getBoundingClientRect().top)), {
          timeout: 5_000,
        })
        .toBeLessThan(40);
      await story.getByRole('heading', { level: 2, name: 'My Story' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.getByText('Oops! Page not found').count()).toBe(0);
      await context.close();
    }
  });

  it('puts the sections behind a 44 px Menu button on a 390 px phone: it opens them, keeps focus inside, closes on a choice or Escape', async () => {
    const context = await newContext('phone');
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const requests = recordRequests(page);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const header = page.getByRole('banner');
    // A <details> the browser opens by itself (issue 34): its summary is the Menu button.
    const menuButton = header.locator('summary[aria-label="Menu"]');
    const menu = header.locator('details');
    const sheetLinks = menu.getByRole('navigation', { name: 'Sections' }).getByRole('link');
    const isOpen = () => menu.evaluate((details: HTMLDetailsElement) => details.open);
    await networkSettled(page);

    // The inline links are hidden; the Menu button stands in for them, on the brand's line.
    expect(await header.getByRole('navigation', { name: 'Sections' }).isVisible()).toBe(false);
    expect(await menuButton.isVisible()).toBe(true);
    const box = (await menuButton.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    const brand = (await header.getByText('Willow & Light Photography').boundingBox())!;
    expect(box.y).toBeLessThan(brand.y + brand.height);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await isOpen()).toBe(false);
    await screenshot(page, 'home-header-phone-390', { fullPage: false });

    // Open: the three sections under the brand; the button stays where it was, as the close button.
    const scriptsBefore = requests.scripts().length;
    await menuButton.click();
    expect(await isOpen()).toBe(true);
    expect(await texts(sheetLinks)).toEqual(['Sessions', 'About', 'Galleries']);
    for (const link of await sheetLinks.all()) {
      const linkBox = (await link.boundingBox())!;
      expect(linkBox.height).toBeGreaterThanOrEqual(44);
      expect(linkBox.y).toBeGreaterThan(box.y + box.height);
    }
    expect(await menuButton.boundingBox()).toEqual(box);
    expect(await header.getByText('Willow & Light Photography').boundingBox()).toEqual(brand);
    // Nothing had to be loaded to open it.
    expect(requests.scripts()).toHaveLength(scriptsBefore);
    await animationsFinished(page); // the sheet's short opening animation
    await screenshot(page, 'home-menu-open-phone-390', { fullPage: false });

    // Tab and Shift+Tab stay on the button and the links while the sheet covers the page.
    await menuButton.focus();
    const focusInMenu = () =>
      page.evaluate(() => document.activeElement?.closest('header details') !== null);
    for (let step = 0; step < 6; step += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInMenu(), `Tab ${step + 1}`).toBe(true);
    }
    for (let step = 0; step < 6; step += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInMenu(), `Shift+Tab ${step + 1}`).toBe(true);
    }

    // Escape closes it and gives focus back to the Menu button.
    await page.keyboard.press('Escape');
    expect(await isOpen()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Menu',
    );

    // A tap outside closes it too, and nothing under it is pressed.
    await menuButton.click();
    await page.mouse.click(195, 780);
    expect(await isOpen()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/');

    // Choosing a section closes the menu and brings that section to the top of the window.
    await menuButton.click();
    await sheetLinks.getByText('Galleries').click();
    expect(await isOpen()).toBe(false);
    const galleries = page.locator('#galleries');
    await expect
      .poll(() => galleries.evaluate((element) => Math.abs(element.getBoundingClientRect().top)), {
        timeout: 5_000,
      })
      .toBeLessThan(40);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('galleries');

    // Once more, for the story.
    await page.evaluate(() => window.scrollTo(0, 0));
    await menuButton.click();
    await sheetLinks.getByText('About').click();
    expect(await isOpen()).toBe(false);
    const story = page.locator('#about-story');
    await expect
      .poll(() => story.evaluate((element) => Math.abs(element.getBoundingClientRect().top)), {
        timeout: 5_000,
      })
      .toBeLessThan(40);
    expect(await overflowsSideways(page)).toBe(false);
    await context.close();
  });

  it('opens the phone menu with scripts blocked, and its links take the visitor to the sections', async () => {
    const context = await newContext('phone', { javaScript: false });
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/', { waitUntil: 'commit' });
    await page.waitForLoadState('load');
    const menu = page.getByRole('banner').locator('details');
    await menu.locator('summary[aria-label="Menu"]').click();
    const galleriesLink = menu.getByRole('navigation', { name: 'Sections' }).getByText('Galleries');
    expect(await galleriesLink.isVisible()).toBe(true);
    await screenshot(page, 'home-menu-open-without-scripts-390', { fullPage: false });
    await galleriesLink.click();
    expect(new URL(page.url()).hash).toBe('#galleries');
    const top = await page
      .locator('#galleries')
      .evaluate((element) => element.getBoundingClientRect().top);
    expect(Math.abs(top)).toBeLessThan(40);
    // The button closes it again, as it opened it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await menu.locator('summary').click();
    expect(await menu.evaluate((details: HTMLDetailsElement) => details.open)).toBe(false);
    await context.close();
  });

  it('acts on a tap on Menu before the app has started, at once, and never again later', async () => {
    const context = await newContext('phone');
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    // The drawn page is on screen; the app's scripts are held back, as on a slow phone.
    const releaseScripts = await holdResponses(page, /\/assets\/.*\.js$/);
    await page.goto('/', { waitUntil: 'commit' });
    const menu = page.getByRole('banner').locator('details');
    const menuButton = menu.locator('summary[aria-label="Menu"]');
    const isOpen = () => menu.evaluate((details: HTMLDetailsElement) => details.open);
    await menuButton.click();
    expect(await isOpen()).toBe(true);
    await menuButton.click();
    expect(await isOpen()).toBe(false);

    // The app starts; the taps it did not see are not played again.
    releaseScripts();
    await page.waitForFunction(() => document.documentElement.dataset.app === 'started');
    await framesDrawn(page);
    expect(await isOpen()).toBe(false);
    // And what the app adds works on the menu the browser drew.
    await menuButton.click();
    await page.keyboard.press('Escape');
    expect(await isOpen()).toBe(false);
    await context.close();
  });

  it('shows the sections inline and no Menu button at 1280 px', async () => {
    const { context, page } = await openHome('desktop');
    const header = page.getByRole('banner');
    const nav = header.getByRole('navigation', { name: 'Sections' });
    expect(await nav.isVisible()).toBe(true);
    expect(await texts(nav.getByRole('link'))).toEqual(['Sessions', 'About', 'Galleries']);
    expect(await header.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    await screenshot(page, 'home-header-desktop', { fullPage: false });
    await nav.getByRole('link', { name: 'About' }).click();
    await expect
      .poll(
        () =>
          page
            .locator('#about-story')
            .evaluate((element) => Math.abs(element.getBoundingClientRect().top)),
        { timeout: 5_000 },
      )
      .toBeLessThan(40);
    await context.close();
  });

  it("gives a gallery page the site's brand and a 44 px way back (no section links, so no menu)", async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await newContext(viewport);
      const page = await context.newPage();
      if (viewport === 'phone') await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/gallery/${seeded.older.id}`);
      await page.getByRole('heading', { level: 1, name: 'Autumn in the Orchard' }).waitFor();
      const header = page.getByRole('banner');
      await header.getByText('Willow & Light Photography').waitFor();
      const back = header.getByRole('link', { name: 'Back to Galleries' });
      const box = (await back.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(await header.getByRole('button', { name: 'Menu' }).count()).toBe(0);
      await screenshot(page, `gallery-header-${viewport === 'phone' ? 'phone-390' : 'desktop'}`, {
        fullPage: false,
      });
      await context.close();
    }
  });

  it("loads none of the admin area's code for a visitor, and needs no request for the backend's address", async () => {
    const context = await newContext('phone');
    const page = await context.newPage();
    const requests = recordRequests(page);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // What loads when the page is idle counts too.
    await networkSettled(page);
    expect(requests.scripts().length).toBeGreaterThan(3);
    expect(requests.adminScripts()).toEqual([]);
    // The page the server drew carries the site's configuration, and the reads it shows.
    expect(requests.paths.filter((path) => path === '/config.json')).toEqual([]);
    expect(requests.paths.filter((path) => path.startsWith('/rest/v1/'))).toEqual([]);
    await context.close();
  });

  it("shows the page the server drew while React's code is still on its way, then works once it is in", async () => {
    const context = await newContext('phone');
    const page = await context.newPage();
    const releaseReact = await holdResponses(page, /\/assets\/react-[^/]+\.js$/);
    const requests = recordRequests(page);
    await page.goto('/', { waitUntil: 'commit' });
    // Painted from the HTML alone, before any of the app's code has run: the hero, the sections, the collections.
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText('Portrait Sessions').first().waitFor();
    await cardTitled(page, 'Featured Collections', 'Golden Hour Favourites').waitFor();
    expect(await page.getByText('Loading beautiful moments...').count()).toBe(0);
    releaseReact();
    // Hydrated (the app says it has started: src/app/app.tsx), the menu has the app's keys: Escape closes it.
    await page.waitForFunction(() => document.documentElement.dataset.app === 'started');
    const menu = page.getByRole('banner').locator('details');
    await menu.locator('summary').click();
    const sections = menu.getByRole('navigation', { name: 'Sections' });
    await sections.waitFor();
    await page.keyboard.press('Escape');
    await sections.waitFor({ state: 'hidden' });
    expect(requests.paths.filter((path) => path.startsWith('/rest/v1/'))).toEqual([]);
    await context.close();
  });

  // At 1280 px the seeded hero (no photo) centres its card, so a card that grew or shrank with
  // its text would move; its italic subtitle is set in the italic's own fallback.
  it.each(['phone', 'desktop'] as const)(
    'shows its text before the web fonts arrive, in fallbacks sized like them: nothing moves when they do (%s)',
    async (viewport) => {
      const context = await newContext(viewport);
      const page = await context.newPage();
      const fontRequests: string[] = [];
      const releaseFonts = await holdResponses(page, /\.woff2$/, (path) => fontRequests.push(path));
      // Not until 'load': that waits for the fonts held here.
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      const title = page.getByRole('heading', { level: 1 });
      await title.waitFor();
      await page.getByText('Portrait Sessions').first().waitFor();
      expect(fontRequests.length).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.fonts.check("16px 'Lato'"))).toBe(false);
      const before = await title.boundingBox();
      const card = page.getByTestId('home-hero-card');
      const cardBefore = await card.boundingBox();
      await page.evaluate(() => {
        (window as unknown as { shifts: number }).shifts = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
            (window as unknown as { shifts: number }).shifts += entry.value;
        }).observe({ type: 'layout-shift' });
      });
      releaseFonts();
      await page.waitForFunction(
        () => document.fonts.check("16px 'Lato'") && document.fonts.status === 'loaded',
      );
      // Layout shifts are reported after the frame that drew them.
      await framesDrawn(page);
      // The design's fonts are in use now (the page's own styles, not the loading screen's), and the page kept its layout.
      const families = await page.evaluate(() =>
        [document.querySelector('h1')!, document.body].map((element) =>
          getComputedStyle(element).fontFamily.split(',')[0]!.replace(/["']/g, ''),
        ),
      );
      expect(families).toEqual(['Playfair Display', 'Lato']);
      expect(
        await page.evaluate(
          (names) => names.every((name) => document.fonts.check(`16px '${name}'`)),
          families,
        ),
      ).toBe(true);
      expect(
        await page.evaluate(() => (window as unknown as { shifts: number }).shifts),
      ).toBeLessThan(0.02);
      const after = await title.boundingBox();
      expect(Math.abs(after!.height - before!.height)).toBeLessThan(before!.height * 0.2);
      const cardAfter = await card.boundingBox();
      expect([cardAfter!.width, cardAfter!.height]).toEqual([
        cardBefore!.width,
        cardBefore!.height,
      ]);
      await context.close();
    },
  );

  it('shows the hero image from the design, with its blur and opacity, eagerly', async () => {
    const preview = seeded.older.photos[0]!.previewUrl;
    await setSetting('hero_background_image', preview);
    await setSetting('hero_background_blur', '2');
    await setSetting('hero_background_opacity', '85');
    try {
      for (const viewport of ['desktop', 'phone'] as const) {
        const { context, page } = await openHome(viewport);
        const hero = page.getByTestId('home-hero-image');
        expect(await hero.evaluate((img: HTMLImageElement) => img.src)).toBe(preview);
        expect(
          await hero.evaluate((img: HTMLImageElement) => [img.loading, img.fetchPriority]),
        ).toEqual(['eager', 'high']);
        await page.waitForFunction(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          await hero.elementHandle(),
        );
        expect(
          await hero.evaluate((img) => [
            getComputedStyle(img).filter,
            getComputedStyle(img).opacity,
          ]),
        ).toEqual(['blur(2px)', '0.85']);
        await screenshot(page, `home-hero-image-${viewport}`, { fullPage: false });
        await context.close();
      }
    } finally {
      await setSetting('hero_background_image', null);
      await setSetting('hero_background_blur', '0');
      await setSetting('hero_background_opacity', '100');
    }
  });

  it('puts the hero photo first on a phone (at least half the first screen), keeps the card over it at 1280 px, and a wash without one', async () => {
    const PHONE = { width: 390, height: 844 };
    const open = async (size: { width: number; height: number }) => {
      const context = await newContext(size);
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      return { context, page };
    };
    const box = async (locator: Locator) => (await locator.boundingBox())!;
    await setSetting('hero_background_image', seeded.older.photos[0]!.previewUrl);
    try {
      // 390 × 844: the photo, then the text. What the first screen shows of the photo (the
      // picture within its rounded frame, minus any part the text card covers) is at least half of it.
      let { context, page } = await open(PHONE);
      const image = page.getByTestId('home-hero-image');
      await page.waitForFunction(
        (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        await image.elementHandle(),
      );
      const picture = await box(image);
      const frame = await box(image.locator('..'));
      const card = await box(page.getByTestId('home-hero-card'));
      const top = Math.max(picture.y, frame.y, 0);
      const bottom = Math.min(picture.y + picture.height, frame.y + frame.height, PHONE.height);
      const covered = Math.max(0, Math.min(bottom, card.y + card.height) - Math.max(top, card.y));
      expect((bottom - top - covered) / PHONE.height).toBeGreaterThanOrEqual(0.5);
      // The text comes below the photo, its title still on the first screen.
      expect(card.y).toBeGreaterThanOrEqual(frame.y + frame.height - 1);
      expect((await box(page.getByRole('heading', { level: 1 }))).y).toBeLessThan(
        PHONE.height - 40,
      );
      // Eager, high priority, and nothing moved while it came.
      expect(
        await image.evaluate((img: HTMLImageElement) => [img.loading, img.fetchPriority]),
      ).toEqual(['eager', 'high']);
      expect(await layoutShift(page)).toBeLessThan(0.02);
      expect(await overflowsSideways(page)).toBe(false);
      await screenshot(page, 'home-hero-phone-390', { fullPage: false });
      await context.close();

      // 1280 px: as before, the card in the middle of the photo, which fills the hero.
      ({ context, page } = await open(VIEWPORTS.desktop));
      const hero = await box(page.getByTestId('home-hero'));
      const wide = await box(page.getByTestId('home-hero-image').locator('..'));
      const wideCard = page.getByTestId('home-hero-card');
      const over = await box(wideCard);
      expect([wide.x, wide.y, wide.width, wide.height]).toEqual([
        hero.x,
        hero.y,
        hero.width,
        hero.height,
      ]);
      expect(over.y).toBeGreaterThan(wide.y + 40);
      expect(over.y + over.height).toBeLessThan(wide.y + wide.height - 40);
      expect(Math.abs(over.x + over.width / 2 - (wide.x + wide.width / 2))).toBeLessThan(2);
      // Its text reads on any photo: the card's own background hides nine tenths of it.
      const cardBackground = await wideCard.evaluate(
        (element) => getComputedStyle(element).backgroundColor,
      );
      // rgba(r, g, b, a) or a colour function with '/ a'; without either it is opaque.
      const alpha = (/^rgba\(.*,\s*([\d.]+)\)$/.exec(cardBackground) ??
        /\/\s*([\d.]+)\)$/.exec(cardBackground))?.[1];
      expect(alpha === undefined ? 1 : Number(alpha), cardBackground).toBeGreaterThanOrEqual(0.9);
      await context.close();

      // No photo (a fresh install): a wash of the palette, the text centred on it and filling most of it.
      await setSetting('hero_background_image', null);
      ({ context, page } = await open(PHONE));
      expect(await page.getByTestId('home-hero-image').count()).toBe(0);
      const wash = page.getByTestId('home-hero');
      const background = await wash.evaluate(
        (element) => getComputedStyle(element).backgroundImage,
      );
      expect(background).toMatch(/^linear-gradient\(/);
      expect(background).not.toMatch(/transparent|rgba\(0, 0, 0, 0\)/);
      const field = await box(wash);
      const text = await box(page.getByTestId('home-hero-card'));
      expect(field.height).toBeGreaterThanOrEqual(PHONE.height / 2);
      expect(text.height / field.height).toBeGreaterThan(0.6);
      expect(Math.abs(text.y + text.height / 2 - (field.y + field.height / 2))).toBeLessThan(
        field.height * 0.05,
      );
      await screenshot(page, 'home-hero-empty-phone-390', { fullPage: false });
      await context.close();
    } finally {
      await setSetting('hero_background_image', null);
    }
  });

  it('runs the contact action of each method', async () => {
    const cases = [
      { method: 'phone', value: '+44 7700 900123', href: 'tel:+447700900123', newTab: false },
      {
        method: 'instagram',
        value: '@willowandlight',
        href: 'https://instagram.com/willowandlight',
        newTab: true,
      },
      {
        method: 'facebook',
        value: 'willowandlight',
        href: 'https://facebook.com/willowandlight',
        newTab: true,
      },
      {
        method: 'website',
        value: 'willowandlight.com',
        href: 'https://willowandlight.com',
        newTab: true,
      },
      { method: 'email', value: 'hello@example.com', href: MAILTO, newTab: false },
    ];
    const context = await newContext('desktop');
    const page = await context.newPage();
    try {
      for (const { method, value, href, newTab } of cases) {
        await setSetting('contact_method', method);
        await setSetting('contact_value', value);
        await page.goto('/');
        const button = page.getByTestId('contact-button');
        await button.waitFor();
        expect(await button.getAttribute('href'), method).toBe(href);
        expect(await button.getAttribute('target'), method).toBe(newTab ? '_blank' : null);
        if (newTab) expect(await button.getAttribute('rel')).toBe('noopener noreferrer');
      }
      // A new-tab method opens the address in a new tab.
      await setSetting('contact_method', 'website');
      await setSetting('contact_value', 'willowandlight.com');
      await context.route('https://willowandlight.com/**', (route) =>
        route.fulfill({ body: 'Willow & Light', contentType: 'text/plain' }),
      );
      await page.goto('/');
      const [tab] = await Promise.all([
        context.waitForEvent('page'),
        page.getByTestId('contact-button').click(),
      ]);
      await tab.waitForLoadState();
      expect(tab.url()).toBe('https://willowandlight.com/');
    } finally {
      await setSetting('contact_method', 'email');
      await setSetting('contact_value', 'hello@example.com');
      await context.close();
    }
  });

  it('key sections fit a 375 px phone in one column', async () => {
    // Every social network set: the header wraps its icons instead of overflowing.
    await sql(
      `update public.photographer_profile set social_instagram = 'https://instagram.com/willowandlight',
         social_facebook = 'https://facebook.com/willowandlight', social_twitter = 'https://twitter.com/willowandlight',
         social_linkedin = 'https://linkedin.com/in/willowandlight', social_website = 'https://willowandlight.com'`,
    );
    const { context, page } = await openHome('phone').finally(() =>
      sql(
        'update public.photographer_profile set social_instagram = null, social_facebook = null, social_twitter = null, social_linkedin = null, social_website = null',
      ),
    );
    const header = page.getByRole('banner');
    await header.getByText('Willow & Light Photography').waitFor();
    const socials = header.locator('a[target="_blank"]');
    expect(
      await socials.evaluateAll((links) => links.map((link) => link.getAttribute('aria-label'))),
    ).toEqual(['Instagram', 'Facebook', 'Twitter', 'LinkedIn', 'Website']);
    expect(await socials.first().getAttribute('href')).toBe('https://instagram.com/willowandlight');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Stories told in light',
    );
    expect(await page.getByTestId('contact-button').getAttribute('href')).toBe(MAILTO);
    await page.getByRole('heading', { level: 2, name: 'My Story' }).waitFor();
    await page.getByRole('contentinfo').getByText(`© ${YEAR}`, { exact: false }).waitFor();

    // One column: every service card and collection card starts at the same x and spans the content width.
    const columns = async (locator: Locator) =>
      new Set(
        await locator.evaluateAll((elements) =>
          elements.map((element) => Math.round(element.getBoundingClientRect().left)),
        ),
      ).size;
    expect(await columns(page.getByTestId('service-list').locator(':scope > li'))).toBe(1);
    expect(await columns(cardsIn(page, 'Recent Sessions'))).toBe(1);
    expect(await columns(cardsIn(page, 'Featured Collections'))).toBe(1);
    const width = await cardsIn(page, 'Recent Sessions')
      .first()
      .evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(300);
    expect(await overflowsSideways(page)).toBe(false);
    await cardTitled(page, 'Featured Collections', 'Golden Hour Favourites')
      .getByText('3 photos')
      .waitFor();
    await loadLazyImages(page);
    await screenshot(page, 'home-phone');
    await context.close();
  });

  it('lays collections out in 1, 2, 3 and 4 columns as the window widens', async () => {
    const extra = await sql<{ id: string }>(
      "insert into public.albums (name, is_public) select 'Column Study ' || n, true from generate_series(1, 3) n returning id",
    );
    try {
      const { context, page } = await openHome('desktop');
      const cards = cardsIn(page, 'Recent Sessions');
      expect(await cards.count()).toBeGreaterThanOrEqual(5);
      const firstRow = async () => {
        const tops = await cards.evaluateAll((elements) =>
          elements.map((element) => Math.round(element.getBoundingClientRect().top)),
        );
        return tops.filter((top) => top === tops[0]).length;
      };
      for (const [width, expected] of [
        [1280, 4],
        [1100, 3],
        [700, 2],
        [375, 1],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        await expect.poll(firstRow, { message: `${width} px` }).toBe(expected);
      }
      await context.close();
    } finally {
      await sql('delete from public.albums where id = any($1::uuid[])', [
        extra.map((row) => row.id),
      ]);
    }
  });

  it('shows the defaults when the site has no content, and puts the data back', async () => {
    const tables = [
      'page_content',
      'service_packages',
      'photographer_profile',
      'site_settings',
    ] as const;
    const saved: Record<string, unknown[]> = {};
    for (const table of tables) saved[table] = await sql(`select * from public.${table}`);
    const publicAlbums = (
      await sql<{ id: string }>(
        'update public.albums set is_public = false where is_public returning id',
      )
    ).map((row) => row.id);
    const activeGalleries = (
      await sql<{ id: string }>(
        'update public.public_galleries set is_active = false where is_active returning id',
      )
    ).map((row) => row.id);
    for (const table of tables) await sql(`delete from public.${table}`);
    try {
      for (const viewport of ['desktop', 'phone'] as const) {
        const { context, page } = await openHome(viewport);
        await page.getByRole('banner').getByText('Photography Portfolio').waitFor();
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
          'Capturing Life’s Beautiful Moments',
        );
        expect(await page.getByText("Hello, I'm glad you're here").count()).toBe(0);
        await page.getByRole('heading', { level: 2, name: 'Portrait Sessions' }).waitFor();
        expect(await page.getByTestId('service-list').count()).toBe(0);
        // No contact value: the button shows the default text but goes nowhere.
        const contact = page.getByTestId('contact-button');
        expect(await contact.textContent()).toBe("Let's Connect");
        expect(await contact.getAttribute('href')).toBeNull();
        await page.getByText("Ready to capture your story? I'd love to hear from you.").waitFor();
        const story = page.locator('#about-story');
        await story.getByRole('heading', { level: 2, name: 'My Story' }).waitFor();
        await story.getByText('The heart behind the lens').waitFor();
        await story
          .getByText('Photography found me in the quiet moments', { exact: false })
          .waitFor();
        await page
          .locator('#galleries')
          .getByRole('heading', { name: 'Magic is Coming Soon!' })
          .waitFor();
        expect(await page.getByRole('group', { name: 'Featured Collections' }).count()).toBe(0);
        expect(await page.getByRole('group', { name: 'Recent Sessions' }).count()).toBe(0);
        await page
          .getByRole('contentinfo')
          .getByText(`© ${YEAR} Photography Portfolio`, { exact: false })
          .waitFor();
        expect(await overflowsSideways(page)).toBe(false);
        await screenshot(page, `home-empty-${viewport}`);
        await context.close();
      }
    } finally {
      for (const table of tables) {
        await sql(`delete from public.${table}`);
        await sql(
          `insert into public.${table} select * from json_populate_recordset(null::public.${table}, $1::json)`,
          [JSON.stringify(saved[table])],
        );
      }
      await sql('update public.albums set is_public = true where id = any($1::uuid[])', [
        publicAlbums,
      ]);
      await sql('update public.public_galleries set is_active = true where id = any($1::uuid[])', [
        activeGalleries,
      ]);
    }
    expect(await sql('select site_name from public.photographer_profile')).toEqual([
      { site_name: 'Willow & Light Photography' },
    ]);
    expect(await sql('select count(*)::int as count from public.service_packages')).toEqual([
      { count: 3 },
    ]);
  });

  it('ends loading with a toast when the reads fail', async () => {
    const context = await newContext('desktop');
    await context.route('**/rest/v1/**', (route) => route.abort());
    const page = await context.newPage();
    // The page as a static host sends it (or the stack when it could not draw it in time): the
    // build's index.html, drawn in the browser, which then reads, and fails.
    await page.route(
      (url) => url.pathname === '/',
      async (route) =>
        route.fulfill({
          response: await route.fetch({ url: new URL('/index.html', route.request().url()).href }),
        }),
    );
    await page.goto('/');
    await expectToast(page, 'Failed to load gallery data.');
    await page.getByText('Loading beautiful moments...').waitFor({ state: 'detached' });
    // The page is there, with its defaults.
    await page.getByRole('banner').getByText('Photography Portfolio').waitFor();
    await page.getByText('Magic is Coming Soon!').waitFor();
    // Every read has answered (and failed) by now: still one message, not one per read.
    await networkSettled(page);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(1);
    await screenshot(page, 'home-failed', { fullPage: false });
    await context.close();
  });

  it('never puts hostile stored values into links or images', async () => {
    // The database refuses unsafe button links and social links outright (docs/SECURITY.md, URLs).
    await expect(
      sql(
        "update public.page_content set button_link = 'javascript:alert(1)' where section_name = 'intro'",
      ),
    ).rejects.toThrow(/button_link/);
    await expect(
      sql("update public.photographer_profile set social_instagram = 'javascript:alert(1)'"),
    ).rejects.toThrow(/photographer_profile_social_links_web/);
    // Settings are checked by the RPC that saves them, not by their table: written straight into
    // it, the page is the second fence.
    const [profile] = await sql<{ social_instagram: string | null; social_website: string | null }>(
      'select social_instagram, social_website from public.photographer_profile',
    );
    await sql(
      "update public.photographer_profile set social_instagram = null, social_website = 'https://willowandlight.com'",
    );
    await setSetting('hero_background_image', 'javascript:alert(1)');
    await setSetting('contact_method', 'website');
    await setSetting('contact_value', 'javascript:alert(1)');
    await sql("update public.albums set name = '<img src=x onerror=alert(1)>' where id = $1", [
      seeded.newer.id,
    ]);
    try {
      const { context, page } = await openHome('desktop');
      const header = page.getByRole('banner');
      expect(await header.getByRole('link', { name: 'Website' }).getAttribute('href')).toBe(
        'https://willowandlight.com',
      );
      expect(await page.getByTestId('home-hero-image').count()).toBe(0);
      expect(await page.getByTestId('contact-button').getAttribute('href')).toBeNull();
      // Stored text is text.
      await cardsIn(page, 'Recent Sessions').getByText('<img src=x onerror=alert(1)>').waitFor();
      const unsafe = await page.evaluate(() =>
        Array.from(document.querySelectorAll('[href], [src]'))
          .map((element) => element.getAttribute('href') ?? element.getAttribute('src') ?? '')
          .filter((url) => /^\s*(javascript|data|vbscript):/i.test(url) || url === 'x'),
      );
      expect(unsafe).toEqual([]);
      await context.close();
    } finally {
      await sql(
        'update public.photographer_profile set social_instagram = $1, social_website = $2',
        [profile!.social_instagram, profile!.social_website],
      );
      await setSetting('hero_background_image', null);
      await setSetting('contact_method', 'email');
      await setSetting('contact_value', 'hello@example.com');
      await sql("update public.albums set name = 'Spring Meadow Family' where id = $1", [
        seeded.newer.id,
      ]);
    }
  });
});
