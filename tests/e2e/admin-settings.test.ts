import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_FLOW_SIZES,
  expectToast,
  fixturePath,
  newContext,
  screenshot,
  signInAsAdmin,
  sql,
  cancelAndDiscard,
} from './browser';

interface ProfileRow {
  site_name: string | null;
  subtitle: string | null;
  logo_url: string | null;
  social_instagram: string | null;
  social_twitter: string | null;
}

const readProfile = async () =>
  (
    await sql<ProfileRow>(
      'select site_name, subtitle, logo_url, social_instagram, social_twitter from public.photographer_profile',
    )
  )[0];

const passwordIs = async (username: string, password: string) =>
  (
    await sql<{ ok: boolean }>(
      'select password_hash = extensions.crypt($2, password_hash) as ok from public.admin_credentials where username = $1',
      [username, password],
    )
  )[0]?.ok;

/** Signs in through the login form as any admin. */
async function signIn(page: Page, username: string, password: string) {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin/dashboard');
}

async function openSettings(page: Page) {
  await page.goto('/admin/settings');
  await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
  await page.getByRole('heading', { name: 'Profile Settings', exact: true }).waitFor();
}

/** A dialog floats over the viewport; a full-page shot would place it wrongly, so this takes what is on screen. */
const dialogScreenshot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });

const userRow = (page: Page, username: string) =>
  page.getByTestId('admin-user-row').filter({ has: page.getByText(username, { exact: true }) });

