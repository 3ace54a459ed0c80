/**
 * Upload of 40 photos (the run's 12–24 MP JPEGs, some EXIF-rotated) through the real admin
 * pipeline in the browser: 'Add Photos' → outbox → thumbnail + preview made in Web Workers
 * ahead of sending → original (tus, resumable), then thumbnail and preview → admin_add_photo. In the same run and page,
 * the same 40 originals are uploaded to storage with no processing (the request the app's
 * storage client makes for a file: multipart POST with upsert, to bucket originals).
 *
 * - upload_ms_per_photo: median time between consecutive photos being recorded (admin_add_photo answered);
 * - upload_vs_raw: that median ÷ the raw upload's median per photo;
 * - upload_vs_raw_uplink: the same ratio with the page's network held to a 50 Mbit/s uplink
 *   (Chromium's network emulation, both sides alike): on localhost a raw upload takes ~70 ms,
 *   less than decoding the photo, so only over a real uplink can the renditions' work hide
 *   behind the sending, which is what the ratio is about;
 * - upload_encodes_per_photo: image encodes per rendition, counted on one upload of each
 *   generated photo by wrapping OffscreenCanvas.convertToBlob inside the compression worker
 *   (its script, the bundled browser-image-compression asset, is served with a counter in front);
 * - upload_resume_overhead: a 40 MB original sent through the app over a 50 Mbit/s link that is
 *   cut when 40% of it has gone and restored 3 s later; the bytes sent for it beyond its size,
 *   counted at the link as they leave the browser, in tus chunks (6 MB).
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createAlbum } from '../../src/lib/backend/albums';
import { RESUMABLE_CHUNK_BYTES } from '../../src/lib/backend/resumable-upload';
import { largeJpeg } from '../../tests/support/large-jpeg';
import { startNetworkLink } from '../../tests/support/network-link';
import { signInThroughForm } from '../../tests/support/sign-in';
import type { Page, Request, Response } from 'playwright-core';
import type { Bench, Scenario } from '../support/context';
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

/** The uplink of the second measurement: a good cable or fibre connection's upload speed. */
const UPLINK_BITS_PER_S = 50e6;

/** Opens a new, empty album's admin page. */
async function openNewAlbum(page: Page, bench: Bench, name: string): Promise<string> {
  const albumId = randomUUID();
  await createAlbum(bench.admin, albumId, { name, description: null });
  await page.goto(`/admin/albums/${albumId}`);
  await page.getByText('No photos yet').waitFor();
  return albumId;
}

/**
 * The raw side: the files straight to storage with no processing, one after another (the
 * request the app's storage client makes: multipart POST with upsert); per-photo times.
 */
