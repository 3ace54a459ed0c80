/**
 * Download-all of a 1 GB album (200 × 5 MB originals) in real headless Chromium against the
 * production build on the local stack: the page's peak JS heap and the peak memory of the
 * browser's renderer processes while the zip streams to disk through the service worker.
 * Run: npx tsx bench/zip-memory.ts [photos=200] [megabytes=5]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import WebSocket from 'ws';
import { adminLogin } from '../src/lib/backend/admin-auth';
import { addPhoto, createAlbum } from '../src/lib/backend/albums';
import { createBackend, type AdminCredentials } from '../src/lib/backend/client';
import { uploadToPhotos } from '../src/lib/backend/storage';
import { ensureBuild } from '../supabase/local/build';
import { startTestStack } from '../tests/support/start-test-stack';

const PHOTOS = Number(process.argv[2] ?? 200);
const MEGABYTES = Number(process.argv[3] ?? 5);

/** Sum of resident memory of Chromium's renderer processes, in bytes (Linux /proc). */
function rendererRss(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.includes('chromium') || !cmdline.includes('--type=renderer')) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) total += Number(rss[1]) * 1024;
    } catch {
      // The process ended while being read.
    }
  }
  return total;
}

const work = mkdtempSync(join(tmpdir(), 'photo-site-zip-bench-'));
const distDir = ensureBuild(() => undefined, join(work, 'dist'));
const { context: stack, stop } = await startTestStack({ distDir });
const { adminPassword } = stack;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  let credentials: AdminCredentials | null = null;
  const backend = createBackend({ supabaseUrl: stack.url, supabaseAnonKey: stack.anonKey }, { credentials: () => credentials, realtimeTransport: WebSocket });
  credentials = { username: 'admin', token: (await adminLogin(backend, 'admin', adminPassword))! };

  // 200 distinct 5 MB JPEGs: a real JPEG followed by random bytes (incompressible, like photos).
  const jpeg = readFileSync(join(import.meta.dirname, '..', 'tests', 'fixtures', 'landscape.jpg'));
  const albumId = randomUUID();
  await createAlbum(backend, albumId, { name: 'One Gigabyte Wedding', description: null });
  const started = performance.now();
  for (let index = 0; index < PHOTOS; index += 1) {
    const bytes = Buffer.concat([jpeg, randomBytes(MEGABYTES * 1024 * 1024 - jpeg.length)]);
    const id = randomUUID();
    const fileUrl = await uploadToPhotos(backend, `${albumId}/${id}.jpg`, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'image/jpeg');
    await addPhoto(backend, {
      id, albumId, filename: `${id}.jpg`, originalFilename: `photo-${index + 1}.jpg`, fileUrl,
      thumbUrl: null, previewUrl: null, fileSize: bytes.length, width: 1200, height: 800, mimeType: 'image/jpeg',
    });
  }
  console.log(`Seeded ${PHOTOS} × ${MEGABYTES} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const { data: link, error } = await backend.adminClient
    .from('gallery_links')
    .insert({ album_id: albumId, access_token: randomBytes(32).toString('base64url'), allow_downloads: true })
    .select('access_token')
    .single();
  if (error) throw new Error(error.message);

  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`${stack.url}/client/${link.access_token}`);
  await page.getByRole('button', { name: 'Download All Photos' }).waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  let peakHeap = 0;
  let peakRss = 0;
  const baselineRss = rendererRss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rendererRss());
    cdp
      .send('Performance.getMetrics')
      .then(({ metrics }) => {
        peakHeap = Math.max(peakHeap, metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0);
      })
      .catch(() => undefined);
  }, 100);
  const zipStarted = performance.now();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download All Photos' }).click()]);
  const path = await download.path();
  const seconds = (performance.now() - zipStarted) / 1000;
  await page.getByRole('button', { name: 'Download All Photos' }).waitFor();
  clearInterval(sampler);
  const size = statSync(path).size;
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  console.log(`Zip: ${mb(size)} MB in ${seconds.toFixed(1)} s (${mb(size / seconds)} MB/s)`);
  console.log(`Peak JS heap of the page: ${mb(peakHeap)} MB`);
  console.log(`Renderer processes: ${mb(baselineRss)} MB before, peak ${mb(peakRss)} MB during`);
  await context.close();
} finally {
  await browser.close();
  await stop();
  rmSync(work, { recursive: true, force: true });
}
