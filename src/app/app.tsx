import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AuthProvider } from '@/lib/auth/auth-provider';
import type { SessionStore } from '@/lib/auth/session-store';
import { BackendProvider } from '@/lib/backend/backend-context';
import type { Backend } from '@/lib/backend/client';
import { Toaster } from '@/ui/toast';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

export function App({ backend, sessionStore }: { backend: Backend; sessionStore: SessionStore }) {
  const [queryClient] = useState(() => createQueryClient(sessionStore));
  const [router] = useState(createAppRouter);
  const dropAdminData = useCallback(() => queryClient.removeQueries({ queryKey: ['admin'] }), [queryClient]);

  return (
    <BackendProvider backend={backend}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider backend={backend} store={sessionStore} onSignedOut={dropAdminData}>
          <RouterProvider router={router} />
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>
    </BackendProvider>
  );
}
