import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  animationsFinished,
  framesDrawn,
  newContext,
  screenshot,
  signInAsAdmin,
  sql,
} from './browser';
import { seedAlbum, seedClientLink, seedPublicGallery, type SeededPhoto } from './public-seed';

/**
 * Issue 19, item 10: no page, public or admin, and no dialog is wider than a 360 px phone.
 * Every route is visited with realistic long content (long collection, gallery and service
 * names, a long unbroken file name, long URLs) and the page must not scroll sideways; the
 * message names the elements that stick out past the screen's right edge.
 */
// A phone: 360 px wide, a touch screen (no hover, a coarse pointer).
const PHONE = { width: 360, height: 740 };

const ALBUM_NAME =
  'Eleanor & Sebastian — Wedding at Ashcombe Manor: Ceremony, Portraits and the Long Summer Reception';
const LONG_FILENAME = 'ELEANOR_SEBASTIAN_ASHCOMBE_MANOR_CEREMONY_0001_FINAL_EDIT_HIGHRES.jpg';
const GALLERY_TITLE = 'Golden Hour Portraits Along the Northumberland Coastline, Autumn Collection';
const SERVICE_NAME = 'The Complete Wedding Day Storytelling Collection';
const TESTIMONIAL_NAME =
  'Charlotte, Alexander, Wilhelmina and Baby Theodore Pemberton-Whitaker-Montgomery';
const LONG_URL =
  'https://www.willowandlight-photography.co.uk/booking/enquiry-form?package=complete-wedding-day&utm_source=homepage';

let album: { id: string; photos: SeededPhoto[] };
let galleryId: string;
let openToken: string;
let protectedToken: string;
let restore: Array<{ text: string; params: unknown[] }> = [];

beforeAll(async () => {
  album = await seedAlbum({
    name: ALBUM_NAME,
    description:
      'Two days in the Cotswolds: getting ready at the cottage, the ceremony in the walled garden, confetti, portraits by the lake and dancing until the lanterns went out.',
    isPublic: true,
    photos: [
      { fixture: 'landscape.jpg', originalFilename: LONG_FILENAME },
      'portrait.jpg',
      'rotated-exif6.jpg',
    ],
  });
  galleryId = await seedPublicGallery({
    title: GALLERY_TITLE,
    description:
      'Windswept dunes, low October sun and families running into the sea at Bamburgh and Embleton Bay.',
    photoIds: album.photos.map((photo) => photo.id),
  });
  openToken = await seedClientLink({
    albumId: album.id,
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
  });
  protectedToken = await seedClientLink({ albumId: album.id, passcode: '4821' });

  // What the seeded site says now, to put back for the journeys that run after this one.
  const [profile] = await sql<{
    site_name: string | null;
    subtitle: string | null;
    social_website: string | null;
  }>('select site_name, subtitle, social_website from public.photographer_profile limit 1');
  const sections = await sql<{ id: string; subtitle: string | null; button_link: string | null }>(
    'select id, subtitle, button_link from public.page_content',
  );
  restore = [
    {
      text: 'update public.photographer_profile set site_name = $1, subtitle = $2, social_website = $3',
      params: [profile!.site_name, profile!.subtitle, profile!.social_website],
    },
    ...sections.map((section) => ({
      text: 'update public.page_content set subtitle = $2, button_link = $3 where id = $1',
      params: [section.id, section.subtitle, section.button_link],
    })),
    { text: 'delete from public.service_packages where name = $1', params: [SERVICE_NAME] },
    { text: 'delete from public.testimonials where client_name = $1', params: [TESTIMONIAL_NAME] },
  ];
  await sql(
    'update public.photographer_profile set site_name = $1, subtitle = $2, social_website = $3',
    [
      'Willow & Light Photography by Charlotte Pemberton-Whitaker',
      'Natural portraits, families, weddings and quiet moments across Northumberland and the Scottish Borders',
      LONG_URL,
    ],
  );
  await sql(`update public.page_content set subtitle = $1 where section_name = 'hero'`, [
    'Natural, unposed portraits for families, couples and little ones, from first breaths to golden anniversaries, wherever you feel at home',
  ]);
  await sql(`update public.page_content set button_link = $1 where section_name = 'intro'`, [
    LONG_URL,
  ]);
  // The home page's Kind Words and the admin's testimonials, with a long name and an unbroken word.
  await sql('insert into public.testimonials (client_name, quote, sort_order) values ($1, $2, 0)', [
    TESTIMONIAL_NAME,
    `We could not have asked for more: ${LONG_FILENAME} is now on our wall, and every time we walk past it we smile.`,
  ]);
  await sql(
    `insert into public.service_packages (name, whimsical_name, description, price_range, features, icon_name, sort_order)
     values ($1, $2, $3, $4, $5, 'Camera', 3)`,
    [
      SERVICE_NAME,
      'Every Tear, Every Laugh and Every Slightly Chaotic Dance Move',
      'From the first buttons of the morning to the last song of the night, with a second photographer for the ceremony.',
      '£2,450 – £3,900 depending on coverage',
      [
        'Ten hours of coverage with a second photographer',
        '600+ edited photos in a private online gallery',
        'Handmade linen album',
      ],
    ],
  );
});

