import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
} from 'playwright-core';

import { CHROMIUM, CHROMIUM_FLAGS } from '../../tests/support/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/**
 * A browser context for the bench. tsx compiles this code with esbuild's keepNames, which wraps
 * named functions in `__name(…)`; functions sent to page.evaluate carry that call into the
 * page, so every page gets a no-op `__name`.
 */
export async function newBenchContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript('globalThis.__name = (target) => target;');
  return context;
}
