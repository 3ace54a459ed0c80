import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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

/** The seeded design (supabase/seed.sql, SPEC §9), put back before each journey. */
const SEEDED: Record<string, string | null> = {
  primary_color: '#E8C4C4',
  secondary_color: '#C4D4C4',
  accent_color: '#D4C4B4',
  background_color: '#FEFEFE',
  background_style: 'clean',
  heading_font: 'Playfair Display',
  body_font: 'Lato',
  hero_background_image: null,
  hero_background_blur: '0',
  hero_background_opacity: '100',
  contact_method: 'email',
  contact_value: 'hello@example.com',
  contact_button_text: "Let's Connect",
  contact_button_subtitle: "Ready to capture your story? I'd love to hear from you.",
};

async function restoreSeededDesign() {
  for (const [key, value] of Object.entries(SEEDED)) {
    await sql('update public.site_settings set setting_value = $2 where setting_key = $1', [
      key,
      value,
    ]);
  }
}

async function storedDesign(): Promise<Record<string, string | null>> {
  const rows = await sql<{ setting_key: string; setting_value: string | null }>(
    'select setting_key, setting_value from public.site_settings',
  );
  return Object.fromEntries(rows.map((row) => [row.setting_key, row.setting_value]));
}

/** A custom property as the page computes it on <html>. */
const rootVariable = (page: Page, name: string) =>
  page.evaluate(
    (variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(),
    name,
  );

const computed = (page: Page, testId: string, property: string) =>
  page
    .getByTestId(testId)
    .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

async function slide(page: Page, name: string, key: 'ArrowRight' | 'ArrowLeft', times: number) {
  const slider = page.getByRole('slider', { name });
  await slider.focus();
  for (let i = 0; i < times; i += 1) await slider.press(key);
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('site design at %s size', (viewport) => {
  it('edits locally, previews on this page only, saves every setting, themes the home page and resets', async () => {
    await restoreSeededDesign();
    const context = await newContext(viewport);
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/design');
    await page.getByRole('heading', { name: 'Site Design', exact: true }).waitFor();

    // The fields show what the database holds.
    const primary = page.getByLabel('Primary Colour', { exact: true });
    await expect.poll(() => primary.inputValue()).toBe('#E8C4C4');
    expect(await page.getByRole('radio', { name: 'Playfair Display' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Clean' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Button Text').inputValue()).toBe("Let's Connect");

    // Only images are taken for the hero (SPEC §5).
    const notes = join(tmpdir(), 'notes.txt');
    writeFileSync(notes, 'shot list');
    await page.getByLabel('Choose hero image').setInputFiles(notes);
    await expectToast(page, 'notes.txt is not an image file.');
    await expectToast(page, 'Invalid file type');

    // Every font choice is drawn in its own font, and each one is served (Source Sans Pro as 'Source Sans 3').
    const fonts = ['Playfair Display', 'Cormorant', 'Lato', 'Open Sans', 'Source Sans 3', 'Nunito'];
    await expect
      .poll(() =>
        page.evaluate(async (families) => {
          await document.fonts.ready;
          const loaded = new Set<string>();
          document.fonts.forEach(
            (face) => face.status === 'loaded' && loaded.add(face.family.replace(/["']/g, '')),
          );
          return families.filter((family) => !loaded.has(family));
        }, fonts),
      )
      .toEqual([]);
    expect(
      await page
        .getByRole('radio', { name: 'Source Sans Pro' })
        .evaluate((input) => getComputedStyle(input.parentElement!).fontFamily),
    ).toMatch(/^"Source Sans 3"/);

    // Local edits: colour, heading font, background style, blur, opacity, hero image.
    await primary.fill('#336699');
    expect(await page.getByLabel('Primary Colour picker').inputValue()).toBe('#336699');
    // The live preview is the real home page in a frame, and follows at once.
    const live = page.frameLocator('iframe[title="Live preview of your home page"]');
    await expect
      .poll(() =>
        live.getByTestId('contact-button').evaluate((b) => getComputedStyle(b).backgroundColor),
      )
      .toBe('rgb(51, 102, 153)');
    await page.getByRole('radio', { name: 'Cormorant' }).check();
    await page.getByRole('radio', { name: 'Dreamy' }).check();
    await expect
      .poll(() =>
        live.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).fontFamily),
      )
      .toMatch(/^"?Cormorant/);
    expect(
      await live
        .locator('html')
        .evaluate((html) => getComputedStyle(html).getPropertyValue('--site-background')),
    ).toContain('radial-gradient');
    // The frame is a page of an admin's browser, but starts no second outbox: the admin page sends.
    // Once it has started and loaded all it asks for, the outbox's code is not among it.
    const liveFrame = page.frames().find((frame) => frame.url().includes('design-preview'))!;
    await liveFrame.waitForFunction(() => document.documentElement.dataset.app === 'started');
    await liveFrame.waitForLoadState('networkidle');
    expect(
      await live
        .locator('html')
        .evaluate(
          () =>
            performance
              .getEntriesByType('resource')
              .filter((entry) => /start-admin-area/.test(entry.name)).length,
        ),
    ).toBe(0);
    // Only its parent, this admin page, can tell the frame what to show.
    await live.locator('html').evaluate(async () => {
      window.postMessage(
        { type: 'design-preview:settings', settings: { primary_color: '#FF0000' } },
        window.location.origin,
      );
      // Messages arrive in order: once this one is here, the page has handled the one above.
      // What it would have changed is drawn after the cache's notice (a timer) and two frames.
      await new Promise<void>((resolve) => {
        const marker = 'test:after-the-framed-page-message';
        window.addEventListener('message', function seen(event) {
          if (event.data !== marker) return;
          window.removeEventListener('message', seen);
          resolve();
        });
        window.postMessage(marker, window.location.origin);
      });
      await new Promise((resolve) => setTimeout(resolve));
      for (let frame = 0; frame < 2; frame += 1)
        await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(
      await live.getByTestId('contact-button').evaluate((b) => getComputedStyle(b).backgroundColor),
    ).toBe('rgb(51, 102, 153)');
    await slide(page, 'Hero blur', 'ArrowRight', 5);
    await slide(page, 'Hero opacity', 'ArrowLeft', 4);
    expect(
      await page.getByRole('slider', { name: 'Hero blur' }).getAttribute('aria-valuenow'),
    ).toBe('5');
    expect(
      await page.getByRole('slider', { name: 'Hero opacity' }).getAttribute('aria-valuenow'),
    ).toBe('80');
    await page.getByText('5px', { exact: true }).waitFor();
    await page.getByText('80%', { exact: true }).waitFor();

    await page.getByLabel('Choose hero image').setInputFiles(fixturePath('landscape.jpg'));
    await expectToast(page, 'Image uploaded');
    const uploaded = await sql<{ name: string }>(
      "select name from storage.objects where bucket_id = 'photos' and name like 'hero-bg-%' order by created_at desc limit 1",
    );
    expect(uploaded[0]?.name).toMatch(/^hero-bg-[0-9a-f-]{36}\.jpg$/);
    // The preview shows the uploaded image, blurred and faded as set.
    const previewImage = live.getByTestId('home-hero-image');
    await expect
      .poll(() => previewImage.getAttribute('src'))
      .toMatch(new RegExp(`${uploaded[0]!.name}$`));
    expect(
      await previewImage.evaluate((img) => [
        getComputedStyle(img).filter,
        getComputedStyle(img).opacity,
      ]),
    ).toEqual(['blur(5px)', '0.8']);

    // Nothing is on the server yet, and the page itself still has the stock theme.
    expect(await rootVariable(page, '--primary')).toBe('0 45% 84%');
    expect((await storedDesign()).primary_color).toBe('#E8C4C4');

    await page.getByRole('main').getByText('Unsaved changes').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `design-${viewport}`, { fullPage: false });

    // Preview: the real home page, large, at a desktop's or a phone's width; nothing is saved.
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expectToast(page, 'Preview Updated');
    const dialog = page.getByRole('dialog', { name: 'Preview' });
    const large = page.frameLocator('iframe[title="Preview of your home page"]');
    await expect
      .poll(() =>
        large.getByTestId('contact-button').evaluate((b) => getComputedStyle(b).backgroundColor),
      )
      .toBe('rgb(51, 102, 153)');
    const frameWidth = () =>
      dialog
        .locator('iframe')
        .evaluate((frame) => (frame as HTMLIFrameElement).contentWindow!.innerWidth);
    expect(await frameWidth()).toBe(1280);
    await large.getByTestId('home-hero-image').waitFor();
    await screenshot(page, `design-preview-desktop-${viewport}`, { fullPage: false });
    await dialog.getByRole('button', { name: 'Phone' }).click();
    await expect.poll(frameWidth).toBe(390);
    await expect
      .poll(() =>
        large.getByTestId('contact-button').evaluate((b) => getComputedStyle(b).backgroundColor),
      )
      .toBe('rgb(51, 102, 153)');
    await screenshot(page, `design-preview-phone-${viewport}`, { fullPage: false });
    await dialog.getByRole('button', { name: 'Close preview' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The admin screen keeps its own look, and the database the old design.
    expect(await rootVariable(page, '--primary')).toBe('0 45% 84%');
    expect(await storedDesign()).toEqual(SEEDED);

    // Save Changes sends every setting at once.
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Design saved');
    const saved = await storedDesign();
    expect(saved).toEqual({
      ...SEEDED,
      primary_color: '#336699',
      heading_font: 'Cormorant',
      background_style: 'dreamy',
      hero_background_blur: '5',
      hero_background_opacity: '80',
      hero_background_image: expect.stringMatching(
        new RegExp(`/storage/v1/object/public/photos/${uploaded[0]!.name}$`),
      ),
    });
    const image = await page.request.get(saved.hero_background_image!);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/jpeg');
    expect((await image.body()).length).toBe(readFileSync(fixturePath('landscape.jpg')).length);
    await page.getByRole('main').getByText('Unsaved changes').waitFor({ state: 'detached' });

    // The public home page wears the saved design.
    const home = await context.newPage();
    await home.goto('/');
    const button = home.getByTestId('contact-button');
    await button.waitFor();
    const [profile] = await sql<{ site_name: string }>(
      'select site_name from public.photographer_profile limit 1',
    );
    await home.getByRole('banner').getByText(profile!.site_name).waitFor();
    expect(await computed(home, 'contact-button', 'background-color')).toBe('rgb(51, 102, 153)');
    // Light text on the deep blue, chosen for contrast.
    const ink = (await computed(home, 'contact-button', 'color')).match(/\d+/g)!.map(Number);
    expect(Math.min(...ink.slice(0, 3))).toBeGreaterThan(240);
    expect(await button.textContent()).toBe("Let's Connect");
    expect(await button.getAttribute('href')).toBe(
      `mailto:hello@example.com?subject=Photography%20Inquiry&body=${encodeURIComponent("Hi! I'd love to hear more about your photography sessions.")}`,
    );
    await home.getByText("Ready to capture your story? I'd love to hear from you.").waitFor();
    expect(
      await home.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).fontFamily),
    ).toMatch(/^"?Cormorant/);
    await expect
      .poll(() =>
        home.evaluate(async () => {
          await document.fonts.ready;
          let loaded = false;
          document.fonts.forEach(
            (face) =>
              (loaded ||=
                face.family.replace(/["']/g, '') === 'Cormorant' && face.status === 'loaded'),
          );
          return loaded;
        }),
      )
      .toBe(true);
    expect(await rootVariable(home, '--site-background')).toContain('radial-gradient');
    const heroImage = home.getByTestId('home-hero-image');
    // The address it resolves to: the server draws it relative to the site, the app's reads absolute.
    expect(await heroImage.evaluate((img) => (img as HTMLImageElement).src)).toBe(
      saved.hero_background_image,
    );
    await home.waitForFunction(
      (img) =>
        (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 1200,
      await heroImage.elementHandle(),
    );
    expect(
      await heroImage.evaluate((img) => [
        getComputedStyle(img).filter,
        getComputedStyle(img).opacity,
      ]),
    ).toEqual(['blur(5px)', '0.8']);
    await screenshot(home, `home-themed-${viewport}`);
    await home.close();

    // Reset: the recommended defaults, on screen and previewed, but not saved.
    await page.getByRole('button', { name: 'Reset to Defaults' }).click();
    await expectToast(page, 'Design reset to defaults');
    expect(await primary.inputValue()).toBe('#E8C4C4');
    expect(await page.getByLabel('Secondary Colour', { exact: true }).inputValue()).toBe('#C4D4C4');
    expect(await page.getByLabel('Accent Colour', { exact: true }).inputValue()).toBe('#D4C4B4');
    expect(await page.getByLabel('Background Colour', { exact: true }).inputValue()).toBe(
      '#FEFEFE',
    );
    expect(await page.getByRole('radio', { name: 'Clean' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Playfair Display' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Lato' }).isChecked()).toBe(true);
    expect(
      await page.getByRole('slider', { name: 'Hero blur' }).getAttribute('aria-valuenow'),
    ).toBe('0');
    expect(
      await page.getByRole('slider', { name: 'Hero opacity' }).getAttribute('aria-valuenow'),
    ).toBe('100');
    expect(await page.getByLabel('Contact Method').inputValue()).toBe('email');
    expect(await page.getByLabel('Button Text').inputValue()).toBe("Let's Connect");
    // The preview shows the defaults (the seeded blush), the database still the saved design.
    await expect
      .poll(() =>
        live.getByTestId('contact-button').evaluate((b) => getComputedStyle(b).backgroundColor),
      )
      .toMatch(/^rgb\(23[12], 19[5-7], 19[5-7]\)$/);
    expect(await storedDesign()).toEqual(saved);
    // Sticky parts (sidebar, preview) would be drawn where the page is scrolled to.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `design-reset-${viewport}`);

    // The reset is only on screen: the top bar says so, and leaving asks first.
    const chip = page.getByTestId('sync-status');
    expect([await chip.getAttribute('data-state'), await chip.innerText()]).toEqual([
      'unsaved',
      'Unsaved changes',
    ]);
    const leave = async () => {
      if (viewport === 'phone') await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
      await page.getByRole('link', { name: 'Dashboard' }).click();
    };
    await leave();
    const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await screenshot(page, `design-discard-${viewport}`, { fullPage: false });
    await ask.getByRole('button', { name: 'Keep Editing' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/admin\/design$/);
    expect(await primary.inputValue()).toBe('#E8C4C4');
    if (viewport === 'phone') await page.keyboard.press('Escape');

    // Leaving the screen (discarding the edits) takes the preview away.
    await leave();
    await ask.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    expect(await chip.getAttribute('data-state')).toBe('saved');
    expect(await rootVariable(page, '--primary')).toBe('0 45% 84%');
    await context.close();
  });
});

describe('leaving Site Design with the Back button', () => {
  it("asks 'Discard changes?' first, stays on Keep Editing, and goes back on Discard", async () => {
    await restoreSeededDesign();
    const context = await newContext('desktop');
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Site Design' }).click();
    const primary = page.getByLabel('Primary Colour', { exact: true });
    await expect.poll(() => primary.inputValue()).toBe('#E8C4C4');
    await primary.fill('#336699');
    // Back as soon as the top bar says the edit is only on screen (not before: a press
    // faster than the screen can show it is not a user's).
    await expect
      .poll(() => page.getByTestId('sync-status').getAttribute('data-state'))
      .toBe('unsaved');

    const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await page.evaluate(() => window.history.back());
    await ask.getByRole('button', { name: 'Keep Editing' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/admin/design');
    expect(await primary.inputValue()).toBe('#336699');

    await page.evaluate(() => window.history.back());
    await ask.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard');
    // Forward again: the screen opens with the saved design, and nothing asks.
    await page.evaluate(() => window.history.forward());
    await expect.poll(() => primary.inputValue()).toBe('#E8C4C4');
    expect(await ask.count()).toBe(0);
    expect((await storedDesign()).primary_color).toBe('#E8C4C4');
    await context.close();
  });
});

describe('site design failures', () => {
  it("says 'Failed to upload image' and keeps the old image, says 'Failed to save design settings' and lets the next save through", async () => {
    await restoreSeededDesign();
    const context = await newContext('desktop');
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/design');
    await page.getByRole('heading', { name: 'Site Design', exact: true }).waitFor();
    await expect
      .poll(() => page.getByLabel('Primary Colour', { exact: true }).inputValue())
      .toBe('#E8C4C4');

    // Storage refuses the file: the message, no image, nothing left in the outbox.
    await page.route('**/storage/v1/object/photos/**', (route) =>
      route.request().method() === 'GET'
        ? route.continue()
        : route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ statusCode: '400', error: 'Bad Request', message: 'refused' }),
          }),
    );
    await page.getByLabel('Choose hero image').setInputFiles(fixturePath('landscape.jpg'));
    await expectToast(page, 'Failed to upload image');
    await page.getByText('No image').waitFor();
    await page.unroute('**/storage/v1/object/photos/**');

    // The server refuses the save: the message, the database unchanged, the edits kept.
    await page.getByLabel('Accent Colour', { exact: true }).fill('#AA5500');
    await page.route('**/rest/v1/rpc/admin_update_site_settings', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ code: '22023', message: 'Unknown heading font' }),
      }),
    );
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Failed to save design settings');
    expect((await storedDesign()).accent_color).toBe('#D4C4B4');
    expect(await page.getByLabel('Accent Colour', { exact: true }).inputValue()).toBe('#AA5500');
    await page.unroute('**/rest/v1/rpc/admin_update_site_settings');

    // The refused save does not hold the next one back.
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Design saved');
    expect(await storedDesign()).toEqual({ ...SEEDED, accent_color: '#AA5500' });
    await context.close();
    await restoreSeededDesign();
  });
});
