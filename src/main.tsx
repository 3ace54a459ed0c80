import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAdminAreaLoader } from '@/app/admin-area';
import { App } from '@/app/app';
import { prefetchRouteData } from '@/app/prefetch-route-data';
import { createQueryClient } from '@/app/query-client';
import { preloadPublicScreen } from '@/app/router';
import { createSessionStore } from '@/lib/auth/session-store';
import { loadRuntimeConfig } from '@/lib/backend/config';
import { createPublicBackend } from '@/lib/backend/public-client';
import { activateWhenIdle } from '@/offline/activate-when-idle';
import { registerServiceWorker } from '@/offline/register-service-worker';
import { notify } from '@/ui/toast';
import { whenIdle } from '@/ui/when-idle';
import './index.css';

const root = createRoot(document.getElementById('root')!);

loadRuntimeConfig()
  .then((config) => {
    const sessionStore = createSessionStore();
    const backend = createPublicBackend(config);
    const queryClient = createQueryClient(sessionStore);
    const adminArea = createAdminAreaLoader({ publicBackend: backend, sessionStore, queryClient });
    // The page's reads go out first, then its code is fetched alongside them.
    prefetchRouteData(queryClient, backend, window.location.pathname);
    preloadPublicScreen(window.location.pathname);
    // An admin's browser starts the outbox on any page, once the page is idle: changes
    // queued at a shoot are sent and Background Sync is answered. Visitors never load it.
    const startAdminArea = () => {
      if (sessionStore.get()) whenIdle(() => void adminArea.load().catch(console.error));
    };
    startAdminArea();
    sessionStore.subscribe(startAdminArea);
    // Rendered as a transition: React works in short slices between which the browser stays
    // responsive, instead of one long task while the first screen is built.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App backend={backend} sessionStore={sessionStore} queryClient={queryClient} adminArea={adminArea} />
        </StrictMode>,
      ),
    );
    registerServiceWorker((activate) => {
      notify.prompt('New version available', 'Reload to use the latest version of the site.', {
        label: 'Reload',
        onClick: () => {
          // Without the admin area nothing here sends changes, so nothing holds the update back.
          const area = adminArea.current();
          if (!area) return activate();
          activateWhenIdle(area.outbox.engine, activate, (pending) =>
            notify.info(
              'The new version will load once your changes are saved',
              `${pending} ${pending === 1 ? 'change is' : 'changes are'} still being sent; nothing will be lost.`,
            ),
          );
        },
      });
    });
  })
  .catch((error: unknown) => {
    console.error(error);
    root.render(
      <main className="flex min-h-dvh items-center justify-center p-6 text-center">
        <p>The site could not reach its server. Check the connection and reload the page.</p>
      </main>,
    );
  });
