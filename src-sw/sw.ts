/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { CACHE_NAMES, isRendition } from '../src/offline/visitors/cache-names';
import { isClaimMessage } from '../src/offline/visitors/worker-messages';
import { isAdminPath } from '../src/lib/routes/route-table';
import { keepAdminShell } from './admin-shell';
import { handOffBackgroundSync } from './outbox-sync';
import { serveSiteManifest } from './site-manifest';
import { serveStreamedDownloads } from './stream-downloads';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** `shell: 'admin'` marks the admin area's files (vite.config.ts, shellParts). */
const isAdminFile = (entry: PrecacheEntry) => (entry as { shell?: string }).shell === 'admin';

// First, so its downloads never meet the navigation fallback below.
serveStreamedDownloads();

// A first install takes the open pages at once (streamed downloads need a controlling worker).
clientsClaim();

// Before the precache: the manifest carries the photographer's site name.
serveSiteManifest();

// The app shell (docs/offline.md): what visitors need, on every device, versioned by the
// build; the admin area's files only on a device where it has started. Not the web app
// manifests: the server answers them with the photographer's site name
// (supabase/local/web-manifests.ts), and a precached copy would keep the build's generic name
// until the next release.
const builtFiles = self.__WB_MANIFEST.flatMap((entry) =>
  typeof entry === 'string' || entry.url.endsWith('.webmanifest') ? [] : [entry],
);
precacheAndRoute(builtFiles.filter((entry) => !isAdminFile(entry)));
cleanupOutdatedCaches();
const keptAdminFile = keepAdminShell(builtFiles.filter(isAdminFile).map((entry) => entry.url));

// Any other built file (named by its content, so never stale): the admin area's kept copy,
// else the network, kept for next time (a design's fonts on a visitor's phone, an admin
// screen opened before the admin area's files were all stored).
const builtAssets = new CacheFirst({
  cacheName: CACHE_NAMES.builtAssets,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true }),
  ],
});
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  async (options) => (await keptAdminFile(options.url.href)) ?? builtAssets.handle(options),
);

// Page routes (the API and files are never navigations). The admin area opens the shell,
// online or not: it works offline first. A public page is asked of the server first, which
// draws it with its data and head (docs/first-visits.md); the shell (drawn in the browser,
// from cached reads offline) when the server does not answer within a few seconds or answers
// anything but a page (offline, a 404 or an error, a static host without the app's rewrite).
const shell = createHandlerBoundToURL('/index.html');
const notPages = [/^\/rest\//, /^\/storage\//, /^\/config\.json$/, /^\/__downloads__\//];
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAdminPath(url.pathname),
  shell,
);
const drawnPages = new NetworkOnly({ networkTimeoutSeconds: 4 });
registerRoute(
  new NavigationRoute(
    async (options) => {
      const page = await drawnPages.handle(options).catch(() => null);
      return page?.status === 200 ? page : shell(options);
    },
    { denylist: notPages },
  ),
);

// The kept copy of an address is always found. Chromium hides it while a newer answer for the
// same address is being written into the cache, so:
// - a newer answer is stored only once it has arrived whole: written as it streamed in, a read
//   cut off by the connection going (a visitor walking into a lift) left the page, then
//   offline, with no copy until the write gave up;
// - a read of the cache first waits (a few seconds at most) for the other fetches of its
//   address under way to be stored or to fail: one still arriving as the connection went,
//   stored just as the offline page read its copy, made that read miss
//   (tests/e2e/offline-visitors.test.ts).
const fetchesUnderWay = new Map<string, Set<Promise<void>>>();
const FETCH_WAIT_MS = 3000;
interface KeptCopyState {
  fetching?: Promise<void>;
  done?: () => void;
}
const settle = (state: KeptCopyState | undefined) => Promise.resolve(state?.done?.());
const keptCopies: WorkboxPlugin = {
  requestWillFetch: ({ request, state }) => {
    const kept = state as KeptCopyState;
    const fetches = fetchesUnderWay.get(request.url) ?? new Set();
    kept.fetching = new Promise<void>((resolve) => {
      kept.done = () => {
        fetches.delete(kept.fetching!);
        if (fetches.size === 0 && fetchesUnderWay.get(request.url) === fetches)
          fetchesUnderWay.delete(request.url);
        resolve();
      };
    });
    fetches.add(kept.fetching);
    fetchesUnderWay.set(request.url, fetches);
    return Promise.resolve(request);
  },
  fetchDidFail: ({ state }) => settle(state),
  cacheWillUpdate: async ({ response }) =>
    new Response(await response.blob(), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    }),
  cacheDidUpdate: ({ state }) => settle(state),
  // Not stored (refused, or the body never arrived whole): over all the same.
  handlerDidComplete: ({ state }) => settle(state),
  cacheKeyWillBeUsed: async ({ request, mode, state }) => {
    if (mode !== 'read') return request;
    const own = (state as KeptCopyState).fetching;
    const others = [...(fetchesUnderWay.get(request.url) ?? [])].filter((fetch) => fetch !== own);
    if (others.length > 0)
      await Promise.race([
        Promise.all(others),
        new Promise((resolve) => setTimeout(resolve, FETCH_WAIT_MS)),
      ]);
    return request;
  },
};

// The runtime configuration: fresh when online, the last copy when offline.
registerRoute(
  ({ url }) => url.pathname === '/config.json',
  new NetworkFirst({
    cacheName: 'runtime-config',
    networkTimeoutSeconds: 3,
    plugins: [keptCopies],
  }),
);

// Anonymous REST reads (the public pages): fresh when the network answers within a few
// seconds, the last copy otherwise. Requests carrying an admin session are never cached, so
// admin data can never be served from here to someone else.
registerRoute(
  ({ url, request }) =>
    url.pathname.startsWith('/rest/v1/') && !request.headers.has('x-admin-token'),
  new NetworkFirst({
    cacheName: CACHE_NAMES.publicReads,
    networkTimeoutSeconds: 4,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      keptCopies,
      new ExpirationPlugin({
        maxEntries: 300,
        maxAgeSeconds: 60 * 60 * 24 * 30,
        purgeOnQuotaError: true,
      }),
    ],
  }),
  'GET',
);

// Thumbnails and previews never change (unique names): cache first, bounded, and dropped
// before anything else when the device runs out of space. Albums a client saved for offline
// are looked up first, in a cache of their own that browsing never evicts. Originals are
// never cached: private ones are read with a grant header or a short-lived signed URL, which
// no route here matches, so no changing address can pile copies of one photo on the device.
const renditions = new CacheFirst({
  cacheName: CACHE_NAMES.renditions,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({
      maxEntries: 3000,
      maxAgeSeconds: 60 * 60 * 24 * 60,
      purgeOnQuotaError: true,
    }),
  ],
});
registerRoute(
  ({ url, request }) => request.destination === 'image' && isRendition(url),
  async (options) => {
    const saved = await caches
      .open(CACHE_NAMES.savedAlbums)
      .then((cache) => cache.match(options.request.url));
    return saved ?? renditions.handle(options);
  },
);

// Queued admin changes: the connection is back, so the open admin pages send them now.
handOffBackgroundSync();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
  // A page left without a worker by a navigation during the first install (register-service-worker.ts).
  if (isClaimMessage(event.data)) event.waitUntil(self.clients.claim());
});