afterAll(async () => {
  for (const { text, params } of restore) await sql(text, params);
});

interface Overflow {
  scrollWidth: number;
  outside: string[];
}

/** How wide the page is, and the outermost elements whose right edge is past the screen's (or that scroll sideways). */
function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    // Measured from the page's left edge (a click on something off to the right scrolls the page sideways).
    window.scrollTo(0, window.scrollY);
    const limit = document.documentElement.clientWidth + 0.5;
    const describe = (element: Element) => {
      const part = (node: Element) => {
        const testId = node.getAttribute('data-testid');
        const classes = Array.from(node.classList).slice(0, 4).join('.');
        return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${testId ? `[data-testid=${testId}]` : ''}${classes ? `.${classes}` : ''}`;
      };
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const parent =
        element.parentElement && element.parentElement !== document.body
          ? `${part(element.parentElement)} > `
          : '';
      return `${parent}${part(element)}${text ? ` “${text}”` : ''}`;
    };
    const clips = (element: Element) => getComputedStyle(element).overflowX !== 'visible';
    const formControl = (element: Element) =>
      ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
    // Clipped inside an ancestor that ends on the screen: that ancestor is judged itself.
    const clippedAbove = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (clips(up) && up.getBoundingClientRect().right <= limit) return true;
      }
      return false;
    };
    const edges = new Set<Element>();
    const reaches = new Set<Element>();
    const notes = new Map<Element, string>();
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      // Sonner's list of toasts is a fixed box 100% wide from a 16 px offset on phones; it scrolls nothing, and the
      // toasts in it are sized to end 16 px from the right (they are checked themselves).
      if (element.hasAttribute('data-sonner-toaster')) continue;
      const style = getComputedStyle(element);
      if (box.right > limit && !clippedAbove(element)) {
        edges.add(element);
        notes.set(element, `right edge at ${Math.round(box.right)} px`);
        continue;
      }
      // Text running out of its box (a long word that does not wrap) moves no box: how far does the content reach?
      const reach = box.left + element.scrollWidth;
      if (
        !formControl(element) &&
        // An element that clips its own content (truncated text) is as wide as it looks.
        style.overflowX !== 'hidden' &&
        style.overflowX !== 'clip' &&
        style.display !== 'inline' &&
        element.clientWidth > 0 &&
        element.scrollWidth > element.clientWidth + 1 &&
        reach > limit &&
        !clippedAbove(element)
      ) {
        reaches.add(element);
        const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
        notes.set(
          element,
          scrolls
            ? `scrolls sideways to ${Math.round(reach)} px`
            : `content reaches ${Math.round(reach)} px`,
        );
      }
    }
    const insideOf = (element: Element, set: Set<Element>) => {
      for (let up = element.parentElement; up; up = up.parentElement) if (set.has(up)) return true;
      return false;
    };
    // The outermost box past the edge, and the innermost element whose content runs past it (its ancestors only carry it).
    const outermostEdges = [...edges].filter((element) => !insideOf(element, edges));
    const innermostReaches = [...reaches].filter(
      (element) =>
        !insideOf(element, edges) &&
        ![...reaches, ...edges].some((other) => other !== element && element.contains(other)),
    );
    const outside = [...outermostEdges, ...innermostReaches];
    return {
      scrollWidth: document.documentElement.scrollWidth,
      outside: outside.slice(0, 12).map((element) => `${describe(element)}: ${notes.get(element)}`),
    };
  });
}

/** Lets images, fonts and late data settle before measuring. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await animationsFinished(page);
  await framesDrawn(page);
}

const problems: string[] = [];

/**
 * Measures what the page shows now; a page wider than the screen is noted with what sticks out.
 * Saves a screenshot to look at: the whole page, or (with a dialog open) what the screen shows.
 */
async function check(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  await settle(page);
  const { scrollWidth, outside } = await measure(page);
  if (scrollWidth > PHONE.width || outside.length > 0) {
    problems.push(
      `${name}: page ${scrollWidth} px wide${outside.length ? `\n    ${outside.join('\n    ')}` : ''}`,
    );
  }
  await screenshot(page, `narrow-${name}`, { fullPage: options.fullPage ?? true });
}

/** Opens a dialog (or menu) with `open`, checks the screen with it open, and closes it with Escape. */
async function checkOpen(
  page: Page,
  name: string,
  open: () => Promise<void>,
  shown: Locator,
): Promise<void> {
  await open();
  await shown.waitFor();
  await check(page, name, { fullPage: false });
  await page.keyboard.press('Escape');
  await shown.waitFor({ state: 'hidden' });
}

describe('at 360 px wide', () => {
  it('no public page is wider than the screen', async () => {
    problems.length = 0;
    const context = await newContext(PHONE, { touch: true });
    const page = await context.newPage();

    await page.goto('/');
    const menuButton = page.getByRole('banner').locator('summary[aria-label="Menu"]');
    await menuButton.waitFor();
    await page.getByRole('heading', { name: GALLERY_TITLE }).waitFor();
    await page.getByRole('heading', { name: 'Kind Words' }).waitFor();
    await check(page, 'home');
    await checkOpen(
      page,
      'home-menu',
      () => menuButton.click(),
      page.getByRole('banner').locator('details nav'),
    );

    await page.goto(`/gallery/public/${galleryId}`);
    await page.getByRole('heading', { name: GALLERY_TITLE }).waitFor();
    await check(page, 'public-gallery');

    await page.goto(`/gallery/${album.id}`);
    await page.getByRole('heading', { name: ALBUM_NAME }).waitFor();
    await check(page, 'public-album');

    await page.goto(`/client/${openToken}`);
    await page.getByRole('heading', { name: ALBUM_NAME }).waitFor();
    await check(page, 'client-gallery');

    await page.goto(`/client/${protectedToken}`);
    await page.getByRole('dialog', { name: 'Gallery Protected' }).waitFor();
    await check(page, 'client-passcode', { fullPage: false });

    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404' }).waitFor();
    await check(page, 'not-found');

    await context.close();
    expect(problems, `Pages wider than 360 px:\n${problems.join('\n')}`).toEqual([]);
  });

  it('no admin page or dialog is wider than the screen', async () => {
    problems.length = 0;
    const context = await newContext(PHONE, { touch: true });
    const page = await context.newPage();
    const heading = (name: string) => page.getByRole('heading', { name, exact: true, level: 1 });
    const dialog = (name: string) => page.getByRole('dialog', { name });
    const alert = () => page.getByRole('alertdialog');
    const menu = () => page.getByRole('menu');

    await page.goto('/admin');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await check(page, 'admin-login');
    await signInAsAdmin(page);

    await heading('Dashboard').waitFor();
    await check(page, 'admin-dashboard');
    await checkOpen(
      page,
      'admin-navigation',
      () => page.getByRole('button', { name: 'Toggle Sidebar' }).click(),
      dialog('Navigation'),
    );
    await checkOpen(
      page,
      'admin-sync-status',
      () => page.getByTestId('sync-status').click(),
      page.getByText('Every change is on the server.'),
    );

    await page.goto('/admin/albums');
    await heading('Shoot Collections').waitFor();
    await page.getByRole('button', { name: `Actions for ${ALBUM_NAME}` }).waitFor();
    await check(page, 'admin-albums');
    await checkOpen(
      page,
      'admin-album-form',
      () => page.getByRole('button', { name: 'New Collection' }).click(),
      dialog('New Collection'),
    );
    await checkOpen(
      page,
      'admin-album-menu',
      () => page.getByRole('button', { name: `Actions for ${ALBUM_NAME}` }).click(),
      menu(),
    );
    await page.getByRole('button', { name: `Actions for ${ALBUM_NAME}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await alert().waitFor();
    await check(page, 'admin-album-delete', { fullPage: false });
    await alert().getByRole('button', { name: 'Cancel' }).click();
    await alert().waitFor({ state: 'detached' });

    await page.goto(`/admin/albums/${album.id}`);
    await heading(ALBUM_NAME).waitFor();
    await page.getByRole('button', { name: `Delete ${LONG_FILENAME}` }).waitFor();
    await check(page, 'admin-album-detail');
    await checkOpen(
      page,
      'admin-add-photos',
      () => page.getByRole('button', { name: 'Add Photos' }).first().click(),
      dialog('Add Photos'),
    );
    await checkOpen(
      page,
      'admin-photo-delete',
      () => page.getByRole('button', { name: `Delete ${LONG_FILENAME}` }).click(),
      alert(),
    );

    await page.goto('/admin/public-galleries');
    await heading('Public Galleries').waitFor();
    await page.getByTestId('gallery-card').first().waitFor();
    await check(page, 'admin-public-galleries');
    await checkOpen(
      page,
      'admin-gallery-form',
      () => page.getByRole('button', { name: 'New Gallery' }).click(),
      dialog('Create Public Gallery'),
    );
    await checkOpen(
      page,
      'admin-gallery-edit',
      () => page.getByRole('button', { name: `Edit ${GALLERY_TITLE}` }).click(),
      dialog('Edit Public Gallery'),
    );

    await page.goto('/admin/links');
    await heading('Client Links').waitFor();
    await page.getByTestId('link-row').first().waitFor();
    await check(page, 'admin-links');
    await checkOpen(
      page,
      'admin-link-form',
      () => page.getByRole('button', { name: 'New Client Link' }).click(),
      dialog('New Client Link'),
    );
    await checkOpen(
      page,
      'admin-link-menu',
      () =>
        page
          .getByRole('button', { name: `Actions for the link to ${ALBUM_NAME}` })
          .first()
          .click(),
      menu(),
    );

    await page.goto('/admin/content');
    await heading('Page Content').waitFor();
    await page.getByTestId('section-row').first().waitFor();
    await check(page, 'admin-content');
    await checkOpen(
      page,
      'admin-section-form',
      () => page.getByRole('button', { name: 'Add Section' }).click(),
      dialog('Add Section'),
    );
    await checkOpen(
      page,
      'admin-section-edit',
      () => page.getByRole('button', { name: 'Edit section' }).first().click(),
      dialog('Edit Section'),
    );
    await checkOpen(
      page,
      'admin-section-delete',
      () => page.getByRole('button', { name: 'Delete section' }).first().click(),
      alert(),
    );

    await page.goto('/admin/services');
    await heading('Service Packages').waitFor();
    await page.getByRole('heading', { name: SERVICE_NAME }).waitFor();
    await check(page, 'admin-services');
    await checkOpen(
      page,
      'admin-service-form',
      () => page.getByRole('button', { name: 'Add Service' }).click(),
      dialog('Add Service'),
    );
    await checkOpen(
      page,
      'admin-service-edit',
      () => page.getByRole('button', { name: 'Edit service' }).last().click(),
      dialog('Edit Service'),
    );
    await checkOpen(
      page,
      'admin-service-delete',
      () => page.getByRole('button', { name: 'Delete service' }).last().click(),
      alert(),
    );

    await page.goto('/admin/testimonials');
    await heading('Testimonials').waitFor();
    await page.getByRole('heading', { name: TESTIMONIAL_NAME }).waitFor();
    await check(page, 'admin-testimonials');
    await checkOpen(
      page,
      'admin-testimonial-form',
      () => page.getByRole('button', { name: 'Add Testimonial' }).click(),
      dialog('Add Testimonial'),
    );
    await checkOpen(
      page,
      'admin-testimonial-edit',
      () => page.getByRole('button', { name: 'Edit testimonial' }).first().click(),
      dialog('Edit Testimonial'),
    );
    await checkOpen(
      page,
      'admin-testimonial-delete',
      () => page.getByRole('button', { name: 'Delete testimonial' }).first().click(),
      alert(),
    );

    await page.goto('/admin/design');
    await heading('Site Design').waitFor();
    await check(page, 'admin-design');

    await page.goto('/admin/settings');
    await heading('Settings').waitFor();
    await page.getByRole('button', { name: 'Add Admin' }).waitFor();
    await check(page, 'admin-settings');
    await checkOpen(
      page,
      'admin-add-admin',
      () => page.getByRole('button', { name: 'Add Admin' }).click(),
      dialog('Add Admin'),
    );
    await checkOpen(
      page,
      'admin-reset-password',
      () => page.getByRole('button', { name: 'Reset Password' }).click(),
      dialog('Reset Password'),
    );

    await page.goto('/admin/no-such-screen');
    await heading('404').waitFor();
    await check(page, 'admin-not-found');

    await context.close();
    expect(problems, `Admin screens wider than 360 px:\n${problems.join('\n')}`).toEqual([]);
  });
});
