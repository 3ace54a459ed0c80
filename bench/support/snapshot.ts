/**
 * A static snapshot of pages the app has drawn, the limit issue 23 measures the live pages
 * against. Each page is opened in Chromium with the screen and user agent of Lighthouse's mobile
 * preset (so a virtualised grid holds the same rows and srcset picks the same files) and, once
 * its first screen is drawn (images and fonts in), its DOM is taken
 * (`document.documentElement.outerHTML`) without anything that runs: every <script> (inline ones
 * too), modulepreload and script preload, and fetch preloads (/config.json, data only scripts
 * read). Addresses of the stack's own server lose their origin, so the build's CSS, fonts and
 * icons come from the snapshot's server, which has a copy of the build; every image the page
 * names from storage is fetched from the stack (the same bytes) into /assets/snapshot/<bucket>/
 * <object>, where the gateway gives it a year's cache as storage does the renditions
 * (max-age=31536000). The pages are /snapshot/<name>.html: a file path, so the gateway serves
 * them as files, never as a route of the app it would render.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { screenEmulationMetrics, userAgents } from 'lighthouse/core/config/constants.js';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { newBenchContext } from './chromium';

export interface SnapshotPage {
  /** Path of the page on the snapshot server: /snapshot/<name>.html. */
  path: string;
  /** What was taken out of the drawn page (tag and address), for the report. */
  removed: string[];
  images: number;
  htmlBytes: number;
  /** The first screen of the drawn page (PNG), to compare the snapshot's with. */
  screenshot: Buffer;
}

const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/webp': '.webp',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/avif': '.avif',
  'image/gif': '.gif',
};

/**
 * The build writes a .br and a .gz copy beside every text file (supabase/local/build.ts,
 * precompress, not exported) and the gateway serves those to browsers that accept them; the
 * snapshot's HTML gets the same copies, made with the same settings.
 */
function writeWithCompressedCopies(file: string, content: Buffer): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  if (content.length < 1024) return;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}

