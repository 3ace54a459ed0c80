/**
 * public_js_kb: gzipped size of every script the first visit to `/` loads (a fresh profile,
 * until the network is quiet), and whether any admin screen's code is among them.
 */
import { gzipSync } from 'node:zlib';
import { isAdminChunk } from '../../tests/support/admin-chunks';
import type { Scenario } from '../support/context';
import { newBenchContext } from '../support/chromium';
import { homeContent } from '../support/fixtures';
import { round } from '../support/metrics';

export const publicJs: Scenario = {
  name: 'public-js',
  async run(bench) {
    await homeContent(bench);
    const context = await newBenchContext(bench.browser, { viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const scripts = new Map<string, number>();
    const pending: Array<Promise<void>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response
          .body()
          .then((body) => void scripts.set(new URL(response.url()).pathname, gzipSync(body).length))
          .catch(() => undefined),
      );
    });
    await page.goto(`${bench.stack.url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Code loaded when the browser is idle (the service worker's registration) counts too.
    await page.waitForTimeout(3000);
    await Promise.all(pending);
    await context.close();

    const files = [...scripts.entries()].sort((a, b) => b[1] - a[1]);
    const total = files.reduce((sum, [, bytes]) => sum + bytes, 0);
    const admin = files.filter(([path]) => isAdminChunk(path.split('/').pop() ?? ''));
    const list = files
      .map(([path, bytes]) => `${path.split('/').pop()} ${round(bytes / 1024)}`)
      .join(', ');
    bench.record('public_js_kb', {
      value: round(total / 1024),
      unit: 'KB',
      target: 120,
      better: 'lower',
      note: `${files.length} scripts (gzip KB): ${list}. ${admin.length === 0 ? 'No admin code loaded.' : `ADMIN CODE LOADED: ${admin.map(([path]) => path).join(', ')}`}`,
    });
  },
};
