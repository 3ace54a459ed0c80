/**
 * offline_open_ms: a client saves a 100-photo album for offline ('Save for offline'), the
 * network goes away, and the album is opened again: time from navigation start until every
 * picture of the album on the first screen (the cover hero's, and thumbnails in the viewport)
 * has loaded (phone size). Median of five opens.
 */
import type { Scenario } from '../support/context';
import { newBenchContext } from '../support/chromium';
import { median, round } from '../support/metrics';
import { seedAlbum, seedClientLink } from '../support/seed';

export const offlineOpen: Scenario = {
  name: 'offline-open',
  async run(bench) {
    const album = await seedAlbum(bench, {
      name: 'Offline Album',
      count: bench.quick ? 30 : 100,
      distinctPreviews: true,
    });
    const token = await seedClientLink(bench, album.id);
    const context = await newBenchContext(bench.browser, {
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
    });
    try {
      const page = await context.newPage();
      await page.goto(`${bench.stack.url}/client/${token}`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.reload();
      await page.getByRole('button', { name: 'Save for offline' }).click();
      await page.getByTestId('saved-offline').waitFor({ timeout: 180_000 });
      await context.setOffline(true);
      const times: number[] = [];
      for (let open = 0; open < 5; open++) {
        await page.reload({ waitUntil: 'commit' });
        const painted = await page.waitForFunction(
          () => {
            // The album's pictures on the first screen: the cover hero's and any of the grid's.
            const pictures = document.querySelectorAll<HTMLImageElement>(
              '[data-testid="client-hero"] img, [role="list"] img',
            );
            const visible = Array.from(pictures).filter((img) => {
              const box = img.getBoundingClientRect();
              return box.bottom > 0 && box.top < window.innerHeight;
            });
            return visible.length > 0 &&
              visible.every((img) => img.complete && img.naturalWidth > 0)
              ? performance.now()
              : 0;
          },
          undefined,
          { polling: 'raf', timeout: 30_000 },
        );
        times.push(await painted.jsonValue());
      }
      bench.record('offline_open_ms', {
        value: round(median(times), 0),
        unit: 'ms',
        target: 1000,
        better: 'lower',
        note: `${album.photoIds.length} photos saved; opens ${times.map((time) => round(time, 0)).join('/')} ms`,
      });
    } finally {
      await context.close();
    }
  },
};
