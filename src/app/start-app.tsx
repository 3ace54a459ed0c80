import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import type { SessionStore } from '@/lib/auth/session-store';
import type { PublicBackend } from '@/lib/backend/public-client';
import { isDesignPreview } from '@/app/design-preview';
import { activateWhenIdle } from '@/offline/outbox/activate-when-idle';
import { registerServiceWorker } from '@/offline/visitors/register-service-worker';
import { notify } from '@/ui/toast';
import { setHydrating } from '@/ui/use-revealed';
import { whenIdle } from '@/ui/when-idle';
import type { AdminAreaLoader } from './admin-area';
import { App } from './app';
import '../index.css';

export interface StartAppDeps {
  root: HTMLElement;
  backend: PublicBackend;
  sessionStore: SessionStore;
  queryClient: QueryClient;
  adminArea: AdminAreaLoader;
  /** The server drew the page (src/app/server/render-page.tsx): React takes over its HTML rather than drawing it again. */
  hydrate: boolean;
}

/** The second step of the start (src/main.tsx): React, the router and the page, once the page's reads are on their way. */
export function startApp({
  root,
  backend,
  sessionStore,
  queryClient,
  adminArea,
  hydrate,
}: StartAppDeps): void {
  // An admin's browser starts the outbox on any page, once the page is idle: changes
  // queued at a shoot are sent and Background Sync is answered. Visitors never load it.
  // Not in Site Design's preview frame: the admin page that framed it already sends, and a
  // second outbox in the same browser would take its changes from under it.
  const startAdminArea = () => {
    if (sessionStore.get() && !isDesignPreview())
      whenIdle(() => void adminArea.load().catch(console.error));
  };
  startAdminArea();
  sessionStore.subscribe(startAdminArea);
  const app = (
    <StrictMode>
      <App
        backend={backend}
        sessionStore={sessionStore}
        queryClient={queryClient}
        adminArea={adminArea}
      />
    </StrictMode>
  );
  // A drawn page is hydrated (React attaches to the server's HTML), otherwise rendered; both as
  // a transition: React works in short slices between which the browser stays responsive,
  // instead of one long task while the first screen is built. A tap that comes meanwhile makes
  // React finish hydrating at once and then handle it.
  if (hydrate) setHydrating(true);
  startTransition(() => {
    if (hydrate) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
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
}
