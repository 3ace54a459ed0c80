import type { Page } from 'playwright-core';

/** Signs in as the superuser `admin` through the login form and waits for the dashboard (browser tests and the bench). */
export async function signInThroughForm(page: Page, password: string): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin/dashboard');
}
