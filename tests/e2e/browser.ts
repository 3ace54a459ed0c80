import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { sqlPool } from '../support/sql-pool';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { expect, onTestFinished } from 'vitest';
import { CHROMIUM, CHROMIUM_FLAGS, HEADLESS_SHELL } from '../support/chromium';
import { isAdminChunk } from '../support/admin-chunks';
import { signInThroughForm } from '../support/sign-in';
import { workerStack } from '../support/stack-context';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 740 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/**
 * The sizes an admin screen's own journey runs at, where its steps at phone size would only
 * repeat the desktop's: every admin screen and dialog is checked at phone size for width and
 * 44 px targets (narrow-screens.test.ts) and by axe (accessibility.test.ts). Screens whose
 * journeys do something of their own on a phone (the sidebar as a sheet, touch targets
 * asserted along the way) keep both sizes (docs/architecture.md, "Tests").
 */
export const ADMIN_FLOW_SIZES: ViewportName[] = ['desktop'];

const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'test-results', 'screenshots');

/**
 * This worker's browsers: the headless shell for journeys, the full browser where one needs
 * it. A worker's files share this module (vitest.e2e.config.ts, `isolate: false`), so each
 * browser is launched once per worker and ends with the worker's process (Playwright ends
 * the browsers it launched when their process exits); every journey still browses in a new
 * profile of its own (newContext).
 */
const browsers: { shell?: Promise<Browser>; full?: Promise<Browser> } = {};

// The stack of this worker's journeys (a site of its own: tests/support/stack-context.ts).
export { workerStack };

/**
 * Journeys run in Chromium's headless shell (tests/support/chromium.ts says why); `full` is
 * the whole browser, for what only it has (Background Sync).
 */
export function launchBrowser(kind: 'shell' | 'full' = 'shell'): Promise<Browser> {
  return (browsers[kind] ??= chromium.launch({
    executablePath: kind === 'full' ? CHROMIUM : HEADLESS_SHELL,
    args: CHROMIUM_FLAGS,
  }));
}

/** A fresh browser profile at the given size (a named one, or any), with the site's URL (or another, e.g. a proxy's) as base. */
export async function newContext(
  viewport: ViewportName | { width: number; height: number },
  /** javaScript: false shows a page as the server drew it, before any script. */
  options: {
    baseURL?: string;
    touch?: boolean;
    javaScript?: boolean;
    /** Device pixels per CSS pixel: a phone's is 2 or 3. */
    pixelRatio?: number;
    /** The whole browser, not the headless shell: for Background Sync. */
    fullBrowser?: boolean;
  } = {},
): Promise<BrowserContext> {
  const context = await (
    await launchBrowser(options.fullBrowser ? 'full' : 'shell')
  ).newContext({
    viewport: typeof viewport === 'string' ? VIEWPORTS[viewport] : viewport,
    baseURL: options.baseURL ?? workerStack().url,
    deviceScaleFactor: options.pixelRatio ?? 1,
    // A touch screen: the page's (pointer: coarse) and (hover: none) then match, as on a phone.
    hasTouch: options.touch ?? false,
    // A visitor who asked for less motion (src/index.css): nothing is clicked while it still
    // moves, and no spinner draws frames (in software, here) while a journey waits.
    reducedMotion: 'reduce',
    javaScriptEnabled: options.javaScript ?? true,
  });
  context.on('page', waitForTheAppOnGoto);
  context.on('page', trackOpenRequests);
  return context;
}

/** Each page's requests still without an answer, and since when (for networkSettled's message). */
const openRequests = new WeakMap<Page, Map<Request, number>>();

function trackOpenRequests(page: Page): void {
  const open = new Map<Request, number>();
  openRequests.set(page, open);
  page.on('request', (request) => open.set(request, Date.now()));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
}

/**
 * Waits until the page has made no request for 500 ms (its lists have their rows, not their
 * loading states). A page that never gets there fails by naming the requests still open and
 * for how long, so a request that hangs is told apart from a page that keeps asking.
 */
export async function networkSettled(page: Page): Promise<void> {
  let asked = 0;
  const count = () => (asked += 1);
  page.on('request', count);
  try {
    await page.waitForLoadState('networkidle', { timeout: 30_000 });
  } catch (error) {
    const now = Date.now();
    const open = [...(openRequests.get(page) ?? new Map<Request, number>())]
      .map(([request, since]) => {
        const url = new URL(request.url());
        return `${request.method()} ${url.pathname}${url.search} (open ${now - since} ms)`;
      })
      .join('; ');
    throw new Error(
      `${page.url()} never went 500 ms without a request in 30 s (${asked} asked meanwhile); still open: ${open || 'none'}`,
      { cause: error },
    );
  } finally {
    page.off('request', count);
  }
}

