/**
 * Upload of 40 photos (the run's 12–24 MP JPEGs, some EXIF-rotated) through the real admin
 * pipeline in the browser: 'Add Photos' → outbox → thumbnail, cover and preview made in Web
 * Workers ahead of sending → original (tus, resumable), then the renditions → admin_add_photo.
 * Then, in the same page, the same bytes go to storage with no processing (the request the
 * app's storage client makes for a file: multipart POST with upsert).
 *
 * - upload_ms_per_photo: median time between consecutive photos being recorded (admin_add_photo answered);
 * - upload_vs_raw: the whole batch's time, from picking the files to 'N photos uploaded
 *   successfully.', ÷ the time to send the same bytes plainly (each original and the three
 *   renditions the pipeline made of it, one request after another, nothing else);
 * - upload_vs_raw_uplink: the same ratio with the page's network held to a 50 Mbit/s uplink
 *   (Chromium's network emulation, both sides alike): on localhost a raw upload takes ~70 ms,
 *   less than decoding the photo, so only over a real uplink can the renditions' work hide
 *   behind the sending, which is what the ratio is about;
 * - upload_encodes_per_photo: image encodes per rendition, counted on one upload of each
 *   generated photo by wrapping OffscreenCanvas.convertToBlob inside the renditions worker
 *   (its script, the built rendition-worker asset, is served with a counter in front);
 * - upload_resume_overhead: a 40 MB original sent through the app over a 50 Mbit/s link that is
 *   cut when 40% of it has gone and restored 3 s later; the bytes sent for it beyond its size,
 *   counted at the link as they leave the browser, in tus chunks (6 MB).
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createAlbum } from '../../src/lib/backend/albums';
import { RENDITION_EDGES } from '../../src/lib/backend/photo-objects';
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
 * The raw side: the same bytes the pipeline sent, straight to storage with no processing, one
 * request after another (the request the app's storage client makes: multipart POST with
 * upsert): for each photo its original, then the thumbnail, cover and preview the pipeline made
 * of it (read back from bucket photos). Per-photo times (the four requests together).
 */