async function uploadRaw(page: Page, bench: Bench, files: string[], albumId: string): Promise<number[]> {
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
  return page.evaluate(
    async ({ url, anonKey, token, albumId }) => {
      const input = document.querySelector<HTMLInputElement>('#bench-raw-files')!;
      const times: number[] = [];
      for (const file of Array.from(input.files ?? [])) {
        const body = new FormData();
        body.append('cacheControl', '31536000');
        body.append('', file);
        const started = performance.now();
        // An original's place (bucket photos takes only renditions in an album folder).
        const response = await fetch(`${url}/storage/v1/object/originals/${albumId}/${crypto.randomUUID()}.jpg`, {
          method: 'POST',
          headers: {
            apikey: anonKey,
            authorization: `Bearer ${anonKey}`,
            'x-upsert': 'true',
            'x-admin-username': 'admin',
            'x-admin-token': token,
          },
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
}

/**
 * The real pipeline: the files through 'Add Photos' on the open album page, until the
 * success message; the time between consecutive photos being recorded (admin_add_photo
 * answered), and the time spent sending to storage (to tell network from processing).
 */
async function uploadThroughApp(page: Page, files: string[]) {
  const recorded: number[] = [];
  const onResponse = (response: Response) => {
    if (response.url().includes('/rest/v1/rpc/admin_add_photo') && response.ok()) recorded.push(performance.now());
  };
  const sending = new Map<unknown, number>();
  let storageMs = 0;
  const onRequest = (request: Request) => {
    const url = request.url();
    // Renditions (POST to bucket photos) and the original's resumable chunks (tus PATCH).
    const toStorage =
      (request.method() === 'POST' && url.includes('/storage/v1/object/photos/')) ||
      (request.method() === 'PATCH' && url.includes('/storage/v1/upload/resumable/'));
    if (toStorage) sending.set(request, performance.now());
  };
  const onFinished = (request: Request) => {
    const start = sending.get(request);
    if (start !== undefined) storageMs += performance.now() - start;
  };
  page.on('response', onResponse);
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);
  try {
    await page.getByRole('button', { name: 'Add Photos' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Photos' });
    const started = performance.now();
    await dialog.getByLabel('Choose photos').setInputFiles(files);
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: `${files.length} ${files.length === 1 ? 'photo' : 'photos'} uploaded successfully.` })
      .first()
      .waitFor({ timeout: 600_000 });
    const totalMs = performance.now() - started;
    const perPhoto = recorded.map((time, index) => time - (index === 0 ? started : recorded[index - 1]!));
    return { median: median(perPhoto), totalMs, storageMs };
  } finally {
    page.off('response', onResponse);
    page.off('request', onRequest);
    page.off('requestfinished', onFinished);
    await page.keyboard.press('Escape');
  }
}

/** Both sides into fresh albums of the open page; per-photo medians and totals. */
async function measureUpload(page: Page, bench: Bench, files: string[], name: string) {
  const raw = await uploadRaw(page, bench, files, await openNewAlbum(page, bench, `${name} (raw)`));
  await openNewAlbum(page, bench, name);
  const pipeline = await uploadThroughApp(page, files);
  return {
    pipelineMedian: pipeline.median,
    totalMs: pipeline.totalMs,
    storageMs: pipeline.storageMs,
    rawMedian: median(raw),
    rawTotal: raw.reduce((sum, ms) => sum + ms, 0),
  };
}

/**
 * Encodes per rendition, in a context of its own: the counter needs Playwright to intercept
 * the context's requests, which costs the bench process CPU on every request (about a third
 * of a core during an upload here), so the timings are taken in a context without it.
 */
async function countEncodes(bench: Bench, files: string[]) {
  // No service worker: the compression script must come from the network to be wrapped.
  const context = await newBenchContext(bench.browser, {
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
    baseURL: bench.stack.url,
  });
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
    await signInThroughForm(page, bench.adminPassword);
    await openNewAlbum(page, bench, 'Upload Benchmark (encodes)');
    await uploadThroughApp(page, files);
    // The worker reports each encode without waiting: the last reports may still be on their
    // way when the success message shows. Counted once no report has come for a second.
    for (let seen = -1, waited = 0; seen !== encodes.length && waited < 10; waited += 1) {
      seen = encodes.length;
      await page.waitForTimeout(1000);
    }
    return encodes;
  } finally {
    await context.close();
  }
}

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

    // One of each generated photo (every size, every EXIF orientation) is enough to count.
    const counted = files.slice(0, bench.photos.length);
    const encodes = await countEncodes(bench, counted);
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
      value: round(photoEncodes / (counted.length * 2), 2),
      unit: 'encodes/rendition',
      target: 1,
      better: 'lower',
      note: `${photoEncodes} encodes of photos for ${counted.length * 2} renditions (plus ${encodes.length - photoEncodes} orientation probes of 1 × 2 px); by canvas size: ${[...sizes.entries()].map(([size, n]) => `${size}×${n}`).join(', ')}`,
    });

    const context = await newBenchContext(bench.browser, { viewport: { width: 1280, height: 800 }, baseURL: bench.stack.url });
    try {
      const page = await context.newPage();
      await signInThroughForm(page, bench.adminPassword);
      const local = await measureUpload(page, bench, files, 'Upload Benchmark');
      bench.record('upload_ms_per_photo', {
        value: round(local.pipelineMedian, 0),
        unit: 'ms',
        target: null,
        better: 'lower',
        note: `${count} photos in ${round(local.totalMs / 1000)} s through the pipeline, of which ${round(local.storageMs / 1000)} s sending original + renditions to storage; raw upload of the same originals ${round(local.rawTotal / 1000)} s, median ${round(local.rawMedian, 0)} ms/photo`,
      });
      bench.record('upload_vs_raw', { value: round(local.pipelineMedian / local.rawMedian, 2), unit: '×', target: 1.3, better: 'lower' });

      // The same, over a photographer's uplink: the pipeline and the raw upload both throttled.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 10,
        downloadThroughput: -1,
        uploadThroughput: UPLINK_BITS_PER_S / 8,
      });
      const uplink = await measureUpload(page, bench, files, 'Upload Benchmark (50 Mbit/s)');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      bench.record('upload_vs_raw_uplink', {
        value: round(uplink.pipelineMedian / uplink.rawMedian, 2),
        unit: '×',
        target: 1.15,
        better: 'lower',
        note: `${UPLINK_BITS_PER_S / 1e6} Mbit/s up: pipeline median ${round(uplink.pipelineMedian, 0)} ms/photo (${count} in ${round(uplink.totalMs / 1000)} s), raw ${round(uplink.rawMedian, 0)} ms/photo (${round(uplink.rawTotal / 1000)} s)`,
      });
    } finally {
      await context.close();
    }
    await measureResume(bench);
  },
};

