import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { BrowserNavigation } from '@/lib/navigation/navigation';
import { AuthProvider } from '@/lib/auth/auth-provider';
import type { SessionStore } from '@/lib/auth/session-store';
import { BackendProvider } from '@/lib/backend/backend-context';
import type { PublicBackend } from '@/lib/backend/public-client';
import { Toaster } from '@/ui/toast';
import { ManifestLink } from './manifest-link';
import type { AdminAreaLoader } from './admin-area';
import { createAppRoutes } from './router';

interface AppProps {
  backend: PublicBackend;
  sessionStore: SessionStore;
  queryClient: QueryClient;
  adminArea: AdminAreaLoader;
  /** The router: the browser's (it reads window.location), or on the server one given the address. */
  Router?: ComponentType<{ children: ReactNode }>;
}

export function App({
  backend,
  sessionStore,
  queryClient,
  adminArea,
  Router = BrowserNavigation,
}: AppProps) {
  const [AppRoutes] = useState(() => createAppRoutes(adminArea));
  const dropAdminData = useCallback(() => {
    queryClient.removeQueries({ queryKey: ['admin'] });
    void adminArea
      .load()
      .then((area) => area.persister.removeClient())
      .catch((error: unknown) => console.warn('Saved admin data could not be removed', error));
  }, [queryClient, adminArea]);
  // From here on the page works: a page the server drew is on screen before its code has run
  // (docs/first-visits.md). The document says so, for tests and tools that wait for it.
  useEffect(() => {
    document.documentElement.dataset.app = 'started';
  }, []);

  return (
    <BackendProvider backend={backend}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider backend={backend} store={sessionStore} onSignedOut={dropAdminData}>
          <Router>
            <ManifestLink />
            <AppRoutes />
          </Router>
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>
    </BackendProvider>
  );
}
