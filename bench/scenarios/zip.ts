/**
 * Download-all of a 1 GB album (200 × 5 MB originals) with a client link, in the same run:
 * - the app's 'Download All Photos' (originals fetched a few at a time, zipped as a stream,
 *   handed to the service worker, which serves it as a download straight to disk);
 * - the naive way: JSZip, every original added, generateAsync({ type: 'blob' }).
 * zip_peak_mb is the page's peak JS heap during the app's download; zip_vs_naive_mem its ratio to
 * the naive peak. "JS heap" is V8's used heap plus ArrayBuffer backing stores
 * (Runtime.getHeapUsage), because zips are made of ArrayBuffers that V8 keeps outside its
 * heap; sampled every 100 ms. Renderer RSS (Linux /proc) is reported alongside.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { addPhoto, createAlbum } from '../../src/lib/backend/albums';
import { uploadOriginal, uploadToPhotos } from '../../src/lib/backend/storage';
import { inParallel, type Bench, type Scenario } from '../support/context';
import { newBenchContext } from '../support/chromium';
import { round } from '../support/metrics';
import { seedClientLink } from '../support/seed';

/** Processes descended from this one (so another program's Chromium is never counted). */
function descendants(): Set<number> {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may contain spaces, so split after ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while being read.
    }
  }
  const mine = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (!mine.has(pid) && mine.has(parent)) {
        mine.add(pid);
        grew = true;
      }
    }
  }
  return mine;
}

/** Sum of resident memory of this run's Chromium renderer processes, in bytes (Linux /proc). */
function rendererRss(): number {
  let total = 0;
  for (const pid of descendants()) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.includes('--type=renderer')) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) total += Number(rss[1]) * 1024;
    } catch {
      // The process ended while being read.
    }
  }
  return total;
}

interface Peak {
  heap: number;
  v8Only: number;
  rss: number;
}

/** Samples the page's heap and the renderers' RSS while `work` runs. */
async function sampled(cdp: CDPSession, work: () => Promise<void>): Promise<Peak> {
  const peak: Peak = { heap: 0, v8Only: 0, rss: 0 };
  const sample = async () => {
    peak.rss = Math.max(peak.rss, rendererRss());
    const usage = (await cdp.send('Runtime.getHeapUsage')) as {
      usedSize: number;
      backingStorageSize?: number;
    };
    peak.v8Only = Math.max(peak.v8Only, usage.usedSize);
    peak.heap = Math.max(peak.heap, usage.usedSize + (usage.backingStorageSize ?? 0));
  };
  let running = true;
  const sampler = (async () => {
    while (running) {
      await sample().catch(() => undefined);
      await new Promise((done) => setTimeout(done, 100));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await sampler;
  }
  return peak;
}

async function open(
  bench: Bench,
  context: BrowserContext,
  token: string,
): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`${bench.stack.url}/client/${token}`);
  await page.getByRole('button', { name: 'Download All Photos' }).waitFor();
  return { page, cdp };
}

const mb = (bytes: number) => round(bytes / 1024 / 1024);

