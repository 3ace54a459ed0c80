import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectToast, newContext, screenshot, signInAsAdmin, sql, VIEWPORTS, type ViewportName } from './browser';

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
  await page.waitForFunction(() => document.querySelectorAll('[data-sonner-toast]').length === 0, undefined, { timeout: 20_000 });
}

const row = (page: Page, name: string) => page.locator(`[data-testid="section-row"][data-section="${name}"]`);

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('page content at %s size', (viewport) => {
  it('lists the seeded sections, edits the hero, hides and shows a section, adds and deletes a cta, refuses a second hero', async () => {
    const context = await newContext(viewport);
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/content');
    await page.getByRole('heading', { name: 'Page Content', exact: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Home Page' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab').count()).toBe(1);

    // The seeded sections, by sort order.
    await row(page, 'hero').waitFor();
    const order = await page.getByTestId('section-row').evaluateAll((rows) => rows.map((element) => element.getAttribute('data-section')));
    expect(order).toEqual(['hero', 'intro', 'about-story']);
    await row(page, 'about-story').getByText('My Story', { exact: true }).waitFor();
    await screenshot(page, `content-${viewport}`);

    // Edit the hero: the section name is locked; title and subtitle reach the database.
    const [heroBefore] = await sectionsNamed('hero');
    await row(page, 'hero').getByRole('button', { name: 'Edit section' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Section' });
    const nameSelect = editDialog.getByLabel('Section Name');
    expect(await nameSelect.isDisabled()).toBe(true);
    expect(await nameSelect.inputValue()).toBe('hero');
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

    // Add a cta: the name is required; empty fields are stored as null.
    await waitForToastsToClose(page);
    await page.getByRole('button', { name: 'Add Section' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add Section' });
    await addDialog.getByRole('button', { name: 'Add Section' }).click();
    await addDialog.getByText('Section name is required').waitFor();
    await addDialog.getByLabel('Section Name').selectOption('cta');
    await addDialog.getByLabel('Title', { exact: true }).fill('Ready when you are');
    await addDialog.getByLabel('Button Text').fill('Get in touch');
    await addDialog.getByLabel('Button Link').fill('/contact');
    await addDialog.getByLabel('Sort Order').fill('5');
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
      sort_order: 5,
      is_active: true,
    });
    await row(page, 'cta').getByText('Get in touch → /contact').waitFor();
    expect(await page.getByTestId('section-row').last().getAttribute('data-section')).toBe('cta');

    // A second hero: the server's message, and nothing changes.
    await page.getByRole('button', { name: 'Add Section' }).click();
    await addDialog.getByLabel('Section Name').selectOption('hero');
    await addDialog.getByLabel('Title', { exact: true }).fill('Another hero');
    await addDialog.getByRole('button', { name: 'Add Section' }).click();
    await expectToast(page, 'This page already has a section with that name');
    expect(await addDialog.isVisible()).toBe(true);
    expect(await sectionsNamed('hero')).toEqual([heroAfter]);
    // The typed section is still in the form: Cancel asks first.
    await addDialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
    await addDialog.waitFor({ state: 'detached' });
    expect(await row(page, 'hero').count()).toBe(1);
    expect(await page.getByText('Another hero').count()).toBe(0);
    expect(await page.getByTestId('sync-status').getAttribute('data-state')).toBe('saved');

    // Delete the cta, after asking.
    await waitForToastsToClose(page);
    await row(page, 'cta').getByRole('button', { name: 'Delete section' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('The “cta” section will be removed from the home page.', { exact: false }).waitFor();
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
