import { createAdminAreaLoader } from '@/app/admin-area';
import { isDesignPreview, receiveDesignPreview } from '@/app/design-preview';
import { prefetchRouteData } from '@/app/prefetch-route-data';
import { preloadPublicScreen } from '@/app/public-screens';
import { createQueryClient } from '@/app/query-client';
import { createSessionStore } from '@/lib/auth/session-store';
import { installHistoryGuard } from '@/lib/history-guard';
import { loadRuntimeConfig } from '@/lib/backend/config';
import { createPublicBackend } from '@/lib/backend/public-client';
import { readServerPage, receiveServerPage } from '@/app/server-page';

/*
 * The start, in two steps. This first one is small and needs no React: it reads the site's
 * configuration and sends the opened page's reads and the request for its code. Meanwhile
 * React, the router and the app (src/app/start-app.tsx, preloaded by the page: vite.config.ts)
 * download; on a phone the reads are then answered by the time React can use them, instead
 * of being asked for only after it has arrived and run.
 */
const root = document.getElementById('root')!;
// Before the router starts listening: see src/lib/history-guard.ts.
installHistoryGuard();

// A page the embedded stack's server drew carries its data: the app hydrates it (docs/first-visits.md).
const serverPage = readServerPage();

loadRuntimeConfig(fetch, window.location.origin, serverPage?.config)
  .then(async (config) => {
    const sessionStore = createSessionStore();
    const backend = createPublicBackend(config);
    const queryClient = createQueryClient(sessionStore);
    if (serverPage)
      receiveServerPage(queryClient, serverPage, {
        keptForOffline: !!navigator.serviceWorker?.controller,
      });
    if (isDesignPreview()) receiveDesignPreview(queryClient);
    prefetchRouteData(queryClient, backend, window.location.pathname);
    const adminArea = createAdminAreaLoader({ publicBackend: backend, sessionStore, queryClient });
    // The page's code is awaited with React's, so the first render draws the page itself: a
    // screen that suspends first is only revealed after React's 300 ms reveal throttle.
    const [{ startApp }] = await Promise.all([
      import('@/app/start-app'),
      preloadPublicScreen(window.location.pathname),
    ]);
    startApp({ root, backend, sessionStore, queryClient, adminArea, hydrate: !!serverPage });
  })
  .catch((error: unknown) => {
    console.error(error);
    const message = document.createElement('p');
    message.className = 'boot-failure';
    message.textContent =
      'The site could not reach its server. Check the connection and reload the page.';
    root.replaceChildren(message);
  });
