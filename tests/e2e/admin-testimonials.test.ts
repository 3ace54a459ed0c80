import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectToast,
  fixturePath,
  loadedWidth,
  newContext,
  screenshot,
  signInAsAdmin,
  sql,
} from './browser';

/**
 * Issue 19, point 11: the photographer adds testimonials (one with an uploaded photo), puts them
 * in order with Move up, hides one, and the home page's 'Kind Words' shows the active ones in
 * that order. Checked against what the database holds, at desktop size and on a 390 px phone.
 */

interface TestimonialRow {
  client_name: string;
  quote: string;
  photo_url: string | null;
  is_active: boolean;
  sort_order: number;
}

const EMMA = 'Emma & James';
const EMMA_QUOTE =
  'She made us feel so at ease that we forgot the camera was there. We will treasure these photographs forever.';
const OKAFOR = 'The Okafor Family';
const OKAFOR_QUOTE =
  'Three children under five and not one tear. Pure magic, from start to finish.';
const PHONE = { width: 390, height: 844 };

const rows = () =>
  sql<TestimonialRow>(
    'select client_name, quote, photo_url, is_active, sort_order from public.testimonials order by sort_order, created_at',
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

/** The names of the rows, top to bottom. */
const names = (list: Locator) =>
  list.evaluateAll((elements) =>
    elements.map((element) => element.querySelector('h2')?.textContent),
  );

/** Whether the page scrolls sideways. */
const widerThanScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

beforeAll(async () => {
  await sql('delete from public.testimonials');
});

afterAll(async () => {
  await sql('delete from public.testimonials');
});

describe('testimonials', () => {
  it('are added, put in order, hidden and shown on the home page, at desktop size', async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/testimonials');
    await page.getByRole('heading', { name: 'Testimonials', exact: true, level: 1 }).waitFor();

    // Nothing yet: a calm explanation and the one way to start.
    await page.getByRole('heading', { name: 'No testimonials yet' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add Testimonial' }).count()).toBe(1);
    await screenshot(page, 'testimonials-empty-desktop');

    // The first, with a photo: name and quote are required.
    await page.getByRole('button', { name: 'Add Testimonial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Testimonial' });
    await dialog.getByRole('button', { name: 'Add Testimonial' }).click();
    await dialog.getByText('Client name is required').waitFor();
    await dialog.getByText('Quote is required').waitFor();
    await dialog.getByLabel('Client name').fill(EMMA);
    await dialog.getByLabel('Quote').fill(EMMA_QUOTE);
    await dialog.getByLabel('Choose photo file').setInputFiles(fixturePath('portrait.jpg'));
    await expectToast(page, 'Photo uploaded');
    await dialog.getByRole('img', { name: 'Client photo preview' }).waitFor();
    expect(await dialog.getByRole('switch', { name: 'Active' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await screenshot(page, 'testimonials-add-dialog-desktop', { fullPage: false });
    await dialog.getByRole('button', { name: 'Add Testimonial' }).click();
    await expectToast(page, 'Testimonial added');
    await dialog.waitFor({ state: 'detached' });

    const [emma] = await rows();
    expect(emma).toMatchObject({
      client_name: EMMA,
      quote: EMMA_QUOTE,
      is_active: true,
      sort_order: 0,
    });
    const photoName =
      /\/storage\/v1\/object\/public\/photos\/(testimonial-[0-9a-f-]{36}\.jpg)$/.exec(
        emma!.photo_url ?? '',
      )?.[1];
    expect(photoName).toBeDefined();
    expect(
      await sql(
        `select 1 as stored from storage.objects where bucket_id = 'photos' and name = $1`,
        [photoName],
      ),
    ).toEqual([{ stored: 1 }]);

    // The second, without a photo, goes last.
    await page.getByRole('button', { name: 'Add Testimonial' }).click();
    const second = page.getByRole('dialog', { name: 'Add Testimonial' });
    await second.getByLabel('Client name').fill(OKAFOR);
    await second.getByLabel('Quote').fill(OKAFOR_QUOTE);
    await second.getByRole('button', { name: 'Add Testimonial' }).click();
    await expectToast(page, 'Testimonial added');
    await second.waitFor({ state: 'detached' });

    const list = page.getByTestId('testimonial-row');
    await list.filter({ hasText: OKAFOR }).waitFor();
    expect(await names(list)).toEqual([EMMA, OKAFOR]);
    expect(await page.getByRole('button', { name: `Move up ${EMMA}` }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: `Move down ${OKAFOR}` }).isDisabled()).toBe(true);

    // Move up: the order is rewritten as sort orders, not typed.
    await page.getByRole('button', { name: `Move up ${OKAFOR}` }).click();
    await expectToast(page, 'Order updated');
    await expect.poll(() => names(list)).toEqual([OKAFOR, EMMA]);
    await expect
      .poll(async () => (await rows()).map((row) => [row.client_name, row.sort_order]))
      .toEqual([
        [OKAFOR, 0],
        [EMMA, 1],
      ]);
    expect(await page.getByRole('button', { name: `Move up ${OKAFOR}` }).isDisabled()).toBe(true);

    // Hide Emma & James's words.
    const emmaRow = list.filter({ hasText: EMMA });
    await emmaRow.getByRole('button', { name: 'Hide testimonial' }).click();
    await expectToast(page, 'Testimonial hidden');
    await emmaRow.getByText('Hidden', { exact: true }).waitFor();
    await expect
      .poll(async () => (await rows()).map((row) => [row.client_name, row.is_active]))
      .toEqual([
        [OKAFOR, true],
        [EMMA, false],
      ]);

    // Edit keeps the order and the photo.
    await list
      .filter({ hasText: OKAFOR })
      .getByRole('button', { name: 'Edit testimonial' })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Testimonial' });
    expect(await edit.getByLabel('Quote').inputValue()).toBe(OKAFOR_QUOTE);
    await edit.getByLabel('Quote').fill(`${OKAFOR_QUOTE} Thank you!`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Testimonial updated');
    await edit.waitFor({ state: 'detached' });
    expect(await rows()).toEqual([
      {
        client_name: OKAFOR,
        quote: `${OKAFOR_QUOTE} Thank you!`,
        photo_url: null,
        is_active: true,
        sort_order: 0,
      },
      {
        client_name: EMMA,
        quote: EMMA_QUOTE,
        photo_url: emma!.photo_url,
        is_active: false,
        sort_order: 1,
      },
    ]);
    await waitForToastsToClose(page);
    await screenshot(page, 'testimonials-desktop');

    // A visitor's home page shows only the active one, after the sessions.
    const visitor = await (await newContext('desktop')).newPage();
    await visitor.goto('/');
    const section = visitor.locator('section', {
      has: visitor.getByRole('heading', { level: 2, name: 'Kind Words' }),
    });
    await section.waitFor();
    const cards = section.getByRole('figure');
    expect(await cards.count()).toBe(1);
    expect(await cards.locator('blockquote').textContent()).toBe(`${OKAFOR_QUOTE} Thank you!`);
    expect(await cards.locator('figcaption').textContent()).toBe(OKAFOR);
    expect(await section.getByText(EMMA_QUOTE).count()).toBe(0);
    expect(await section.evaluate((element) => element.previousElementSibling?.id)).toBe(
      'portrait-sessions',
    );
    await section.scrollIntoViewIfNeeded();
    await screenshot(visitor, 'home-kind-words-desktop', { fullPage: false });
    await visitor.context().close();
    await context.close();
  });

  it('work on a 390 px phone: 44 px buttons, nothing wider than the screen, the photo round on the home page', async () => {
    const context = await newContext(PHONE, { touch: true });
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/testimonials');
    const list = page.getByTestId('testimonial-row');
    await list.filter({ hasText: EMMA }).waitFor();
    expect(await names(list)).toEqual([OKAFOR, EMMA]);
    for (const name of [
      `Move up ${EMMA}`,
      `Move down ${OKAFOR}`,
      'Edit testimonial',
      'Delete testimonial',
      'Hide testimonial',
      'Show testimonial',
    ]) {
      const box = await page.getByRole('button', { name, exact: true }).first().boundingBox();
      expect({ name, width: box!.width >= 44, height: box!.height >= 44 }).toEqual({
        name,
        width: true,
        height: true,
      });
    }
    expect(await widerThanScreen(page)).toBe(false);
    await screenshot(page, 'testimonials-phone');

    // Show Emma & James again (their photo is on the home page then).
    await list.filter({ hasText: EMMA }).getByRole('button', { name: 'Show testimonial' }).click();
    await expectToast(page, 'Testimonial shown');
    await list.filter({ hasText: EMMA }).getByText('Active', { exact: true }).waitFor();

    await list.filter({ hasText: EMMA }).getByRole('button', { name: 'Edit testimonial' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Testimonial' });
    await edit.getByRole('img', { name: 'Client photo preview' }).waitFor();
    expect(await widerThanScreen(page)).toBe(false);
    await screenshot(page, 'testimonials-edit-dialog-phone', { fullPage: false });
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });

    const visitor = await (await newContext(PHONE, { touch: true })).newPage();
    await visitor.goto('/');
    const section = visitor.locator('section', {
      has: visitor.getByRole('heading', { level: 2, name: 'Kind Words' }),
    });
    await section.waitFor();
    const cards = section.getByRole('figure');
    expect(await cards.locator('figcaption').allTextContents()).toEqual([OKAFOR, EMMA]);
    const photo = cards.nth(1).locator('img');
    // The photo loads lazily: bring the section into view first.
    await section.scrollIntoViewIfNeeded();
    expect(await loadedWidth(photo)).toBeGreaterThan(0);
    expect(await photo.evaluate((image) => getComputedStyle(image).borderRadius)).not.toBe('0px');
    expect(await cards.nth(0).locator('img').count()).toBe(0);
    expect(await widerThanScreen(visitor)).toBe(false);
    await section.scrollIntoViewIfNeeded();
    await screenshot(visitor, 'home-kind-words-phone', { fullPage: false });
    await cards.nth(1).scrollIntoViewIfNeeded();
    await screenshot(visitor, 'home-kind-words-phone-photo', { fullPage: false });

    // Delete, after asking; the home page then has no such section at all.
    await waitForToastsToClose(page);
    for (const name of [OKAFOR, EMMA]) {
      const row = list.filter({ hasText: name });
      await row.getByRole('button', { name: 'Delete testimonial' }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText(`The words of “${name}” will be deleted`, { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Delete Testimonial' }).click();
      await expectToast(page, 'Testimonial deleted');
      await row.waitFor({ state: 'detached' });
      await waitForToastsToClose(page);
    }
    await page.getByRole('heading', { name: 'No testimonials yet' }).waitFor();
    expect(await rows()).toEqual([]);
    await screenshot(page, 'testimonials-empty-phone');
    await visitor.reload();
    await visitor.getByRole('heading', { level: 2, name: 'Portrait Sessions' }).waitFor();
    expect(await visitor.getByRole('heading', { name: 'Kind Words' }).count()).toBe(0);
    await visitor.context().close();
    await context.close();
  });
});
