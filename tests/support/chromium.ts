/**
 * Debian's Chromium (never a downloaded one) and the flags every test and bench run uses.
 *
 * Journeys run in Debian's chromium-headless-shell: the same Chromium build (Blink, V8, the
 * network stack, service workers, Cache Storage, IndexedDB) without the desktop browser's
 * layer of profiles and windows, which Playwright itself uses for headless runs. On this
 * 2-core machine it took 0.52–0.61 s of CPU per new browser profile against 0.96 s, and the
 * whole journey run 537 s against about 700 s (docs/architecture.md, "Tests"). What only the full browser
 * has (Background Sync) is asked of CHROMIUM; the bench measures in CHROMIUM too, as a
 * visitor's browser is.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HEADLESS_SHELL = process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