/** The page's DOM with nothing that runs, its storage addresses replaced by placeholders. */
function drawnPageWithoutScripts(): { html: string; urls: string[]; removed: string[] } {
  const root = document.documentElement.cloneNode(true) as HTMLElement;
  const removed: string[] = [];
  const scriptLike =
    'script, link[rel~="modulepreload"], link[rel~="preload"][as="script"], link[rel~="preload"][as="fetch"]';
  for (const element of Array.from(root.querySelectorAll(scriptLike))) {
    const address = element.getAttribute('src') ?? element.getAttribute('href');
    removed.push(
      `${element.tagName.toLowerCase()}${element.getAttribute('rel') ? ` ${element.getAttribute('rel')}` : ''} ${address ?? '(inline)'}`,
    );
    element.remove();
  }
  const urls: string[] = [];
  /**
   * An address of the page's own server: a storage object becomes a placeholder the bench
   * replaces with its local file; anything else (the build's files, which the snapshot server
   * has too) loses its origin, so the snapshot's server answers it.
   */
  const local = (value: string): string => {
    let url: URL;
    try {
      url = new URL(value.trim(), location.href);
    } catch {
      return value;
    }
    if (url.origin !== location.origin || !url.protocol.startsWith('http')) return value;
    if (!url.pathname.startsWith('/storage/v1/')) return url.pathname + url.search + url.hash;
    let index = urls.indexOf(url.href);
    if (index < 0) index = urls.push(url.href) - 1;
    return `__SNAPSHOT_IMAGE_${index}__`;
  };
  const srcset = (value: string) =>
    value
      .split(',')
      .map((candidate) => candidate.trim().replace(/^\S+/, (address) => local(address)))
      .join(', ');
  const cssUrls = (value: string) =>
    value.replace(
      /url\(\s*(['"]?)([^'")]+)\1\s*\)/g,
      (_match, quote: string, address: string) => `url(${quote}${local(address)}${quote})`,
    );
  for (const element of Array.from(root.querySelectorAll('*'))) {
    for (const name of ['src', 'poster']) {
      const value = element.getAttribute(name);
      if (value) element.setAttribute(name, local(value));
    }
    for (const name of ['srcset', 'imagesrcset']) {
      const value = element.getAttribute(name);
      if (value) element.setAttribute(name, srcset(value));
    }
    const style = element.getAttribute('style');
    if (style) element.setAttribute('style', cssUrls(style));
    if (element.tagName === 'LINK') {
      const href = element.getAttribute('href');
      if (href) element.setAttribute('href', local(href));
    }
    if (element.tagName === 'STYLE' && element.textContent)
      element.textContent = cssUrls(element.textContent);
  }
  return { html: `<!doctype html>\n${root.outerHTML}`, urls, removed };
}

/** Whether every image in the first screen has arrived and the web fonts are in. */
function firstScreenDrawn(): boolean {
  if (document.querySelector('.boot-loader') || document.fonts.status !== 'loaded') return false;
  return Array.from(document.images)
    .filter((image) => {
      const box = image.getBoundingClientRect();
      return (
        box.width > 0 &&
        box.height > 0 &&
        box.bottom > 0 &&
        box.top < innerHeight &&
        box.right > 0 &&
        box.left < innerWidth
      );
    })
    .every((image) => image.complete && image.naturalWidth > 0);
}

/** The screen and user agent of Lighthouse's mobile preset, for Playwright. */
function mobilePreset(): BrowserContextOptions {
  // constants.d.ts types these with a global namespace of Lighthouse's that the bench does not load.
  const screen = (
    screenEmulationMetrics as unknown as {
      mobile: { width: number; height: number; deviceScaleFactor: number; mobile: boolean };
    }
  ).mobile;
  return {
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.deviceScaleFactor,
    isMobile: screen.mobile,
    hasTouch: true,
    userAgent: userAgents.mobile,
  };
}

/** Opens a page and waits until its first screen is drawn (images and fonts in, fade-ins over). */
async function openDrawn(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForFunction(firstScreenDrawn, undefined, { timeout: 30_000, polling: 100 });
  // Fade-ins and the classes set when an image has loaded settle before the page is taken.
  await page.waitForTimeout(1000);
  return page;
}

/** Fetches a storage object the page names into the snapshot folder; returns its address there. */
async function saveImage(folder: string, address: string): Promise<string> {
  const response = await fetch(address, {
    headers: { accept: 'image/avif,image/webp,image/*,*/*;q=0.8' },
  });
  if (!response.ok) throw new Error(`Snapshot: ${address} answered ${response.status}`);
  const parsed = new URL(address);
  let objectPath = decodeURIComponent(
    parsed.pathname.replace(/^\/storage\/v1\/(object\/public\/)?/, ''),
  );
  if (parsed.search)
    objectPath += `-${createHash('sha256').update(parsed.search).digest('hex').slice(0, 12)}`;
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (!extname(objectPath) && IMAGE_EXTENSIONS[type]) objectPath += IMAGE_EXTENSIONS[type];
  const root = join(folder, 'assets', 'snapshot');
  const file = normalize(join(root, objectPath));
  if (!file.startsWith(root + sep))
    throw new Error(`Snapshot: unexpected image address ${address}`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return `/assets/snapshot/${objectPath.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * Draws each page in Chromium as Lighthouse's mobile preset sees it and writes the snapshot
 * folder: a copy of `distDir` plus /snapshot/<name>.html and /assets/snapshot/<image> files.
 */
export async function buildSnapshot(
  browser: Browser,
  distDir: string,
  folder: string,
  pages: Record<string, string>,
): Promise<Record<string, SnapshotPage>> {
  cpSync(distDir, folder, { recursive: true });
  const context = await newBenchContext(browser, mobilePreset());
  const images = new Map<string, string>();
  const result: Record<string, SnapshotPage> = {};
  try {
    for (const [name, url] of Object.entries(pages)) {
      const page = await openDrawn(context, url);
      const screenshot = await page.screenshot();
      const drawn = await page.evaluate(drawnPageWithoutScripts);
      await page.close();
      const localPaths: string[] = [];
      for (const address of drawn.urls) {
        if (!images.has(address)) images.set(address, await saveImage(folder, address));
        localPaths.push(images.get(address)!);
      }
      const html = drawn.html.replace(
        /__SNAPSHOT_IMAGE_(\d+)__/g,
        (_match, index: string) => localPaths[Number(index)]!,
      );
      const path = `/snapshot/${name}.html`;
      writeWithCompressedCopies(join(folder, path), Buffer.from(html));
      result[name] = {
        path,
        removed: drawn.removed,
        images: drawn.urls.length,
        htmlBytes: Buffer.byteLength(html),
        screenshot,
      };
    }
  } finally {
    await context.close();
  }
  return result;
}

/** The share of pixels (0–1) that differ between two PNGs (1 when their sizes differ). */
async function pixelDifference({
  first,
  second,
}: {
  first: string;
  second: string;
}): Promise<number> {
  const pixels = async (base64: string) => {
    const bitmap = await createImageBitmap(
      new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/png' }),
    );
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    return context.getImageData(0, 0, bitmap.width, bitmap.height);
  };
  const [a, b] = await Promise.all([pixels(first), pixels(second)]);
  if (a.width !== b.width || a.height !== b.height) return 1;
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const delta = Math.max(
      Math.abs(a.data[i]! - b.data[i]!),
      Math.abs(a.data[i + 1]! - b.data[i + 1]!),
      Math.abs(a.data[i + 2]! - b.data[i + 2]!),
    );
    if (delta > 24) differing++;
  }
  return differing / (a.width * a.height);
}

/**
 * Opens each snapshot page from its server as Lighthouse's mobile preset would and compares its
 * first screen with the drawn page's: the share of pixels that differ, per page. A snapshot
 * that lost its styles, fonts or images shows here, before it shows as a good LCP.
 */
export async function compareWithDrawn(
  browser: Browser,
  serverUrl: string,
  pages: Record<string, SnapshotPage>,
  /** Where to keep both first screens (<name>-drawn.png, <name>-snapshot.png), if anywhere. */
  keepIn?: string,
): Promise<Record<string, number>> {
  const context = await newBenchContext(browser, mobilePreset());
  const differences: Record<string, number> = {};
  try {
    for (const [name, snapshot] of Object.entries(pages)) {
      const page = await openDrawn(context, `${serverUrl}${snapshot.path}`);
      const screenshot = await page.screenshot();
      if (keepIn) {
        writeFileSync(join(keepIn, `${name}-drawn.png`), snapshot.screenshot);
        writeFileSync(join(keepIn, `${name}-snapshot.png`), screenshot);
      }
      differences[name] = await page.evaluate(pixelDifference, {
        first: snapshot.screenshot.toString('base64'),
        second: screenshot.toString('base64'),
      });
      await page.close();
    }
  } finally {
    await context.close();
  }
  return differences;
}
