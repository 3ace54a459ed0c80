/**
 * A 1,000-photo client album at desktop size (1280 × 800, DPR 1):
 * - grid_first_view_kb: image bytes loaded until the first screen's thumbnails have painted
 *   and the network is quiet;
 * - grid_img_elements, grid_long_tasks: the most <img> elements in the DOM, and main-thread
 *   tasks over 50 ms (Long Tasks API), while the mouse wheel scrolls the album end to end.
 * Median of three fresh visits (one in quick mode). The service worker is blocked so every
 * byte is seen on the page's network.
 */
import type { Bench, Scenario } from '../support/context';
import { newBenchContext } from '../support/chromium';
import { album1000 } from '../support/fixtures';
import { wheelToTheEnd } from '../support/scroll';
import { median, round } from '../support/metrics';

interface Visit {
  firstViewBytes: number;
  firstViewImages: number;
  maxImages: number;
  longTasks: number[];
}

async function visit(bench: Bench, token: string): Promise<Visit> {
  const context = await newBenchContext(bench.browser, {
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const state = { longTasks: [] as Array<{ start: number; duration: number }>, maxImages: 0 };
      (window as unknown as { __bench: typeof state }).__bench = state;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          state.longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
      const sample = () => {
        state.maxImages = Math.max(state.maxImages, document.querySelectorAll('img').length);
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    let imageBytes = 0;
    let imageCount = 0;
    const sizes: Array<Promise<void>> = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'image') return;
      sizes.push(
        request.sizes().then((size) => {
          imageBytes += size.responseBodySize;
          imageCount += 1;
        }),
      );
    });
    await page.goto(`${bench.stack.url}/client/${token}`);
    await page.locator('[role="list"] img').first().waitFor();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('[role="list"] img'))
        .filter((img) => {
          const box = img.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        })
        .every((img) => img.complete && img.naturalWidth > 0),
    );
    await page.waitForLoadState('networkidle');
    await Promise.all(sizes);
    const firstViewBytes = imageBytes;
    const firstViewImages = imageCount;

    // End to end with the wheel, like a person flicking through, then count what happened.
    const scrollStart = await wheelToTheEnd(page);
    const state = await page.evaluate(
      () =>
        (
          window as unknown as {
            __bench: { longTasks: Array<{ start: number; duration: number }>; maxImages: number };
          }
        ).__bench,
    );
    return {
      firstViewBytes,
      firstViewImages,
      maxImages: state.maxImages,
      longTasks: state.longTasks
        .filter((task) => task.start >= scrollStart)
        .map((task) => task.duration),
    };
  } finally {
    await context.close();
  }
}

export const grid: Scenario = {
  name: 'grid',
  async run(bench) {
    const { token, album } = await album1000(bench);
    const visits: Visit[] = [];
    for (let run = 0; run < (bench.quick ? 1 : 3); run++) visits.push(await visit(bench, token));
    const longest = Math.max(0, ...visits.flatMap((v) => v.longTasks));
    bench.record('grid_first_view_kb', {
      value: round(median(visits.map((v) => v.firstViewBytes)) / 1024),
      unit: 'KB',
      target: 1000,
      better: 'lower',
      note: `${album.photoIds.length} photos; ${visits.map((v) => `${v.firstViewImages} images ${round(v.firstViewBytes / 1024)} KB`).join(' / ')}`,
    });
    bench.record('grid_img_elements', {
      value: median(visits.map((v) => v.maxImages)),
      unit: 'elements',
      target: 200,
      better: 'lower',
    });
    bench.record('grid_long_tasks', {
      value: median(visits.map((v) => v.longTasks.length)),
      unit: 'tasks',
      target: 0,
      better: 'lower',
      note: `per run ${visits.map((v) => v.longTasks.length).join('/')}; longest ${round(longest, 0)} ms`,
    });
  },
};
