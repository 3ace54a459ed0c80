/**
 * public_js_kb: gzipped size of every script the first visit to `/` loads (a fresh profile,
 * until the network is quiet), and whether any admin screen's code is among them.
 */
import { gzipSync } from 'node:zlib';
import type { Scenario } from '../support/context';
import { newBenchContext } from '../support/chromium';
import { homeContent } from '../support/fixtures';
import { round } from '../support/metrics';

// Chunks of the admin routes (src/app/router.tsx), of the admin area (src/app/admin-area.ts:
// supabase-js, the outbox) and of the admin-only upload pipeline. (admin-auth is the session
// check every page makes when this browser holds an admin session.)
const ADMIN_CHUNK = /^(admin-(?!auth-)|start-admin-area|supabase|handlers|login-page|dashboard-page|albums-page|album-detail-page|public-galleries-page|links-page|content-page|services-page|testimonials-page|design-page|settings-page|browser-image-compression)/;

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
    const admin = files.filter(([path]) => ADMIN_CHUNK.test(path.split('/').pop() ?? ''));
    const list = files.map(([path, bytes]) => `${path.split('/').pop()} ${round(bytes / 1024)}`).join(', ');
    bench.record('public_js_kb', {
      value: round(total / 1024),
      unit: 'KB',
      target: 120,
      better: 'lower',
      note: `${files.length} scripts (gzip KB): ${list}. ${admin.length === 0 ? 'No admin code loaded.' : `ADMIN CODE LOADED: ${admin.map(([path]) => path).join(', ')}`}`,
    });
  },
};
