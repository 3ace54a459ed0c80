import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useCallback, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AuthProvider } from '@/lib/auth/auth-provider';
import type { SessionStore } from '@/lib/auth/session-store';
import { BackendProvider } from '@/lib/backend/backend-context';
import type { Backend } from '@/lib/backend/client';
import { OutboxProvider } from '@/offline/outbox-provider';
import { indexedDbPersister } from '@/offline/query-persister';
import type { Outbox } from '@/offline/start-outbox';
import { Toaster } from '@/ui/toast';
import { createAppRouter } from './router';

const WEEK = 7 * 24 * 60 * 60 * 1000;

interface AppProps {
  backend: Backend;
  sessionStore: SessionStore;
  queryClient: QueryClient;
  outbox: Outbox;
}

export function App({ backend, sessionStore, queryClient, outbox }: AppProps) {
  const [router] = useState(createAppRouter);
  const [persister] = useState(() => indexedDbPersister(outbox.db));
  const dropAdminData = useCallback(() => {
    queryClient.removeQueries({ queryKey: ['admin'] });
    void persister.removeClient();
  }, [queryClient, persister]);

  return (
    <BackendProvider backend={backend}>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{
          persister,
          maxAge: WEEK,
          // Admin screens open offline from the last data they showed. Mutations are never
          // persisted (some carry passwords); the outbox is the offline write path.
          dehydrateOptions: {
            shouldDehydrateQuery: (query) => query.queryKey[0] === 'admin' && query.state.status === 'success',
            shouldDehydrateMutation: () => false,
          },
        }}
      >
        <OutboxProvider outbox={outbox}>
          <AuthProvider backend={backend} store={sessionStore} onSignedOut={dropAdminData}>
            <RouterProvider router={router} />
            <Toaster />
          </AuthProvider>
        </OutboxProvider>
      </PersistQueryClientProvider>
    </BackendProvider>
  );
}
