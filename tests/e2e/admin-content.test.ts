import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_FLOW_SIZES,
  expectToast,
  fixturePath,
  loadedWidth,
  newContext,
  screenshot,
  signInAsAdmin,
  sql,
  cancelAndDiscard,
} from './browser';
import { seedAlbum } from './public-seed';

interface SectionRow {
  id: string;
  page_name: string;
  section_name: string;
  title: string | null;
  subtitle: string | null;
  content: string | null;
  button_text: string | null;
  button_link: string | null;
  image_url: string | null;
  blur: number | null;
  opacity: number | null;
  sort_order: number;
  is_active: boolean;
}

const sectionsNamed = (name: string) =>
  sql<SectionRow>(
    `select id, page_name, section_name, title, subtitle, content, button_text, button_link, image_url, blur, opacity, sort_order, is_active
       from public.page_content where section_name = $1`,
    [name],
  );

/** Lets the toasts run out (the pointer resting on them pauses them); on a phone they cover the last row. */
async function waitForToastsToClose(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForFunction(
    () => document.querySelectorAll('[data-sonner-toast]').length === 0,
    undefined,
    { timeout: 20_000 },
  );
}

const row = (page: Page, name: string) =>
  page.locator(`[data-testid="section-row"][data-section="${name}"]`);

