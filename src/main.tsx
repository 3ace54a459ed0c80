import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { toast } from 'sonner';
import { App } from '@/app/app';
import { createQueryClient } from '@/app/query-client';
import { createSessionStore } from '@/lib/auth/session-store';
import { createBackend } from '@/lib/backend/client';
import { loadRuntimeConfig } from '@/lib/backend/config';
import { activateWhenIdle } from '@/offline/activate-when-idle';
import { registerServiceWorker } from '@/offline/register-service-worker';
import { startOutbox } from '@/offline/start-outbox';
import './index.css';

const root = createRoot(document.getElementById('root')!);

loadRuntimeConfig()
  .then((config) => {
    const sessionStore = createSessionStore();
    const backend = createBackend(config, { credentials: sessionStore.get });
    const queryClient = createQueryClient(sessionStore);
    const outbox = startOutbox({
      backend,
      sessionStore,
      // Lists refetch before a sent change leaves the queue, so nothing blinks.
      onSynced: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
    });
    root.render(
      <StrictMode>
        <App backend={backend} sessionStore={sessionStore} queryClient={queryClient} outbox={outbox} />
      </StrictMode>,
    );
    registerServiceWorker((activate) => {
      toast('New version available', {
        description: 'Reload to use the latest version of the site.',
        duration: Infinity,
        action: {
          label: 'Reload',
          onClick: () =>
            activateWhenIdle(outbox.engine, activate, (pending) =>
              toast('The new version will load once your changes are saved', {
                description: `${pending} ${pending === 1 ? 'change is' : 'changes are'} still being sent; nothing will be lost.`,
              }),
            ),
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
