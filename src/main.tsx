import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createSessionStore } from '@/lib/auth/session-store';
import { createBackend } from '@/lib/backend/client';
import { loadRuntimeConfig } from '@/lib/backend/config';
import { registerServiceWorker } from '@/offline/register-service-worker';
import { toast } from 'sonner';
import './index.css';

const root = createRoot(document.getElementById('root')!);

loadRuntimeConfig()
  .then((config) => {
    const sessionStore = createSessionStore();
    const backend = createBackend(config, { credentials: sessionStore.get });
    root.render(
      <StrictMode>
        <App backend={backend} sessionStore={sessionStore} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    root.render(
      <main className="flex min-h-dvh items-center justify-center p-6 text-center">
        <p>The site could not reach its server. Check the connection and reload the page.</p>
      </main>,
    );
  });

registerServiceWorker((activate) => {
  toast('New version available', {
    description: 'Reload to use the latest version of the site.',
    duration: Infinity,
    action: { label: 'Reload', onClick: activate },
  });
});