describe.each(ADMIN_FLOW_SIZES)('page content at %s size', (viewport) => {
  it('lists the seeded sections, edits the hero, hides and shows a section, adds and deletes a cta, refuses a second hero', async () => {
    const context = await newContext(viewport);
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/content');
    await page.getByRole('heading', { name: 'Page Content', exact: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Home Page' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await page.getByRole('tab').count()).toBe(1);

    // The seeded sections, by sort order.
    await row(page, 'hero').waitFor();
    const order = await page
      .getByTestId('section-row')
      .evaluateAll((rows) => rows.map((element) => element.getAttribute('data-section')));
    expect(order).toEqual(['hero', 'intro', 'about-story']);
    await row(page, 'about-story').getByText('My Story', { exact: true }).waitFor();
    // The photographer's words for each section, never the stored name.
    expect(await page.getByTestId('section-label').allTextContents()).toEqual([
      'Hero',
      'Introduction',
      'About — my story',
    ]);
    expect(await page.getByText('about-story', { exact: true }).count()).toBe(0);
    await screenshot(page, `content-${viewport}`);

    // Edit the hero: the section name is locked; title and subtitle reach the database.
    const [heroBefore] = await sectionsNamed('hero');
    await row(page, 'hero').getByRole('button', { name: 'Edit section' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Section' });
    const nameSelect = editDialog.getByLabel('Section', { exact: true });
    expect(await nameSelect.isDisabled()).toBe(true);
    expect(await nameSelect.inputValue()).toBe('hero');
    expect(await nameSelect.locator('option:checked').textContent()).toBe('Hero');
    expect(await editDialog.getByLabel(/sort order/i).count()).toBe(0);
    const title = `Stories told in light (${viewport})`;
    const subtitle = `Unposed portraits, edited on a ${viewport}`;
    await editDialog.getByLabel('Title', { exact: true }).fill(title);
    await editDialog.getByLabel('Subtitle').fill(subtitle);
    await screenshot(page, `content-edit-dialog-${viewport}`);
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Content updated');
    await editDialog.waitFor({ state: 'detached' });
    await row(page, 'hero').getByText(title).waitFor();
    const [heroAfter] = await sectionsNamed('hero');
    expect(heroAfter).toEqual({ ...heroBefore, title, subtitle });

    // Hide a section with the eye, then show it again.
    await row(page, 'intro').getByRole('button', { name: 'Hide section' }).click();
    await expectToast(page, 'Section hidden');
    await row(page, 'intro').getByText('Hidden', { exact: true }).waitFor();
    await row(page, 'intro').getByRole('button', { name: 'Show section' }).waitFor();
    expect((await sectionsNamed('intro')).map((section) => section.is_active)).toEqual([false]);
    await screenshot(page, `content-hidden-${viewport}`);
    await row(page, 'intro').getByRole('button', { name: 'Show section' }).click();
    await expectToast(page, 'Section shown');
    await row(page, 'intro').getByText('Active', { exact: true }).waitFor();
    expect((await sectionsNamed('intro')).map((section) => section.is_active)).toEqual([true]);

    // Add a call to action: the section is required; empty fields are stored as null; it goes last.
    await waitForToastsToClose(page);
    await page.getByRole('button', { name: 'Add Section' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add Section' });
    await addDialog.getByRole('button', { name: 'Add Section' }).click();
    await addDialog.getByText('Section name is required').waitFor();
    await addDialog
      .getByLabel('Section', { exact: true })
      .selectOption({ label: 'Call to action' });
    await addDialog.getByLabel('Title', { exact: true }).fill('Ready when you are');
    await addDialog.getByLabel('Button Text').fill('Get in touch');
    await addDialog.getByLabel('Button Link').fill('/contact');
    await screenshot(page, `content-add-dialog-${viewport}`);
    await addDialog.getByRole('button', { name: 'Cancel' }).scrollIntoViewIfNeeded();
    await screenshot(page, `content-add-dialog-end-${viewport}`);
    await addDialog.getByRole('button', { name: 'Add Section' }).click();
    await expectToast(page, 'Content created');
    await addDialog.waitFor({ state: 'detached' });
    const [cta] = await sectionsNamed('cta');
    expect(cta).toMatchObject({
      page_name: 'home',
      section_name: 'cta',
      title: 'Ready when you are',
      subtitle: null,
      content: null,
      button_text: 'Get in touch',
      button_link: '/contact',
      image_url: null,
      blur: null,
      opacity: null,
      sort_order: 3,
      is_active: true,
    });
    await row(page, 'cta')
      .getByTestId('section-label')
      .getByText('Call to action', { exact: true })
      .waitFor();
    await row(page, 'cta').getByText('Get in touch → /contact').waitFor();
    expect(await page.getByTestId('section-row').last().getAttribute('data-section')).toBe('cta');

    // A second hero: the server's message, and nothing changes.
    await page.getByRole('button', { name: 'Add Section' }).click();
    await addDialog.getByLabel('Section', { exact: true }).selectOption({ label: 'Hero' });
    await addDialog.getByLabel('Title', { exact: true }).fill('Another hero');
    await addDialog.getByRole('button', { name: 'Add Section' }).click();
    await expectToast(page, 'This page already has a section with that name');
    expect(await addDialog.isVisible()).toBe(true);
    expect(await sectionsNamed('hero')).toEqual([heroAfter]);
    // The typed section is still in the form: Cancel asks first.
    await cancelAndDiscard(page, addDialog);
    expect(await row(page, 'hero').count()).toBe(1);
    expect(await page.getByText('Another hero').count()).toBe(0);
    expect(await page.getByTestId('sync-status').getAttribute('data-state')).toBe('saved');

    // Delete the cta, after asking.
    await waitForToastsToClose(page);
    await row(page, 'cta').getByRole('button', { name: 'Delete section' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText('The “Call to action” section will be removed from the home page.', {
        exact: false,
      })
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete Section' }).click();
    await expectToast(page, 'Content deleted');
    await row(page, 'cta').waitFor({ state: 'detached' });
    expect(await sectionsNamed('cta')).toEqual([]);
    expect(await sql('select section_name from public.page_content order by sort_order')).toEqual([
      { section_name: 'hero' },
      { section_name: 'intro' },
      { section_name: 'about-story' },
    ]);
    await context.close();
  });
});

/** The sections' names, top to bottom, as the list shows them and as the database orders them. */
const listed = (page: Page) =>
  page
    .getByTestId('section-row')
    .evaluateAll((rows) => rows.map((element) => element.getAttribute('data-section')));
const stored = async () =>
  (
    await sql<{ section_name: string }>(
      'select section_name from public.page_content order by sort_order, created_at',
    )
  ).map((section) => section.section_name);

/** Whether the page scrolls sideways. */
const widerThanScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('sections, put in order and given images without typing numbers or addresses', () => {
  let seeded: SectionRow[] = [];
  let album: Awaited<ReturnType<typeof seedAlbum>>;

  beforeAll(async () => {
    seeded = await sql<SectionRow>('select * from public.page_content');
    album = await seedAlbum({
      name: 'Golden hour walks',
      photos: ['landscape.jpg', 'portrait.jpg'],
    });
  });

  // Back to the sections the other journeys expect.
  afterAll(async () => {
    await sql('delete from public.page_content where not (id = any($1::uuid[]))', [
      seeded.map((section) => section.id),
    ]);
    for (const section of seeded) {
      await sql('update public.page_content set image_url = $2, sort_order = $3 where id = $1', [
        section.id,
        section.image_url,
        section.sort_order,
      ]);
    }
    await sql('delete from public.photos where album_id = $1', [album.id]);
    await sql('delete from public.albums where id = $1', [album.id]);
  });

  it('adds two sections at the end, moves them with Move up / Move down, uploads an image and picks one of the photos', async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/content');
    await row(page, 'hero').waitFor();
    const start = await listed(page);

    // Two new sections: each goes last, no number asked.
    for (const label of ['Contact', 'Call to action']) {
      await page.getByRole('button', { name: 'Add Section' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add Section' });
      await dialog.getByLabel('Section', { exact: true }).selectOption({ label });
      await dialog.getByLabel('Title', { exact: true }).fill(`${label} title`);
      await dialog.getByRole('button', { name: 'Add Section' }).click();
      await expectToast(page, 'Content created');
      await dialog.waitFor({ state: 'detached' });
    }
    await expect.poll(() => listed(page)).toEqual([...start, 'contact', 'cta']);
    expect(await stored()).toEqual([...start, 'contact', 'cta']);
    expect(await page.getByRole('button', { name: 'Move up Hero' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Move down Call to action' }).isDisabled()).toBe(
      true,
    );

    // Move up: the call to action before the contact, in the list and in the database.
    await page.getByRole('button', { name: 'Move up Call to action' }).click();
    await expectToast(page, 'Order updated');
    await expect.poll(() => listed(page)).toEqual([...start, 'cta', 'contact']);
    await expect.poll(stored).toEqual([...start, 'cta', 'contact']);
    // Move down: the hero after the introduction; the order is rewritten 0, 1, 2, …
    await page.getByRole('button', { name: 'Move down Hero' }).click();
    await expect
      .poll(() => listed(page))
      .toEqual(['intro', 'hero', 'about-story', 'cta', 'contact']);
    await expect
      .poll(async () =>
        sql('select section_name, sort_order from public.page_content order by sort_order'),
      )
      .toEqual(
        ['intro', 'hero', 'about-story', 'cta', 'contact'].map((section_name, sort_order) => ({
          section_name,
          sort_order,
        })),
      );
    expect(await page.getByRole('button', { name: 'Move up Introduction' }).isDisabled()).toBe(
      true,
    );

    // The home page follows: the story moved above the introduction comes first, before the sessions.
    const homeOrder = async () => {
      const home = await page.context().newPage();
      await home.goto('/');
      await home.locator('#home-story-title').waitFor();
      const order = await home.evaluate(() =>
        ['home-intro-title', 'home-services-title', 'home-story-title']
          .map((id) => ({ id, top: document.getElementById(id)!.getBoundingClientRect().top }))
          .sort((a, b) => a.top - b.top)
          .map(({ id }) => id),
      );
      await home.close();
      return order;
    };
    expect(await homeOrder()).toEqual([
      'home-intro-title',
      'home-services-title',
      'home-story-title',
    ]);
    await page.getByRole('button', { name: 'Move up About — my story' }).click();
    // Seen moved before the second press, as a person sees it: an 'Order updated' toast may still
    // be up from the moves above, and a press before the list shows the move repeats it.
    await expect
      .poll(() => listed(page))
      .toEqual(['intro', 'about-story', 'hero', 'cta', 'contact']);
    await page.getByRole('button', { name: 'Move up About — my story' }).click();
    await expect
      .poll(async () =>
        (
          await sql<{ section_name: string }>(
            'select section_name from public.page_content order by sort_order',
          )
        ).map((r) => r.section_name),
      )
      .toEqual(['about-story', 'intro', 'hero', 'cta', 'contact']);
    expect(await homeOrder()).toEqual([
      'home-story-title',
      'home-intro-title',
      'home-services-title',
    ]);

    // Upload an image to the story: the save waits for the upload; the home page shows it.
    await row(page, 'about-story').getByRole('button', { name: 'Edit section' }).click();
    const story = page.getByRole('dialog', { name: 'Edit Section' });
    await story.getByText('No image').waitFor();
    await story.getByLabel('Choose image file').setInputFiles(fixturePath('portrait.jpg'));
    await expectToast(page, 'Image uploaded');
    await story.getByRole('img', { name: 'Section image preview' }).waitFor();
    await story.getByRole('button', { name: 'Remove Image' }).waitFor();
    await story.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Content updated');
    await story.waitFor({ state: 'detached' });
    const [storyRow] = await sectionsNamed('about-story');
    const objectName = /\/storage\/v1\/object\/public\/photos\/(content-[0-9a-f-]{36}\.jpg)$/.exec(
      storyRow!.image_url ?? '',
    )?.[1];
    expect(objectName).toBeDefined();
    expect(
      await sql(
        `select 1 as stored from storage.objects where bucket_id = 'photos' and name = $1`,
        [objectName],
      ),
    ).toEqual([{ stored: 1 }]);
    await row(page, 'about-story').getByRole('img', { name: 'About — my story image' }).waitFor();

    // Pick one of the photographer's photos for the hero: its preview rendition, never the original.
    await row(page, 'hero').getByRole('button', { name: 'Edit section' }).click();
    const hero = page.getByRole('dialog', { name: 'Edit Section' });
    await hero.getByRole('button', { name: 'Choose from your photos' }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose a photo' });
    const photo = chooser.getByRole('button', { name: 'portrait.jpg from Golden hour walks' });
    await photo.waitFor();
    expect(await loadedWidth(photo.locator('img'))).toBeGreaterThan(0);
    await screenshot(page, 'content-photo-choice-desktop', { fullPage: false });
    await photo.click();
    await chooser.waitFor({ state: 'detached' });
    const preview = hero.getByRole('img', { name: 'Section image preview' });
    expect(await loadedWidth(preview)).toBeGreaterThan(0);
    await hero.getByText('Use an image address instead').click();
    await screenshot(page, 'content-image-field-desktop', { fullPage: false });
    await hero.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Content updated');
    await hero.waitFor({ state: 'detached' });
    const [picked] = await sql<{ preview_url: string; file_url: string }>(
      'select preview_url, file_url from public.photos where id = $1',
      [album.photos[1]!.id],
    );
    const [heroRow] = await sectionsNamed('hero');
    expect(heroRow!.image_url).toBe(picked!.preview_url);
    expect(heroRow!.image_url).not.toBe(picked!.file_url);
    await screenshot(page, 'content-ordered-desktop');

    // A visitor sees both images: the picked photo behind the hero, the upload beside the story.
    const visitor = await (await newContext('desktop')).newPage();
    await visitor.goto('/');
    const heroImage = visitor.getByTestId('home-hero-image');
    await heroImage.waitFor();
    expect(await heroImage.getAttribute('src')).toMatch(
      new RegExp(`/${album.photos[1]!.id}\\.preview\\.webp$`),
    );
    expect(await loadedWidth(heroImage)).toBeGreaterThan(0);
    const storyImage = visitor.locator('#about-story img');
    expect(await storyImage.getAttribute('src')).toMatch(
      new RegExp(`/${objectName!.replace(/\./g, '\\.')}$`),
    );
    expect(await loadedWidth(storyImage)).toBeGreaterThan(0);
    await visitor.context().close();
    await context.close();
  });

  it('works on a 390 px phone: 44 px buttons, nothing wider than the screen', async () => {
    const context = await newContext({ width: 390, height: 844 }, { touch: true });
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/content');
    await row(page, 'cta').waitFor();
    for (const name of [
      'Move up Hero',
      'Move down Hero',
      'Edit section',
      'Hide section',
      'Delete section',
    ]) {
      const box = await page.getByRole('button', { name, exact: true }).first().boundingBox();
      expect({ name, width: box!.width >= 44, height: box!.height >= 44 }).toEqual({
        name,
        width: true,
        height: true,
      });
    }
    expect(await widerThanScreen(page)).toBe(false);
    await screenshot(page, 'content-ordered-phone');

    await row(page, 'hero').getByRole('button', { name: 'Edit section' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Section' });
    const preview = dialog.getByRole('img', { name: 'Section image preview' });
    expect(await loadedWidth(preview)).toBeGreaterThan(0);
    for (const name of ['Upload Image', 'Choose from your photos', 'Remove Image']) {
      const box = await dialog.getByRole('button', { name }).boundingBox();
      expect({ name, height: box!.height >= 44, inside: box!.x + box!.width <= 390 }).toEqual({
        name,
        height: true,
        inside: true,
      });
    }
    expect(await widerThanScreen(page)).toBe(false);
    await screenshot(page, 'content-image-field-phone', { fullPage: false });
    await dialog.getByRole('button', { name: 'Choose from your photos' }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose a photo' });
    await chooser.getByRole('button', { name: 'landscape.jpg from Golden hour walks' }).waitFor();
    const box = await chooser.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'content-photo-choice-phone', { fullPage: false });
    await context.close();
  });
});
