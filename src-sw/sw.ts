/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { clientsClaim } from 'workbox-core';
import { serveStreamedDownloads } from './stream-downloads';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// First, so its downloads never meet the navigation fallback below.
serveStreamedDownloads();

// A first install takes the open pages at once (streamed downloads need a controlling worker).
clientsClaim();

// The app shell: every built asset, versioned by the build.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any page route opens the shell, online or not; the API and files are never navigations.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/rest\//, /^\/storage\//, /^\/config\.json$/, /^\/__downloads__\//],
  }),
);

// The runtime configuration: fresh when online, the last copy when offline.
registerRoute(
  ({ url }) => url.pathname === '/config.json',
  new NetworkFirst({ cacheName: 'runtime-config', networkTimeoutSeconds: 3 }),
);

// Thumbnails and previews never change (unique names): cache first, bounded, and dropped
// before anything else when the device runs out of space.
registerRoute(
  ({ url, request }) =>
    request.destination === 'image' &&
    url.pathname.includes('/storage/v1/object/public/photos/') &&
    /\.(thumb|preview)\.webp$/.test(url.pathname),
  new CacheFirst({
    cacheName: 'photo-renditions',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 3000, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
