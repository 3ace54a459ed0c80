/**
 * Big albums (issue 34, item 6): a wedding of 5,000 photos is normal. A 5,000- and a
 * 10,000-photo client album (each photo with its own thumbnail; previews shared), beside the
 * 200-photo album, at desktop size (1280 × 800, DPR 1, service worker blocked):
 * - big_album_lcp_vs_200: the first screen's LCP ÷ the 200-photo album's (median of three
 *   visits each, taken in turn so load on the machine hits all alike);
 * - big_album_heap_mb: the page's JS heap after scrolling the album end to end, after a GC;
 * - big_album_long_tasks: main-thread tasks over 50 ms (Long Tasks API) while the wheel scrolls
 *   it end to end (500 px a step, as the grid scenario);
 * - big_album_rpc_first_page_ms: p95 of the first page of get_album_photos_by_token (the 30
 *   rows the first screen waits for), and big_album_rpc_all_ms: the whole list read as the
 *   page reads it (30 rows, then 1,000 a page), median of three, with its JSON's size;
 * - big_album_admin_first_render_ms: the admin collection page, from navigation to its first
 *   screen of tiles painted;
 * - big_album_10k_vs_5k: the largest ratio of a 10,000-photo figure to its 5,000-photo one
 *   (LCP, heap, first page, admin first render).
 * Each figure is the 10,000-photo album's; the note gives the 5,000-photo one.
 */
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { signInThroughForm } from '../../tests/support/sign-in';
import type { Bench, Scenario } from '../support/context';
import { newBenchContext } from '../support/chromium';
import { album200, bigAlbumOf } from '../support/fixtures';
import { wheelToTheEnd } from '../support/scroll';
import { median, percentile, round } from '../support/metrics';

const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 } as const;
/** The first page the client album reads, and the pages after it (src/lib/backend/pages.ts). */
const FIRST_PAGE_ROWS = 30;
const PAGE_ROWS = 1000;

interface Watched {
  longTasks: Array<{ start: number; duration: number }>;
  lcp: number;
}