describe.each(ADMIN_FLOW_SIZES)('profile settings at %s size', (viewport) => {
  it('edits the profile, uploads a logo through the outbox and shows the footer preview', async () => {
    const context = await newContext(viewport);
    const page = await context.newPage();
    await signInAsAdmin(page);
    await openSettings(page);

    // The form shows what the database holds.
    const before = await readProfile();
    await expect
      .poll(() => page.getByLabel('Site Name').inputValue())
      .toBe(before?.site_name ?? '');

    // A file that is not an image is refused with the spec's words.
    const notes = join(tmpdir(), 'notes.txt');
    writeFileSync(notes, 'not a logo');
    const logoInput = page.getByLabel('Choose logo file');
    await logoInput.setInputFiles(notes);
    await expectToast(page, 'notes.txt is not an image file.');
    await expectToast(page, 'Invalid file type');

    const siteName = `Golden Hour Studio ${viewport}`;
    await page.getByLabel('Site Name').fill(siteName);
    await page.getByLabel('Subtitle').fill('Light-filled family portraits');
    await page.getByLabel('Instagram').fill('https://instagram.com/goldenhour');
    await page.getByLabel('Twitter').fill('   ');

    // The logo shows from the local file at once; saving right away waits for its upload.
    await logoInput.setInputFiles(fixturePath('landscape.jpg'));
    const preview = page.getByRole('img', { name: 'Logo preview' });
    await page.waitForFunction(
      (img) => (img as HTMLImageElement | null)?.src.startsWith('blob:'),
      await preview.elementHandle(),
    );
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expectToast(page, 'Logo uploaded');
    await expectToast(page, 'Profile saved');

    // The database holds the values, empty fields as null, and the logo's URL.
    const saved = await readProfile();
    expect(saved).toMatchObject({
      site_name: siteName,
      subtitle: 'Light-filled family portraits',
      social_instagram: 'https://instagram.com/goldenhour',
      social_twitter: null,
    });
    const logoName = saved?.logo_url?.match(
      /\/storage\/v1\/object\/public\/photos\/(logo-\d+\.jpg)$/,
    )?.[1];
    expect(logoName).toBeTruthy();
    expect(
      await sql('select 1 from storage.objects where bucket_id = $1 and name = $2', [
        'photos',
        logoName,
      ]),
    ).toHaveLength(1);

    // The file is served at that URL, byte for byte.
    const served = await page.request.get(saved!.logo_url!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/jpeg');
    expect((await served.body()).length).toBe(readFileSync(fixturePath('landscape.jpg')).length);

    // The footer preview is generated from the saved profile.
    const footer = page.getByTestId('footer-preview');
    await footer.getByText(siteName, { exact: true }).waitFor();
    await footer.getByText('Light-filled family portraits').waitFor();
    await footer.getByText(`© ${new Date().getFullYear()} ${siteName}`).waitFor();
    expect(await footer.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe(
      'https://instagram.com/goldenhour',
    );
    expect(await footer.getByText('Twitter').count()).toBe(0);

    // After a reload the logo comes from the server.
    await page.reload();
    await page.getByRole('heading', { name: 'Profile Settings', exact: true }).waitFor();
    await page.waitForFunction(
      ({ img, name }) =>
        (img as HTMLImageElement | null)?.src.endsWith(name) &&
        (img as HTMLImageElement).naturalWidth > 0,
      {
        img: await page.getByRole('img', { name: 'Logo preview' }).elementHandle(),
        name: logoName!,
      },
    );
    expect(await page.getByLabel('Site Name').inputValue()).toBe(siteName);
    await page
      .getByText('Logo uploaded')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
    await screenshot(page, `settings-${viewport}`);

    // The superuser's Add Admin dialog, as it looks at this size.
    await page.getByRole('button', { name: 'Add Admin' }).click();
    await page.getByRole('dialog', { name: 'Add Admin' }).getByLabel('Username').waitFor();
    await dialogScreenshot(page, `settings-add-admin-${viewport}`);
    await page.keyboard.press('Escape');
    await context.close();
  });
});

describe('changing one’s own password', () => {
  it('validates, refuses a wrong current password, changes it, and hides superuser tools from other admins', async () => {
    await sql("select private.set_admin_password('anna', 'first-pass')");
    await sql("select private.set_admin_password('carla', 'carla-pass')");
    const context = await newContext('desktop');
    const page = await context.newPage();
    await signIn(page, 'anna', 'first-pass');
    await openSettings(page);

    const current = page.getByLabel('Current Password', { exact: true });
    const next = page.getByLabel('New Password', { exact: true });
    const confirm = page.getByLabel('Confirm New Password', { exact: true });
    const change = page.getByRole('button', { name: 'Change Password' });

    await current.fill('first-pass');
    await next.fill('new-pass-1');
    await confirm.fill('new-pass-2');
    await change.click();
    await page.getByText('Passwords do not match').waitFor();

    await next.fill('12345');
    await confirm.fill('12345');
    await change.click();
    await page.getByText('Password must be at least 6 characters').waitFor();
    expect(await page.getByText('Passwords do not match').count()).toBe(0);

    await current.fill('wrong-pass');
    await next.fill('new-pass-1');
    await confirm.fill('new-pass-1');
    await change.click();
    await expectToast(page, 'Current password is incorrect');
    expect(await passwordIs('anna', 'first-pass')).toBe(true);

    // Offline, nothing with a password can be sent.
    await context.setOffline(true);
    await page
      .getByText('Connect to the internet to change passwords, devices or admin users.')
      .waitFor();
    expect(await change.isDisabled()).toBe(true);
    await screenshot(page, 'settings-offline-desktop');
    await context.setOffline(false);
    await page
      .getByText('Connect to the internet to change passwords, devices or admin users.')
      .waitFor({ state: 'detached' });

    await current.fill('first-pass');
    await change.click();
    await expectToast(page, 'Password changed');
    expect(await passwordIs('anna', 'new-pass-1')).toBe(true);
    expect(await current.inputValue()).toBe('');

    // Anna is not the superuser: her list has no superuser row and no superuser tools.
    await userRow(page, 'anna').getByText('(you)').waitFor();
    await userRow(page, 'carla').waitFor();
    expect(await page.getByText('SUPERUSER').count()).toBe(0);
    expect(await userRow(page, 'admin').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add Admin' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Reset Password' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    await screenshot(page, 'settings-other-admin-desktop');

    // She is still signed in with the session that made the change.
    await page.reload();
    await userRow(page, 'anna').waitFor();
    await context.close();
  });
});

describe('signed-in devices', () => {
  it('lists the admin’s devices and signs the others out, which ends their session at once', async () => {
    await sql("select private.set_admin_password('dora', 'dora-pass')");
    const laptop = await newContext('desktop');
    const phone = await newContext('phone');
    const laptopPage = await laptop.newPage();
    const phonePage = await phone.newPage();
    await signIn(laptopPage, 'dora', 'dora-pass');
    await signIn(phonePage, 'dora', 'dora-pass');

    for (const [page, viewport] of [
      [laptopPage, 'desktop'],
      [phonePage, 'phone'],
    ] as const) {
      await openSettings(page);
      const rows = page.getByTestId('session-row');
      await rows.nth(1).waitFor();
      expect(await rows.count()).toBe(2);
      // This device comes first, named after its browser, with where it signed in from.
      await rows.first().getByText('This device').waitFor();
      expect(await rows.first().textContent()).toMatch(
        /Chrome on Linux.*Signed in .* from 127\.0\.0\.1.*Last active /,
      );
      await page.getByRole('heading', { name: 'Signed-in Devices' }).scrollIntoViewIfNeeded();
      await screenshot(page, `settings-devices-${viewport}`, { fullPage: false });
    }

    await laptopPage.getByRole('button', { name: 'Sign Out All Other Devices' }).click();
    await expectToast(laptopPage, 'Signed out everywhere else');
    await laptopPage.getByTestId('session-row').nth(1).waitFor({ state: 'detached' });
    expect(
      await laptopPage.getByRole('button', { name: 'Sign Out All Other Devices' }).isDisabled(),
    ).toBe(true);

    // The phone's next request finds its session gone and asks it to sign in again.
    await phonePage.goto('/admin/albums');
    await phonePage.getByRole('button', { name: 'Sign In' }).waitFor();
    const [row] = await sql<{ sessions: number }>(
      `select count(*)::int as sessions from private.admin_sessions s
         join public.admin_credentials a on a.id = s.admin_id where a.username = 'dora'`,
    );
    expect(row).toEqual({ sessions: 1 });
    await laptop.close();
    await phone.close();
  });
});

describe('the superuser managing admin users', () => {
  it('adds bruno, refuses a duplicate, resets his password and deletes him after a typed confirmation', async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await signInAsAdmin(page);
    await openSettings(page);

    const adminRow = userRow(page, 'admin');
    await adminRow.getByText('SUPERUSER').waitFor();
    await adminRow.getByText('(you)').waitFor();
    expect(await adminRow.getByRole('button').count()).toBe(0);

    // Add Admin.
    await page.getByRole('button', { name: 'Add Admin' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Admin' });
    await dialog.getByLabel('Username').fill('bruno');
    await dialog.getByLabel('Password', { exact: true }).fill('bruno-pass-1');
    await dialog.getByLabel('Confirm Password').fill('bruno-pass-x');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByText('Passwords do not match').waitFor();
    await dialog.getByLabel('Confirm Password').fill('bruno-pass-1');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectToast(page, 'User created');
    await dialog.waitFor({ state: 'detached' });
    const [created] = await sql<{ by_admin: boolean }>(
      `select created_by = (select id from public.admin_credentials where username = 'admin') as by_admin
         from public.admin_credentials where username = 'bruno'`,
    );
    expect(created?.by_admin).toBe(true);
    await userRow(page, 'bruno').waitFor();

    // The same username again is refused.
    await page.getByRole('button', { name: 'Add Admin' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Admin' });
    await dialog.getByLabel('Username').fill('bruno');
    await dialog.getByLabel('Password', { exact: true }).fill('another-pass');
    await dialog.getByLabel('Confirm Password').fill('another-pass');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectToast(page, 'Failed to create user. Username may already exist.');
    expect(
      await sql("select 1 from public.admin_credentials where username = 'bruno'"),
    ).toHaveLength(1);
    // What was typed is still in the form: Cancel asks first.
    await cancelAndDiscard(page, dialog);

    // Reset Password: the targets leave out the superuser and oneself.
    await page.getByRole('button', { name: 'Reset Password' }).click();
    dialog = page.getByRole('dialog', { name: 'Reset Password' });
    const others = (
      await sql<{ username: string }>(
        "select username from public.admin_credentials where username <> 'admin' order by created_at",
      )
    ).map((row) => row.username);
    expect(await dialog.getByLabel('Admin User').locator('option').allTextContents()).toEqual([
      'Choose an admin user',
      ...others,
    ]);
    await dialog.getByLabel('Admin User').selectOption('bruno');
    await dialog.getByLabel('New Password', { exact: true }).fill('bruno-pass-2');
    await dialog.getByLabel('Confirm New Password').fill('bruno-pass-2');
    await dialogScreenshot(page, 'settings-reset-password-desktop');
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Password reset for bruno');
    expect(await passwordIs('bruno', 'bruno-pass-2')).toBe(true);

    // Delete: 'Delete User' stays disabled until the username is typed.
    await userRow(page, 'bruno').getByRole('button', { name: 'Delete bruno' }).click();
    const confirmDialog = page.getByRole('alertdialog');
    const deleteButton = confirmDialog.getByRole('button', { name: 'Delete User' });
    expect(await deleteButton.isDisabled()).toBe(true);
    await confirmDialog.getByLabel('Type bruno to confirm').fill('brun');
    expect(await deleteButton.isDisabled()).toBe(true);
    await confirmDialog.getByLabel('Type bruno to confirm').fill('bruno');
    expect(await deleteButton.isEnabled()).toBe(true);
    await dialogScreenshot(page, 'settings-delete-user-desktop');
    await deleteButton.click();
    await expectToast(page, 'User deleted');
    await userRow(page, 'bruno').waitFor({ state: 'detached' });
    expect(await sql("select 1 from public.admin_credentials where username = 'bruno'")).toEqual(
      [],
    );
    await context.close();
  });
});
