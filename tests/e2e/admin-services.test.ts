import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectToast,
  newContext,
  screenshot,
  signInAsAdmin,
  sql,
  VIEWPORTS,
  type ViewportName,
} from './browser';

interface ServiceRow {
  id: string;
  name: string;
  whimsical_name: string | null;
  description: string | null;
  price_range: string | null;
  features: string[];
  icon_name: string;
  sort_order: number;
  is_active: boolean;
}

const servicesNamed = (name: string) =>
  sql<ServiceRow>(
    `select id, name, whimsical_name, description, price_range, features, icon_name, sort_order, is_active
       from public.service_packages where name = $1`,
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

describe.each(Object.keys(VIEWPORTS) as ViewportName[])(
  'service packages at %s size',
  (viewport) => {
    it('adds a package (empty feature lines dropped), edits it, hides it and deletes it', async () => {
      const context = await newContext(viewport);
      const page = await context.newPage();
      await signInAsAdmin(page);
      await page.goto('/admin/services');
      await page.getByRole('heading', { name: 'Service Packages', exact: true }).waitFor();
      const rows = page.getByTestId('service-row');
      await rows.filter({ hasText: 'Family Session' }).getByText('4 features').waitFor();
      expect(
        await rows.evaluateAll((elements) =>
          elements.map((element) => element.querySelector('h2')?.textContent),
        ),
      ).toEqual(['Family Session', 'Couples Session', 'Newborn Session']);
      await screenshot(page, `services-${viewport}`);
      if (viewport === 'phone') {
        for (const label of [
          'Move down Family Session',
          'Move up Couples Session',
          'Add Service',
        ]) {
          const box = await page
            .getByRole('button', { name: label, exact: true })
            .first()
            .boundingBox();
          expect({ label, height: box!.height >= 44 }).toEqual({ label, height: true });
        }
        expect(
          await page.evaluate(
            () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
          ),
        ).toBe(true);
      }

      // The dialog: name required; one feature line has no remove button.
      await page.getByRole('button', { name: 'Add Service' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Service' });
      const featureLines = dialog.getByRole('textbox', { name: /^Feature \d+$/ });
      const removeButtons = dialog.getByRole('button', { name: /^Remove feature/ });
      expect(await featureLines.count()).toBe(1);
      expect(await removeButtons.count()).toBe(0);
      expect(await dialog.getByRole('radio', { name: 'Heart' }).isChecked()).toBe(true);
      await dialog.getByRole('button', { name: 'Add Service' }).click();
      await dialog.getByText('Service name is required').waitFor();

      const name = `Mini Session ${viewport}`;
      await dialog.getByLabel('Name', { exact: true }).fill(name);
      await dialog.getByLabel('Display name (optional)').fill('Tiny Moments');
      await dialog.getByText('Shown as the heading on your home page', { exact: false }).waitFor();
      expect(await dialog.getByLabel(/sort order/i).count()).toBe(0);
      await dialog.getByLabel('Description').fill('Twenty quick minutes in the park.');
      await dialog.getByLabel('Price Range').fill('$150');
      await dialog.getByLabel('Feature 1', { exact: true }).fill('20 minutes');
      for (const [line, text] of [
        [2, '10 edited photos'],
        [3, ''],
        [4, 'Online gallery'],
        [5, 'Removed again'],
      ] as const) {
        await dialog.getByRole('button', { name: 'Add Feature' }).click();
        if (text) await dialog.getByLabel(`Feature ${line}`, { exact: true }).fill(text);
      }
      expect(await removeButtons.count()).toBe(5);
      await dialog.getByRole('button', { name: 'Remove feature 5' }).click();
      expect(await featureLines.count()).toBe(4);
      await dialog.getByText('Star', { exact: true }).click();
      expect(await dialog.getByRole('radio', { name: 'Star' }).isChecked()).toBe(true);
      await screenshot(page, `services-add-dialog-${viewport}`);
      await dialog.getByRole('button', { name: 'Cancel' }).scrollIntoViewIfNeeded();
      await screenshot(page, `services-add-dialog-end-${viewport}`);
      await dialog.getByRole('button', { name: 'Add Service' }).click();
      await expectToast(page, 'Service created');
      await dialog.waitFor({ state: 'detached' });

      const [created] = await servicesNamed(name);
      expect(created).toMatchObject({
        whimsical_name: 'Tiny Moments',
        description: 'Twenty quick minutes in the park.',
        price_range: '$150',
        features: ['20 minutes', '10 edited photos', 'Online gallery'],
        icon_name: 'Star',
        sort_order: 3,
        is_active: true,
      });
      const row = rows.filter({ hasText: name });
      await row.getByText('3 features').waitFor();
      await row.getByText('$150').waitFor();
      await row.getByRole('img', { name: 'Star icon' }).waitFor();
      // A new package goes last.
      expect(await rows.last().locator('h2').textContent()).toBe(name);
      expect(await page.getByRole('button', { name: `Move down ${name}` }).isDisabled()).toBe(true);

      // Edit: the lines come back; an emptied optional field becomes null.
      await row.getByRole('button', { name: 'Edit service' }).click();
      const editDialog = page.getByRole('dialog', { name: 'Edit Service' });
      expect(
        await editDialog
          .getByRole('textbox', { name: /^Feature \d+$/ })
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
      ).toEqual(['20 minutes', '10 edited photos', 'Online gallery']);
      await editDialog.getByLabel('Display name (optional)').fill('');
      await editDialog.getByLabel('Price Range').fill('$175');
      await editDialog.getByLabel('Feature 2', { exact: true }).fill('12 edited photos');
      await screenshot(page, `services-edit-dialog-${viewport}`);
      await editDialog.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Service updated');
      await editDialog.waitFor({ state: 'detached' });
      await row.getByText('$175').waitFor();
      expect(await servicesNamed(name)).toEqual([
        {
          ...created,
          whimsical_name: null,
          price_range: '$175',
          features: ['20 minutes', '12 edited photos', 'Online gallery'],
        },
      ]);

      // Hide it with the eye.
      await row.getByRole('button', { name: 'Hide service' }).click();
      await expectToast(page, 'Service hidden');
      await row.getByText('Hidden', { exact: true }).waitFor();
      expect((await servicesNamed(name)).map((service) => service.is_active)).toEqual([false]);
      await screenshot(page, `services-hidden-${viewport}`);

      // Offline, showing it again waits in the outbox (the row says so) and is sent once back online.
      await context.setOffline(true);
      await row.getByRole('button', { name: 'Show service' }).click();
      await expectToast(page, 'Saved on this device');
      await row.getByText('Pending', { exact: true }).waitFor();
      await row.getByText('Active', { exact: true }).waitFor();
      expect((await servicesNamed(name)).map((service) => service.is_active)).toEqual([false]);
      await context.setOffline(false);
      await row
        .getByText('Pending', { exact: true })
        .waitFor({ state: 'detached', timeout: 20_000 });
      expect((await servicesNamed(name)).map((service) => service.is_active)).toEqual([true]);

      // Delete it, after asking.
      await waitForToastsToClose(page);
      await row.getByRole('button', { name: 'Delete service' }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText(`“${name}” will be deleted`, { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Delete Service' }).click();
      await expectToast(page, 'Service deleted');
      await row.waitFor({ state: 'detached' });
      expect(await servicesNamed(name)).toEqual([]);
      expect(await sql('select count(*)::int as count from public.service_packages')).toEqual([
        { count: 3 },
      ]);
      await context.close();
    });
  },
);

const shownOnHome = (page: Page) =>
  page
    .getByTestId('service-list')
    .locator(':scope > li')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('h3')?.textContent));

describe('the order of service packages', () => {
  it('is changed with Move up / Move down, and the home page follows it', async () => {
    const before = await sql<{ id: string; sort_order: number }>(
      'select id, sort_order from public.service_packages',
    );
    const context = await newContext('desktop');
    const page = await context.newPage();
    const visitor = await (await newContext('desktop')).newPage();
    try {
      await visitor.goto('/');
      await visitor.getByTestId('service-list').waitFor();
      // The home page shows a package's display name as its heading.
      expect(await shownOnHome(visitor)).toEqual([
        'Little Adventures',
        'Golden Hour Romance',
        'First Days',
      ]);

      await signInAsAdmin(page);
      await page.goto('/admin/services');
      const rows = page.getByTestId('service-row');
      await rows.filter({ hasText: 'Newborn Session' }).waitFor();
      expect(await page.getByRole('button', { name: 'Move up Family Session' }).isDisabled()).toBe(
        true,
      );
      await page.getByRole('button', { name: 'Move up Couples Session' }).click();
      await expectToast(page, 'Order updated');
      const names = () =>
        rows.evaluateAll((elements) =>
          elements.map((element) => element.querySelector('h2')?.textContent),
        );
      await expect.poll(names).toEqual(['Couples Session', 'Family Session', 'Newborn Session']);
      await expect
        .poll(() => sql('select name, sort_order from public.service_packages order by sort_order'))
        .toEqual([
          { name: 'Couples Session', sort_order: 0 },
          { name: 'Family Session', sort_order: 1 },
          { name: 'Newborn Session', sort_order: 2 },
        ]);
      await page.getByRole('button', { name: 'Move down Family Session' }).click();
      await expect.poll(names).toEqual(['Couples Session', 'Newborn Session', 'Family Session']);
      await expect
        .poll(async () =>
          (
            await sql<{ name: string }>(
              'select name from public.service_packages order by sort_order',
            )
          ).map((row) => row.name),
        )
        .toEqual(['Couples Session', 'Newborn Session', 'Family Session']);

      await visitor.reload();
      await visitor.getByTestId('service-list').waitFor();
      expect(await shownOnHome(visitor)).toEqual([
        'Golden Hour Romance',
        'First Days',
        'Little Adventures',
      ]);
    } finally {
      for (const service of before) {
        await sql('update public.service_packages set sort_order = $2 where id = $1', [
          service.id,
          service.sort_order,
        ]);
      }
      await visitor.context().close();
      await context.close();
    }
  });
});
