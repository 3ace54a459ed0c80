/**
 * Upload of 40 photos (the run's 12–24 MP JPEGs, some EXIF-rotated) through the real admin
 * pipeline in the browser: 'Add Photos' → outbox → thumbnail + preview made in a Web Worker
 * → original, thumbnail and preview to storage → admin_add_photo. In the same run and page,
 * the same 40 originals are uploaded to storage with no processing (the request the app's
 * storage client makes: multipart POST with upsert).
 *
 * - upload_ms_per_photo: median time between consecutive photos being recorded (admin_add_photo answered);
 * - upload_vs_raw: that median ÷ the raw upload's median per photo;
 * - upload_encodes_per_photo: image encodes per rendition, counted by wrapping
 *   OffscreenCanvas.convertToBlob inside the compression worker (its script, the bundled
 *   browser-image-compression asset, is served with a counter in front).
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createAlbum } from '../../src/lib/backend/albums';
import type { Scenario } from '../support/context';
import { newBenchContext } from '../support/chromium';
import { median, round } from '../support/metrics';

/** Counts every encode in the worker by reporting it to a URL the bench answers. */
const counter = (origin: string) => `;(() => {
  const report = (where, width, height, type) => {
    fetch(${JSON.stringify(`${origin}/__bench/encode`)} + '?where=' + where + '&size=' + width + 'x' + height + '&type=' + encodeURIComponent(type || ''), { method: 'POST' }).catch(() => {});
  };
  if (typeof OffscreenCanvas !== 'undefined') {
    const convertToBlob = OffscreenCanvas.prototype.convertToBlob;
    OffscreenCanvas.prototype.convertToBlob = function (options) {
      report('worker', this.width, this.height, options && options.type);
      return convertToBlob.call(this, options);
    };
  }
})();\n`;

export const upload: Scenario = {
  name: 'upload',
  async run(bench) {
    const count = bench.quick ? 8 : 40;
    const folder = join(bench.work, 'upload');
    mkdirSync(folder);
    const files = Array.from({ length: count }, (_, index) => {
      const source = bench.photos[index % bench.photos.length]!;
      const path = join(folder, `upload-${String(index + 1).padStart(2, '0')}-${source.name}`);
      copyFileSync(source.path, path);
      return path;
    });
    const albumId = randomUUID();
    await createAlbum(bench.admin, albumId, { name: 'Upload Benchmark', description: null });

    // No service worker: the compression script must come from the network to be wrapped.
    const context = await newBenchContext(bench.browser, { viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', baseURL: bench.stack.url });
    const encodes: string[] = [];
    await context.route('**/__bench/encode*', async (route) => {
      encodes.push(new URL(route.request().url()).search);
      await route.fulfill({ status: 204 });
    });
    await context.route('**/assets/browser-image-compression-*.js', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: counter(bench.stack.url) + (await response.text()) });
    });
    try {
      const page = await context.newPage();
      await page.goto('/admin');
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill(bench.adminPassword);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL('**/admin/dashboard');
      await page.goto(`/admin/albums/${albumId}`);
      await page.getByText('No photos yet').waitFor();

      // The raw side: the same originals straight to storage, one after another.
      const token = bench.admin.credentials()!.token;
      await page.evaluate(() => {
        const input = document.createElement('input');
        input.type = 'file';
        input.multiple = true;
        input.id = 'bench-raw-files';
        input.hidden = true;
        document.body.append(input);
      });
      await page.setInputFiles('#bench-raw-files', files);
      const raw = await page.evaluate(
        async ({ url, anonKey, token, albumId }) => {
          const input = document.querySelector<HTMLInputElement>('#bench-raw-files')!;
          const times: number[] = [];
          for (const file of Array.from(input.files ?? [])) {
            const body = new FormData();
            body.append('cacheControl', '31536000');
            body.append('', file);
            const started = performance.now();
            const response = await fetch(`${url}/storage/v1/object/photos/${albumId}/raw-${encodeURIComponent(file.name)}`, {
              method: 'POST',
              headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'x-upsert': 'true', 'x-admin-username': 'admin', 'x-admin-token': token },
              body,
            });
            if (!response.ok) throw new Error(`raw upload: ${response.status} ${await response.text()}`);
            times.push(performance.now() - started);
          }
          input.remove();
          return times;
        },
        { url: bench.stack.url, anonKey: bench.stack.anonKey, token, albumId },
      );

      // The real pipeline.
      const recorded: number[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/rest/v1/rpc/admin_add_photo') && response.ok()) recorded.push(performance.now());
      });
      // Time the pipeline spends sending to storage, to tell network time from processing time.
      const sending = new Map<unknown, number>();
      let storageMs = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes('/storage/v1/object/photos/')) sending.set(request, performance.now());
      });
      page.on('requestfinished', (request) => {
        const start = sending.get(request);
        if (start !== undefined) storageMs += performance.now() - start;
      });
      await page.getByRole('button', { name: 'Add Photos' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add Photos' });
      const started = performance.now();
      await dialog.getByLabel('Choose photos').setInputFiles(files);
      await page.locator('[data-sonner-toast]').filter({ hasText: `${count} photo(s) uploaded successfully.` }).first().waitFor({ timeout: 600_000 });
      const totalMs = performance.now() - started;
      const perPhoto = recorded.map((time, index) => time - (index === 0 ? started : recorded[index - 1]!));
      const pipelineMedian = median(perPhoto);
      const rawMedian = median(raw);
      const rawTotal = raw.reduce((sum, ms) => sum + ms, 0);
      bench.record('upload_ms_per_photo', {
        value: round(pipelineMedian, 0),
        unit: 'ms',
        target: null,
        better: 'lower',
        note: `${count} photos in ${round(totalMs / 1000)} s through the pipeline, of which ${round(storageMs / 1000)} s sending original + renditions to storage; raw upload of the same originals ${round(rawTotal / 1000)} s, median ${round(rawMedian, 0)} ms/photo`,
      });
      bench.record('upload_vs_raw', { value: round(pipelineMedian / rawMedian, 2), unit: '×', target: 1.3, better: 'lower' });
      const sizes = new Map<string, number>();
      for (const search of encodes) {
        const size = new URLSearchParams(search).get('size') ?? '?';
        sizes.set(size, (sizes.get(size) ?? 0) + 1);
      }
      // browser-image-compression also encodes a 1 × 2 px canvas per call to detect whether the
      // browser applies EXIF orientation itself: a probe, not an encode of the photo.
      const isProbe = (size: string) => size.split('x').every((edge) => Number(edge) <= 2);
      const photoEncodes = [...sizes.entries()].filter(([size]) => !isProbe(size)).reduce((sum, [, n]) => sum + n, 0);
      bench.record('upload_encodes_per_photo', {
        value: round(photoEncodes / (count * 2), 2),
        unit: 'encodes/rendition',
        target: 1,
        better: 'lower',
        note: `${photoEncodes} encodes of photos for ${count * 2} renditions (plus ${encodes.length - photoEncodes} orientation probes of 1 × 2 px); by canvas size: ${[...sizes.entries()].map(([size, n]) => `${size}×${n}`).join(', ')}`,
      });
    } finally {
      await context.close();
    }
  },
};