/** The 40 MB original of upload_resume_overhead, cut once at 40% (see the top of this file). */
async function measureResume(bench: Bench): Promise<void> {
  const size = 40 * 1024 * 1024;
  const path = join(bench.work, 'upload', 'IMG_RESUME.jpg');
  largeJpeg(path, size);
  const link = await startNetworkLink(bench.stack.url, { uploadBytesPerSecond: UPLINK_BITS_PER_S / 8 });
  const context = await newBenchContext(bench.browser, { viewport: { width: 1280, height: 800 }, baseURL: link.url });
  try {
    const page = await context.newPage();
    await signInThroughForm(page, bench.adminPassword);
    await openNewAlbum(page, bench, 'Upload Benchmark (resume)');
    await page.getByRole('button', { name: 'Add Photos' }).first().click();
    await page.getByRole('dialog', { name: 'Add Photos' }).getByLabel('Choose photos').setInputFiles([path]);
    const started = performance.now();
    while (link.sentFor(size) < size * 0.4) {
      if (performance.now() - started > 120_000) throw new Error('the original did not start sending');
      await page.waitForTimeout(50);
    }
    link.cut();
    const atCut = link.sentFor(size);
    await page.waitForTimeout(3_000);
    link.restore();
    // The cut settled the dialog's wait as 'saved on this device'; the outbox then sends it.
    await page.getByTestId('sync-status').getByText('All changes saved').waitFor({ timeout: 300_000 });
    const resent = link.sentFor(size) - size;
    bench.record('upload_resume_overhead', {
      value: round(resent / RESUMABLE_CHUNK_BYTES, 3),
      unit: 'chunks',
      target: 1,
      better: 'lower',
      note: `40 MB original over ${UPLINK_BITS_PER_S / 1e6} Mbit/s, cut at ${round(atCut / 1024 / 1024)} MB sent and restored after 3 s: ${round(link.sentFor(size) / 1024 / 1024, 2)} MB sent in all, ${round(resent / 1024, 0)} KB again (a chunk is ${RESUMABLE_CHUNK_BYTES / 1024 / 1024} MB)`,
    });
  } finally {
    await context.close();
    await link.stop();
  }
}
