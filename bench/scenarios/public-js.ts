/**
 * public_js_kb: gzipped size of every script a first visit loads (a fresh profile, until the
 * network is quiet), and whether any admin screen's code is among them: the home page (the
 * target), and beside it a curated gallery and a client album (200 photos each), whose figures
 * are reported (public_js_kb_gallery, public_js_kb_client).
 */
import { gzipSync } from 'node:zlib';
import { isAdminChunk } from '../../tests/support/admin-chunks';
import type { Bench, Scenario } from '../support/context';
import { newBenchContext } from '../support/chromium';
import { publicPages } from '../support/fixtures';
import { round } from '../support/metrics';

/** Every script the first visit to `path` loads, with its gzipped size, largest first. */
async function scriptsOfFirstVisit(bench: Bench, path: string): Promise<Array<[string, number]>> {
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
  await page.goto(`${bench.stack.url}${path}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Code loaded when the browser is idle (the service worker's registration) counts too.
  await page.waitForTimeout(3000);
  await Promise.all(pending);
  await context.close();
  return [...scripts.entries()].sort((a, b) => b[1] - a[1]);
}

export const publicJs: Scenario = {
  name: 'public-js',
  async run(bench) {
    for (const { page, path } of await publicPages(bench)) {
      // The home page has the target; the others are reported.
      const [name, target] =
        page === 'home' ? ['public_js_kb', 115] : [`public_js_kb_${page}`, null];
      const files = await scriptsOfFirstVisit(bench, path);
      const total = files.reduce((sum, [, bytes]) => sum + bytes, 0);
      const admin = files.filter(([file]) => isAdminChunk(file.split('/').pop() ?? ''));
      const list = files
        .map(([file, bytes]) => `${file.split('/').pop()} ${round(bytes / 1024)}`)
        .join(', ');
      bench.record(name, {
        value: round(total / 1024),
        unit: 'KB',
        target,
        better: 'lower',
        note: `${files.length} scripts (gzip KB): ${list}. ${admin.length === 0 ? 'No admin code loaded.' : `ADMIN CODE LOADED: ${admin.map(([file]) => file).join(', ')}`}`,
      });
    }
  },
};