/**
 * A page the server drew is on screen before the app has started (its scripts come once the
 * first screen's photos are in: docs/first-visits.md); a visitor can read it, its buttons work
 * once the app has started. Journeys act as a visitor who waits for that: page.goto and
 * page.reload return once the app says it has started (src/app/app.tsx), or after 10 s for
 * pages where it never does (a file, a start that fails). A tap on a drawn tile before then
 * did nothing, and a journey waited 30 s for the viewer. Not for goto(…, { waitUntil:
 * 'commit' }), the tests of what shows before any script.
 */
function waitForTheAppOnGoto(page: Page): void {
  const appStarted = async (
    response: Awaited<ReturnType<Page['goto']>>,
    options?: { waitUntil?: string },
  ) => {
    if (
      options?.waitUntil !== 'commit' &&
      (response?.headers()['content-type'] ?? '').startsWith('text/html')
    ) {
      await page
        .waitForFunction(() => document.documentElement.dataset.app === 'started', undefined, {
          timeout: 10_000,
        })
        .catch(() => undefined);
    }
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => appStarted(await goto(url, options), options);
  page.reload = async (options) => appStarted(await reload(options), options);
}

/**
 * The page's service worker and what it keeps, for a failure message: which step the worker
 * is at (installing its precache, waiting, active), whether it is in charge of the page, and
 * how many copies each cache holds. It tells a failed install, a worker not in charge and a
 * missing copy apart.
 */
export const serviceWorkerReport = (page: Page): Promise<string> =>
  page
    .evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const { installing, waiting, active } = registration ?? {};
      const steps = registration
        ? `installing ${installing?.state ?? '-'}, waiting ${waiting?.state ?? '-'}, active ${active?.state ?? '-'}`
        : 'no registration';
      const counts = await Promise.all(
        (await caches.keys()).map(
          async (name) => `${name}: ${(await (await caches.open(name)).keys()).length}`,
        ),
      );
      const inCharge = navigator.serviceWorker.controller ? 'in charge' : 'not in charge';
      return `${steps}; ${inCharge}; kept ${counts.join(', ') || 'nothing'}`;
    })
    .catch((reason: unknown) => `unknown (${String(reason)})`);

/**
 * Saves a screenshot under test-results/screenshots for a person to look at (the whole page, or
 * what the viewport shows, e.g. an open dialog). SCREENSHOTS=off skips them where nobody looks
 * (.ci/run): they assert nothing, and the 240 of them took 73 s of the browser suite across its
 * two workers.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (process.env.SCREENSHOTS === 'off') return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({
    path: join(SCREENSHOTS, `${name}.png`),
    fullPage: options.fullPage ?? true,
  });
}

/**
 * Waits until the page's animations and transitions come to rest (a sheet opening, tiles
 * moving aside), so that a screenshot or a measure shows where things end up. Endless ones
 * (a spinner) are not waited for.
 */
export const animationsFinished = (page: Page): Promise<void> =>
  page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });

/**
 * Scrolls the image into view, as a person does to see it, then waits until it has loaded (or
 * failed) and returns its natural width, 0 for a failure: an image takes what the network and
 * the decoder take, so this waits for its load, not a time. Without the scroll a lazy image
 * below its list's fold (a chooser holding another journey's uploads) would never load.
 */
export const loadedWidth = async (image: Locator): Promise<number> => {
  await image.scrollIntoViewIfNeeded();
  return image.evaluate(
    (element) =>
      new Promise<number>((resolve, reject) => {
        const img = element as HTMLImageElement;
        if (img.complete) return resolve(img.naturalWidth);
        img.addEventListener('load', () => resolve(img.naturalWidth), { once: true });
        img.addEventListener('error', () => resolve(0), { once: true });
        setTimeout(
          () => reject(new Error(`${img.currentSrc || img.src} neither loaded nor failed in 30 s`)),
          30_000,
        );
      }),
  );
};

/**
 * Waits until the page has drawn `count` more frames (what it changed is on screen). A page
 * that draws none for 10 s fails here, by name: page.evaluate has no timeout of its own.
 */
export const framesDrawn = (page: Page, count = 2): Promise<void> =>
  page.evaluate(async (frames) => {
    for (let frame = 0; frame < frames; frame += 1)
      await new Promise((resolve, reject) => {
        const stalled = setTimeout(() => reject(new Error('No frame drawn in 10 s')), 10_000);
        requestAnimationFrame(() => resolve(clearTimeout(stalled)));
      });
  }, count);

/**
 * dnd-kit's keyboard sensor listens for the arrow keys from a timer it sets at the pick-up,
 * before it announces it; Chromium can run a key pressed at once before that timer. A timer set
 * now runs after it (timers of one delay run in the order they were set). A person is never
 * that fast.
 */
export const keyboardDragListening = (page: Page): Promise<void> =>
  page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve)));

let pool: pg.Pool | undefined;

/** Runs SQL as the database superuser, to check what the database holds. */
export async function sql<Row extends pg.QueryResultRow = Record<string, unknown>>(
  text: string,
  params: unknown[] = [],
) {
  pool ??= sqlPool({ ...workerStack().database, max: 2 });
  return (await pool.query<Row>(text, params)).rows;
}

