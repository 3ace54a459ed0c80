import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  adminPassword,
  newContext,
  screenshot,
  signInAsAdmin,
  sql,
  VIEWPORTS,
  type ViewportName,
} from './browser';

async function dashboardCounts() {
  const [row] = await sql<{ albums: string; photos: string; links: string }>(
    `select (select count(*) from public.albums)::text as albums, (select count(*) from public.photos)::text as photos,
            (select count(*) from public.gallery_links)::text as links`,
  );
  return row!;
}

async function signOut(page: Page, viewport: ViewportName) {
  if (viewport === 'phone') {
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
  } else {
    await page.getByRole('button', { name: 'Sign Out' }).click();
  }
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])(
  'the admin login journey at %s size',
  (viewport) => {
    it('redirects, validates, refuses a wrong password, signs in, survives a reload and signs out', async () => {
      const context = await newContext(viewport);
      const page = await context.newPage();

      // Signed out, the admin area sends you to the login screen.
      await page.goto('/admin/dashboard');
      await page.waitForURL('**/admin');
      await page.getByRole('heading', { name: 'Admin Login', exact: true }).waitFor();
      expect(await page.getByRole('link', { name: 'Back to Gallery' }).getAttribute('href')).toBe(
        '/',
      );
      await screenshot(page, `login-${viewport}`);

      // Empty fields give the required messages.
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByText('Username is required').waitFor();
      await page.getByText('Password is required').waitFor();
      await screenshot(page, `login-required-${viewport}`);

      // A wrong password is refused with the spec's words.
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByText('Login Failed').waitFor();
      await page.getByText('Invalid username or password').waitFor();
      expect(page.url()).toMatch(/\/admin$/);

      // The right password signs in and opens the dashboard with the real counts.
      await page.getByLabel('Password').fill(adminPassword());
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL('**/admin/dashboard');
      await page.getByText('Welcome back!').waitFor();
      const counts = await dashboardCounts();
      await page
        .getByTestId('stat-Collections')
        .getByText(counts.albums, { exact: true })
        .waitFor();
      expect(await page.getByTestId('stat-Photos').textContent()).toBe(counts.photos);
      expect(await page.getByTestId('stat-Client Links').textContent()).toBe(counts.links);
      const token = await page.evaluate(() => localStorage.getItem('admin_token'));
      expect(await page.evaluate(() => localStorage.getItem('admin_username'))).toBe('admin');
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await page
        .getByText('Welcome back!')
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => undefined);
      await screenshot(page, `dashboard-${viewport}`);

      // A reload keeps the (validated) session; /admin goes straight to the dashboard.
      await page.reload();
      await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
      await page.goto('/admin');
      await page.waitForURL('**/admin/dashboard');

      // Sign out: toast, back to the home page, session gone here and on the server.
      await signOut(page, viewport);
      await page.getByText('You have been signed out successfully').waitFor();
      await page.waitForURL((url) => url.pathname === '/');
      expect(
        await page.evaluate(() => [
          localStorage.getItem('admin_token'),
          localStorage.getItem('admin_username'),
        ]),
      ).toEqual([null, null]);
      expect(
        await sql(
          `select 1 from private.admin_sessions where token_hash = extensions.digest($1, 'sha256')`,
          [token],
        ),
      ).toEqual([]);
      await page.goto('/admin/dashboard');
      await page.waitForURL('**/admin');
      await context.close();
    });

    it('asks the photographer to set their own contact while the site still has the example one', async () => {
      const [before] = await sql<{ setting_value: string | null }>(
        `select setting_value from public.site_settings where setting_key = 'contact_value'`,
      );
      try {
        await sql(
          `update public.site_settings set setting_value = 'hello@example.com' where setting_key = 'contact_value'`,
        );
        const context = await newContext('phone');
        const page = await context.newPage();
        await signInAsAdmin(page);
        const prompt = page.getByTestId('contact-prompt');
        await prompt
          .getByText(
            "Your site's contact button still writes to hello@example.com, the example address.",
            { exact: false },
          )
          .waitFor();
        await screenshot(page, 'dashboard-contact-prompt-phone');
        await prompt.getByRole('link', { name: 'Set Contact' }).click();
        await page.getByRole('heading', { name: 'Site Design', exact: true }).waitFor();

        await sql(
          `update public.site_settings set setting_value = 'studio@willowandlight.com' where setting_key = 'contact_value'`,
        );
        await page.goto('/admin/dashboard');
        await page.getByText('Quick actions').waitFor();
        expect(await prompt.count()).toBe(0);
        await context.close();
      } finally {
        await sql(
          `update public.site_settings set setting_value = $1 where setting_key = 'contact_value'`,
          [before?.setting_value ?? null],
        );
      }
    });

    it('drops a stored session the server no longer knows', async () => {
      const context = await newContext(viewport);
      const page = await context.newPage();
      await page.goto('/admin');
      await page.evaluate(() => {
        localStorage.setItem('admin_token', 'stale-or-forged-token');
        localStorage.setItem('admin_username', 'admin');
      });
      await page.goto('/admin/dashboard');
      await page.waitForURL('**/admin');
      await page.getByRole('heading', { name: 'Admin Login', exact: true }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
      await context.close();
    });
  },
);

describe('the admin shell', () => {
  it('collapses the sidebar with Ctrl+B and remembers it in a 7-day cookie', async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await page.goto('/admin');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(adminPassword());
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin/dashboard');
    const sidebar = page.locator('aside');
    expect(await sidebar.getAttribute('data-state')).toBe('expanded');
    expect(await page.getByRole('link', { name: 'Shoot Collections' }).isVisible()).toBe(true);

    await page.keyboard.press('Control+b');
    await page.waitForFunction(
      () => document.querySelector('aside')?.getAttribute('data-state') === 'collapsed',
    );
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    expect(Math.round((cookie!.expires - Date.now() / 1000) / 86400)).toBe(7);
    // 3rem once the width transition has finished.
    await page.waitForFunction(
      () => document.querySelector('aside')?.getBoundingClientRect().width === 48,
    );
    await screenshot(page, 'dashboard-sidebar-collapsed-desktop');

    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    expect(await page.locator('aside').getAttribute('data-state')).toBe('collapsed');
    await context.close();
  });
});

describe('the not-found page', () => {
  it.each(Object.keys(VIEWPORTS) as ViewportName[])(
    'shows 404 with a way home at %s size',
    async (viewport) => {
      const context = await newContext(viewport);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto('/no/such/page');
      await page.getByRole('heading', { name: '404', exact: true }).waitFor();
      await page.getByText('Oops! Page not found').waitFor();
      expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe(
        '/',
      );
      // Logged once the app has taken the drawn page over; the message reaches the test a moment later.
      await expect.poll(() => errors.some((text) => text.includes('/no/such/page'))).toBe(true);
      await screenshot(page, `not-found-${viewport}`);
      await context.close();
    },
  );
});