export const zip: Scenario = {
  name: 'zip',
  async run(bench) {
    const photos = bench.quick ? 40 : 200;
    const megabytes = 5;
    // Distinct 5 MB files: a real JPEG followed by random bytes (incompressible, like photos).
    const jpeg = readFileSync(new URL('../../tests/fixtures/landscape.jpg', import.meta.url));
    const albumId = randomUUID();
    await createAlbum(bench.admin, albumId, { name: 'One Gigabyte Wedding', description: null });
    const urls: Array<{ name: string; url: string }> = [];
    await inParallel(
      Array.from({ length: photos }, (_, index) => index),
      4,
      async (index) => {
        const bytes = Buffer.concat([jpeg, randomBytes(megabytes * 1024 * 1024 - jpeg.length)]);
        const id = randomUUID();
        const fileUrl = await uploadOriginal(
          bench.admin,
          `${albumId}/${id}.jpg`,
          new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
          'image/jpeg',
        );
        // The page shows (and so downloads) only photos with a public image: the fixture stands in for the thumbnail.
        const thumbUrl = await uploadToPhotos(
          bench.admin,
          `${albumId}/${id}.thumb.webp`,
          new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }),
          'image/jpeg',
        );
        await addPhoto(bench.admin, {
          id,
          albumId,
          filename: `${id}.jpg`,
          originalFilename: `photo-${index + 1}.jpg`,
          fileUrl,
          thumbUrl,
          previewUrl: null,
          fileSize: bytes.length,
          width: 1200,
          height: 800,
          mimeType: 'image/jpeg',
        });
        urls[index] = { name: `photo-${index + 1}.jpg`, url: fileUrl };
      },
    );
    const token = await seedClientLink(bench, albumId);
    bench.log(`Seeded ${photos} × ${megabytes} MB`);

    // The app's streaming download.
    const streaming = await newBenchContext(bench.browser, {
      acceptDownloads: true,
      viewport: { width: 1280, height: 800 },
    });
    let app: Peak;
    let appSeconds: number;
    let appSize: number;
    try {
      const { page, cdp } = await open(bench, streaming, token);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const started = performance.now();
      app = await sampled(cdp, async () => {
        const [download] = await Promise.all([
          page.waitForEvent('download', { timeout: 600_000 }),
          page.getByRole('button', { name: 'Download All Photos' }).click(),
        ]);
        const path = await download.path();
        appSize = statSync(path).size;
        await page
          .getByRole('button', { name: 'Download All Photos' })
          .waitFor({ timeout: 600_000 });
      });
      appSeconds = (performance.now() - started) / 1000;
    } finally {
      await streaming.close();
    }

    // The naive way, same album, same browser.
    const jszipSource = readFileSync(
      createRequire(import.meta.url).resolve('jszip/dist/jszip.min.js'),
      'utf8',
    );
    const naiveContext = await newBenchContext(bench.browser, {
      viewport: { width: 1280, height: 800 },
      serviceWorkers: 'block',
    });
    let naive: Peak;
    let naiveSeconds: number;
    let naiveSize = 0;
    try {
      const { page, cdp } = await open(bench, naiveContext, token);
      await page.evaluate(jszipSource);
      const started = performance.now();
      naive = await sampled(cdp, async () => {
        naiveSize = await page.evaluate(
          async ({ files, token }) => {
            const JSZip = (
              window as unknown as {
                JSZip: new () => {
                  file(name: string, data: Blob): void;
                  generateAsync(options: object): Promise<Blob>;
                };
              }
            ).JSZip;
            // Originals are private: the same download grant the app asks for.
            const { supabaseAnonKey: key } = (await (await fetch('/config.json')).json()) as {
              supabaseAnonKey: string;
            };
            const api = { apikey: key, authorization: `Bearer ${key}` };
            const grantAnswer = await fetch('/rest/v1/rpc/get_download_grant', {
              method: 'POST',
              headers: { ...api, 'content-type': 'application/json' },
              body: JSON.stringify({ p_access_token: token }),
            });
            const headers = { ...api, 'x-download-grant': (await grantAnswer.json()) as string };
            const archive = new JSZip();
            for (const file of files)
              archive.file(file.name, await (await fetch(file.url, { headers })).blob());
            const blob = await archive.generateAsync({ type: 'blob', compression: 'STORE' });
            return blob.size;
          },
          { files: urls, token },
        );
      });
      naiveSeconds = (performance.now() - started) / 1000;
    } finally {
      await naiveContext.close();
    }

    bench.record('zip_peak_mb', {
      value: mb(app.heap),
      unit: 'MB',
      target: 150,
      better: 'lower',
      note: `app: ${mb(appSize!)} MB zip in ${round(appSeconds)} s, V8 heap alone ${mb(app.v8Only)} MB, renderers' RSS peak ${mb(app.rss)} MB; naive JSZip: ${mb(naiveSize)} MB in ${round(naiveSeconds)} s, heap ${mb(naive.heap)} MB (V8 alone ${mb(naive.v8Only)} MB), RSS peak ${mb(naive.rss)} MB`,
    });
    bench.record('zip_vs_naive_mem', {
      value: round(app.heap / naive.heap, 3),
      unit: '×',
      target: 0.1,
      better: 'lower',
    });
  },
};
