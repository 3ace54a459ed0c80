import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AuthProvider } from '@/lib/auth/auth-provider';
import type { SessionStore } from '@/lib/auth/session-store';
import { BackendProvider } from '@/lib/backend/backend-context';
import type { PublicBackend } from '@/lib/backend/public-client';
import { Toaster } from '@/ui/toast';
import type { AdminAreaLoader } from './admin-area';
import { createAppRoutes } from './router';

interface AppProps {
  backend: PublicBackend;
  sessionStore: SessionStore;
  queryClient: QueryClient;
  adminArea: AdminAreaLoader;
}

export function App({ backend, sessionStore, queryClient, adminArea }: AppProps) {
  const [AppRoutes] = useState(() => createAppRoutes(adminArea));
  const dropAdminData = useCallback(() => {
    queryClient.removeQueries({ queryKey: ['admin'] });
    void adminArea
      .load()
      .then((area) => area.persister.removeClient())
      .catch((error: unknown) => console.warn('Saved admin data could not be removed', error));
  }, [queryClient, adminArea]);

  return (
    <BackendProvider backend={backend}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider backend={backend} store={sessionStore} onSignedOut={dropAdminData}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>
    </BackendProvider>
  );
}