async function uploadRaw(
  page: Page,
  bench: Bench,
  files: string[],
  albumId: string,
  renditions: string[][],
): Promise<number[]> {
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
    async ({ url, anonKey, token, albumId, renditions }) => {
      const input = document.querySelector<HTMLInputElement>('#bench-raw-files')!;
      const send = async (bucket: string, name: string, file: Blob) => {
        const body = new FormData();
        body.append('cacheControl', '31536000');
        body.append('', file);
        const response = await fetch(`${url}/storage/v1/object/${bucket}/${albumId}/${name}`, {
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
        if (!response.ok)
          throw new Error(`raw upload: ${response.status} ${await response.text()}`);
      };
      const times: number[] = [];
      for (const [index, file] of Array.from(input.files ?? []).entries()) {
        // Read before the clock starts: the download is not what is measured.
        const [thumb, cover, preview] = await Promise.all(
          renditions[index]!.map(async (address) => (await fetch(address)).blob()),
        );
        const id = crypto.randomUUID();
        const started = performance.now();
        // An original's place (bucket photos takes only renditions in an album folder).
        await send('originals', `${id}.jpg`, file);
        await send('photos', `${id}.thumb.webp`, thumb!);
        await send('photos', `${id}.cover.webp`, cover!);
        await send('photos', `${id}.preview.webp`, preview!);
        times.push(performance.now() - started);
      }
      input.remove();
      return times;
    },
    { url: bench.stack.url, anonKey: bench.stack.anonKey, token, albumId, renditions },
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
    if (response.url().includes('/rest/v1/rpc/admin_add_photo') && response.ok())
      recorded.push(performance.now());
  };
  const sending = new Map<unknown, number>();
  let storageMs = 0;
  let firstSentAt: number | undefined;
  // The uplink's idle time: from the first byte sent to the end, time with nothing to storage in flight.
  let inFlight = 0;
  let idleSince: number | undefined;
  let idleMs = 0;
  const onRequest = (request: Request) => {
    const url = request.url();
    if (
      firstSentAt === undefined &&
      request.method() === 'POST' &&
      url.includes('/storage/v1/upload/resumable')
    )
      firstSentAt = performance.now();
    // Renditions (POST to bucket photos) and the original's resumable chunks (tus PATCH).
    const toStorage =
      (request.method() === 'POST' && url.includes('/storage/v1/object/photos/')) ||
      (request.method() === 'PATCH' && url.includes('/storage/v1/upload/resumable/'));
    if (!toStorage) return;
    sending.set(request, performance.now());
    if (inFlight++ === 0 && idleSince !== undefined) idleMs += performance.now() - idleSince;
  };
  const onFinished = (request: Request) => {
    const start = sending.get(request);
    if (start === undefined) return;
    sending.delete(request);
    storageMs += performance.now() - start;
    if (--inFlight === 0) idleSince = performance.now();
  };
  page.on('response', onResponse);
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);
  page.on('requestfailed', onFinished);
  try {
    await page.getByRole('button', { name: 'Add Photos' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Photos' });
    const started = performance.now();
    await dialog.getByLabel('Choose photos').setInputFiles(files);
    await page
      .locator('[data-sonner-toast]')
      .filter({
        hasText: `${files.length} ${files.length === 1 ? 'photo' : 'photos'} uploaded successfully.`,
      })
      .first()
      .waitFor({ timeout: 600_000 });
    const totalMs = performance.now() - started;
    const perPhoto = recorded.map(
      (time, index) => time - (index === 0 ? started : recorded[index - 1]!),
    );
    // Before the first original goes out, the picked files are checked and kept on the device.
    return {
      median: median(perPhoto),
      totalMs,
      storageMs,
      // The time after the last object was sent (the last photo recorded) is not the uplink's.
      idleMs,
      firstSendMs: (firstSentAt ?? started) - started,
    };
  } finally {
    page.off('response', onResponse);
    page.off('request', onRequest);
    page.off('requestfinished', onFinished);
    page.off('requestfailed', onFinished);
    await page.keyboard.press('Escape');
  }
}

/**
 * Both sides into fresh albums of the open page: the pipeline first, then the same bytes sent
 * plainly (its originals and the renditions it made). Per-photo medians and whole-batch times.
 */
async function measureUpload(page: Page, bench: Bench, files: string[], name: string) {
  const albumId = await openNewAlbum(page, bench, name);
  const pipeline = await uploadThroughApp(page, files);
  const made = await bench.sql<{ thumb_url: string; cover_url: string; preview_url: string }>(
    'select thumb_url, cover_url, preview_url from public.photos where album_id = $1 order by sort_order, created_at',
    [albumId],
  );
  if (made.length !== files.length)
    throw new Error(`the pipeline recorded ${made.length} of ${files.length} photos`);
  const renditions = made.map((photo) =>
    [photo.thumb_url, photo.cover_url, photo.preview_url].map(
      (address) => new URL(address, bench.stack.url).href,
    ),
  );
  const raw = await uploadRaw(
    page,
    bench,
    files,
    await openNewAlbum(page, bench, `${name} (raw)`),
    renditions,
  );
  return {
    pipelineMedian: pipeline.median,
    totalMs: pipeline.totalMs,
    storageMs: pipeline.storageMs,
    idleMs: pipeline.idleMs,
    firstSendMs: pipeline.firstSendMs,
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
  // No service worker: the worker's script must come from the network to be wrapped.
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
  await context.route('**/assets/rendition-worker-*.js', async (route) => {
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
    // Thumbnail, cover and preview: one encode each.
    const renditions = counted.length * Object.keys(RENDITION_EDGES).length;
    bench.record('upload_encodes_per_photo', {
      value: round(encodes.length / renditions, 2),
      unit: 'encodes/rendition',
      target: 1,
      better: 'lower',
      note: `${encodes.length} encodes for ${renditions} renditions; by canvas size: ${[...sizes.entries()].map(([size, n]) => `${size}×${n}`).join(', ')}`,
    });

    const context = await newBenchContext(bench.browser, {
      viewport: { width: 1280, height: 800 },
      baseURL: bench.stack.url,
    });
    try {
      const page = await context.newPage();
      await signInThroughForm(page, bench.adminPassword);
      const local = await measureUpload(page, bench, files, 'Upload Benchmark');
      bench.record('upload_ms_per_photo', {
        value: round(local.pipelineMedian, 0),
        unit: 'ms',
        target: null,
        better: 'lower',
        note: `${count} photos in ${round(local.totalMs / 1000)} s through the pipeline, of which ${round(local.storageMs / 1000)} s sending original + renditions to storage; the same bytes sent plainly ${round(local.rawTotal / 1000)} s, median ${round(local.rawMedian, 0)} ms/photo`,
      });
      bench.record('upload_vs_raw', {
        value: round(local.totalMs / local.rawTotal, 2),
        unit: '×',
        target: 1.3,
        better: 'lower',
      });

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
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      bench.record('upload_vs_raw_uplink', {
        value: round(uplink.totalMs / uplink.rawTotal, 2),
        unit: '×',
        target: 1.15,
        better: 'lower',
        note: `${UPLINK_BITS_PER_S / 1e6} Mbit/s up: ${count} photos through the app in ${round(uplink.totalMs / 1000)} s (the first original on the wire after ${round(uplink.firstSendMs / 1000, 1)} s, nothing on the wire for ${round(uplink.idleMs / 1000, 1)} s between the first and the last object; median ${round(uplink.pipelineMedian, 0)} ms between photos recorded), the same bytes sent plainly in ${round(uplink.rawTotal / 1000)} s (median ${round(uplink.rawMedian, 0)} ms a photo); median to median ${round(uplink.pipelineMedian / uplink.rawMedian, 2)}×`,
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
  const link = await startNetworkLink(bench.stack.url, {
    uploadBytesPerSecond: UPLINK_BITS_PER_S / 8,
  });
  const context = await newBenchContext(bench.browser, {
    viewport: { width: 1280, height: 800 },
    baseURL: link.url,
  });
  try {
    const page = await context.newPage();
    await signInThroughForm(page, bench.adminPassword);
    await openNewAlbum(page, bench, 'Upload Benchmark (resume)');
    await page.getByRole('button', { name: 'Add Photos' }).first().click();
    await page
      .getByRole('dialog', { name: 'Add Photos' })
      .getByLabel('Choose photos')
      .setInputFiles([path]);
    const started = performance.now();
    while (link.sentFor(size) < size * 0.4) {
      if (performance.now() - started > 120_000)
        throw new Error('the original did not start sending');
      await page.waitForTimeout(50);
    }
    link.cut();
    const atCut = link.sentFor(size);
    await page.waitForTimeout(3_000);
    link.restore();
    // The cut settled the dialog's wait as 'saved on this device'; the outbox then sends it.
    await page
      .getByTestId('sync-status')
      .getByText('All changes saved')
      .waitFor({ timeout: 300_000 });
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