export const adminPassword = () => workerStack().adminPassword;

/** Signs in as the superuser through the login form and waits for the dashboard. */
export const signInAsAdmin = (page: Page): Promise<void> =>
  signInThroughForm(page, adminPassword());

/**
 * Waits until the admin area's files are all on the device (src/offline/app-shell), so every
 * admin screen, also one not opened yet, opens with no connection.
 */
export const adminWorksOffline = (page: Page): Promise<unknown> =>
  page.waitForFunction(() => document.documentElement.dataset.adminOffline === 'ready');

/** Waits until a toast with this text is shown. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

export const fixturePath = (name: string) => join(import.meta.dirname, '..', 'fixtures', name);

/** The three real JPEGs of tests/fixtures: a landscape, a portrait, and one turned by its EXIF orientation. */
export const THREE_FIXTURES = ['landscape.jpg', 'portrait.jpg', 'rotated-exif6.jpg'].map(
  fixturePath,
);

/** Closes a dialog holding unsaved edits with Cancel: it asks first, and Discard closes it. */
export async function cancelAndDiscard(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard changes?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await dialog.waitFor({ state: 'detached' });
}

/** A temporary folder for the running test's files, removed when the test ends. */
export function testFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** `count` real JPEGs named IMG_0001.jpg … (the three fixture pictures in turn). */
export function shootPhotos(count: number): string[] {
  const dir = testFolder('shoot-photos-');
  const pictures = ['landscape.jpg', 'portrait.jpg', 'rotated-exif6.jpg'];
  return Array.from({ length: count }, (_, index) => {
    const path = join(dir, `IMG_${String(index + 1).padStart(4, '0')}.jpg`);
    copyFileSync(fixturePath(pictures[index % pictures.length]!), path);
    return path;
  });
}

/**
 * One read of the admin app's IndexedDB in the page: a store's count, all its rows, or the row
 * with one key (undefined when there is none).
 */
const readAdminDb = (
  page: Page,
  store: string,
  read: { count: true } | { all: true } | { key: string },
) =>
  page.evaluate(
    ({ store: name, read: what }) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('photographer-admin');
        open.onerror = () => reject(open.error ?? new Error('IndexedDB could not be opened'));
        open.onsuccess = () => {
          const objects = open.result.transaction(name).objectStore(name);
          const request =
            'count' in what
              ? objects.count()
              : 'all' in what
                ? objects.getAll()
                : objects.get(what.key);
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result);
          };
        };
      }),
    { store, read },
  );

/** How many entries a store of the admin app's IndexedDB holds. */
export const storedCount = async (page: Page, store: 'outbox' | 'blobs') =>
  (await readAdminDb(page, store, { count: true })) as number;

/** The admin data the device keeps for offline use (the persisted query cache), as stored. */
const keptAdminData = async (page: Page) =>
  (
    (await readAdminDb(page, 'keyValues', { key: 'admin-query-cache' })) as
      { value?: string } | undefined
  )?.value ?? '';

/**
 * Waits until the device has kept what a screen showed online (the text appears in the stored
 * admin data), so that screen opens offline: leaving the page sooner can cut the write short.
 */
export const keptForOffline = (page: Page, text: string) =>
  expect
    .poll(async () => (await keptAdminData(page)).includes(text), { timeout: 10_000 })
    .toBe(true);

/** An outbox entry as far as describeOutbox reads it. */
interface OutboxLine {
  label?: string;
  status?: string;
  attempts?: number;
  failure?: { kind?: string; message?: string };
}

/**
 * What the outbox holds, one line per change (label, status, attempts, failure): printed when a
 * journey gives up waiting for 'All changes saved', so the failure says which change is stuck.
 */
export const describeOutbox = async (page: Page) =>
  ((await readAdminDb(page, 'outbox', { all: true })) as OutboxLine[])
    .map(
      (item) =>
        `${item.label} [${item.status}, ${item.attempts} attempts${item.failure ? `, ${item.failure.kind}: ${item.failure.message}` : ''}]`,
    )
    .join('\n') || '(empty)';

/** Records the paths the page requests; `scripts()` names the app's scripts, `adminScripts()` the admin's among them. */
export function recordRequests(page: Page) {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  const scripts = () =>
    paths
      .filter((path) => path.startsWith('/assets/') && path.endsWith('.js'))
      .map((path) => path.slice('/assets/'.length));
  return { paths, scripts, adminScripts: () => scripts().filter(isAdminChunk) };
}

/**
 * Holds back every response to a request whose address matches `url` until the returned
 * function is called (to see what a page does while, say, React's code or the fonts are slow).
 * `onRequest` hears each held request's path.
 */
export async function holdResponses(
  page: Page,
  url: RegExp,
  onRequest: (path: string) => void = () => undefined,
): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    onRequest(new URL(route.request().url()).pathname);
    await held;
    await route.continue();
  });
  return release;
}