/** Installs the page's own watchers: long tasks and the largest contentful paint. */
async function watch(page: Page) {
  await page.addInitScript(() => {
    const state: Watched = { longTasks: [], lcp: 0 };
    (window as unknown as { __bench: Watched }).__bench = state;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        state.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

const watched = (page: Page) =>
  page.evaluate(() => (window as unknown as { __bench: Watched }).__bench);

/**
 * Waits until the page shows `what` and every image on screen has painted (the client album's
 * cover fills most of its first screen; the admin page's first rows of tiles fill it).
 */
async function firstScreenPainted(page: Page, what: string) {
  await page.locator(what).first().waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForFunction(
    () => {
      const shown = Array.from(document.querySelectorAll<HTMLImageElement>('img')).filter((img) => {
        const box = img.getBoundingClientRect();
        return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
      });
      return shown.length > 0 && shown.every((img) => img.complete && img.naturalWidth > 0);
    },
    undefined,
    { timeout: 60_000 },
  );
}

/** The JS heap in use after a full collection, in MB. */
async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1024 / 1024;
}

/** A fresh visit of a client album: its LCP, and when `scroll`, what scrolling to the end cost. */
async function clientVisit(bench: Bench, token: string, scroll: boolean) {
  const context = await newBenchContext(bench.browser, { ...DESKTOP, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await watch(page);
    await page.goto(`${bench.stack.url}/client/${token}`);
    await firstScreenPainted(page, '[role="list"] img');
    await page.waitForLoadState('networkidle');
    const { lcp } = await watched(page);
    if (!scroll) return { lcp };
    // BENCH_TRACE_DIR=<folder>: a Chromium trace of the scroll, to see what each long task was.
    const traceDir = process.env.BENCH_TRACE_DIR;
    if (traceDir)
      await bench.browser.startTracing(page, {
        path: join(traceDir, `client-scroll-${token.slice(0, 8)}.json`),
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
      });
    const scrollStart = await wheelToTheEnd(page);
    if (traceDir) await bench.browser.stopTracing();
    const tasks = (await watched(page)).longTasks.filter((task) => task.start >= scrollStart);
    const heap = await heapMb(await context.newCDPSession(page));
    return {
      lcp,
      heap,
      longTasks: tasks.length,
      longest: Math.max(0, ...tasks.map((task) => task.duration)),
    };
  } finally {
    await context.close();
  }
}

/** The admin collection page of an album, opened in a signed-in context: ms until its first screen of tiles has painted, and its longest task. */
async function adminFirstRender(page: Page, albumId: string) {
  await page.goto(`/admin/albums/${albumId}`);
  await firstScreenPainted(page, '[data-testid="photo-tile"] img');
  const ms = await page.evaluate(() => performance.now());
  const { longTasks } = await watched(page);
  return { ms, longest: Math.max(0, ...longTasks.map((task) => task.duration)) };
}

/** get_album_photos_by_token for rows [from, from + count), as the page asks for them: ms and JSON bytes. */
async function photosPage(bench: Bench, token: string, from: number, count: number) {
  const started = performance.now();
  const response = await fetch(`${bench.stack.url}/rest/v1/rpc/get_album_photos_by_token`, {
    method: 'POST',
    headers: {
      apikey: bench.stack.anonKey,
      authorization: `Bearer ${bench.stack.anonKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ p_access_token: token, p_offset: from, p_limit: count }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`get_album_photos_by_token: ${response.status} ${text}`);
  return { ms: performance.now() - started, bytes: text.length };
}

/** The whole list, as the page reads it: ms, bytes over the wire, and pages. */
async function wholeList(bench: Bench, token: string, photos: number) {
  const started = performance.now();
  let bytes = 0;
  let pages = 0;
  for (let from = 0, size = FIRST_PAGE_ROWS; from < photos; from += size, size = PAGE_ROWS) {
    bytes += (await photosPage(bench, token, from, size)).bytes;
    pages += 1;
  }
  return { ms: performance.now() - started, bytes, pages };
}

const ratio = (big: number, small: number) => (small > 0 ? big / small : 0);

export const bigAlbum: Scenario = {
  name: 'big-album',
  async run(bench) {
    const base = await album200(bench);
    const sizes = bench.quick ? [1000, 2000] : [5000, 10_000];
    const albums = [];
    for (const count of sizes) albums.push({ count, ...(await bigAlbumOf(bench, count)) });
    const [small, big] = albums as [(typeof albums)[0], (typeof albums)[0]];

    // The first screen: three visits of each album, taken in turn.
    const lcp = new Map<string, number[]>();
    for (let run = 0; run < 3; run++)
      for (const [label, token] of [
        ['200', base.token],
        ['small', small.token],
        ['big', big.token],
      ] as const)
        lcp.set(label, [...(lcp.get(label) ?? []), (await clientVisit(bench, token, false)).lcp]);
    const lcpOf = (label: string) => median(lcp.get(label)!);

    // Scrolling end to end, then the heap.
    const scrolled = {
      small: await clientVisit(bench, small.token, true),
      big: await clientVisit(bench, big.token, true),
    };

    // The photos RPC: the first page alternately on both albums, then each whole list.
    for (let i = 0; i < 10; i++) {
      await photosPage(bench, small.token, 0, FIRST_PAGE_ROWS);
      await photosPage(bench, big.token, 0, FIRST_PAGE_ROWS);
    }
    const firstPage = { small: [] as number[], big: [] as number[] };
    for (let i = 0; i < 50; i++) {
      firstPage.small.push((await photosPage(bench, small.token, 0, FIRST_PAGE_ROWS)).ms);
      firstPage.big.push((await photosPage(bench, big.token, 0, FIRST_PAGE_ROWS)).ms);
    }
    const lists = { small: [] as number[], big: [] as number[] };
    let listShape = { small: { bytes: 0, pages: 0 }, big: { bytes: 0, pages: 0 } };
    for (let i = 0; i < 3; i++) {
      const [a, b] = [
        await wholeList(bench, small.token, small.count),
        await wholeList(bench, big.token, big.count),
      ];
      lists.small.push(a.ms);
      lists.big.push(b.ms);
      listShape = { small: a, big: b };
    }

    // The admin collection page, signed in once; each album opened three times in turn.
    const context = await newBenchContext(bench.browser, { ...DESKTOP, baseURL: bench.stack.url });
    const admin = { small: [] as number[], big: [] as number[], longest: { small: 0, big: 0 } };
    try {
      const page = await context.newPage();
      await watch(page);
      await signInThroughForm(page, bench.adminPassword);
      for (let run = 0; run < 3; run++)
        for (const key of ['small', 'big'] as const) {
          const { ms, longest } = await adminFirstRender(page, { small, big }[key].album.id);
          admin[key].push(ms);
          admin.longest[key] = Math.max(admin.longest[key], longest);
        }
    } finally {
      await context.close();
    }

    const [smallLabel, bigLabel] = sizes.map((count) => count.toLocaleString('en'));
    bench.record('big_album_lcp_vs_200', {
      value: round(lcpOf('big') / lcpOf('200'), 2),
      unit: '×',
      target: 1.1,
      better: 'lower',
      note: `median LCP ${round(lcpOf('big'))} ms (${bigLabel} photos) ÷ ${round(lcpOf('200'))} ms (200); ${smallLabel} photos ${round(lcpOf('small'))} ms`,
    });
    bench.record('big_album_heap_mb', {
      value: round(scrolled.big.heap!),
      unit: 'MB',
      target: 80,
      better: 'lower',
      note: `after scrolling ${bigLabel} photos end to end and a GC; ${smallLabel} photos ${round(scrolled.small.heap!)} MB`,
    });
    bench.record('big_album_long_tasks', {
      value: scrolled.big.longTasks!,
      unit: 'tasks',
      target: 0,
      better: 'lower',
      note: `over 50 ms while scrolling ${bigLabel} photos (longest ${round(scrolled.big.longest!, 0)} ms); ${smallLabel} photos ${scrolled.small.longTasks} (longest ${round(scrolled.small.longest!, 0)} ms)`,
    });
    const [p95Small, p95Big] = [percentile(firstPage.small, 95), percentile(firstPage.big, 95)];
    bench.record('big_album_rpc_first_page_ms', {
      value: round(p95Big),
      unit: 'ms',
      target: null,
      better: 'lower',
      note: `p95 of 50, the first ${FIRST_PAGE_ROWS} rows of ${bigLabel}; ${smallLabel} photos ${round(p95Small)} ms`,
    });
    bench.record('big_album_rpc_all_ms', {
      value: round(median(lists.big)),
      unit: 'ms',
      target: null,
      better: 'lower',
      note: `${bigLabel} photos in ${listShape.big.pages} reads, ${round(listShape.big.bytes / 1024)} KB of JSON; ${smallLabel} photos ${round(median(lists.small))} ms, ${round(listShape.small.bytes / 1024)} KB`,
    });
    bench.record('big_album_admin_first_render_ms', {
      value: round(median(admin.big)),
      unit: 'ms',
      target: null,
      better: 'lower',
      note: `${bigLabel} photos: ${admin.big.map((ms) => round(ms)).join('/')} ms, longest task ${round(admin.longest.big, 0)} ms; ${smallLabel} photos ${round(median(admin.small))} ms, longest task ${round(admin.longest.small, 0)} ms`,
    });
    const ratios = {
      lcp: ratio(lcpOf('big'), lcpOf('small')),
      heap: ratio(scrolled.big.heap!, scrolled.small.heap!),
      firstPage: ratio(p95Big, p95Small),
      admin: ratio(median(admin.big), median(admin.small)),
    };
    bench.record('big_album_10k_vs_5k', {
      value: round(Math.max(...Object.values(ratios)), 2),
      unit: '×',
      target: 1.3,
      better: 'lower',
      note: Object.entries(ratios)
        .map(([name, value]) => `${name} ${round(value, 2)}×`)
        .join(', '),
    });
  },
};
