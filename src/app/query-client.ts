import { onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import type { SessionStore } from '@/lib/auth/session-store';
import { BackendError, toBackendError } from '@/lib/backend/errors';

/**
 * Reads retry only what may succeed later (network, 5xx, 429). A read refused with
 * 'Not authenticated' means the session ended on the server: the stored session is dropped,
 * which sends the admin back to the login screen.
 */
// What visitors and clients read: sent without an admin's session, so a refusal there says
// nothing about the session.
const PUBLIC_AREAS: readonly unknown[] = ['site', 'public-gallery', 'public-album', 'client-link'];

export function createQueryClient(sessionStore: SessionStore): QueryClient {
  const client = new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        if (PUBLIC_AREAS.includes(query.queryKey[0])) return;
        if (error instanceof BackendError && error.kind === 'auth') sessionStore.clear();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => failureCount < 2 && toBackendError(error).retryable,
      },
    },
  });
  // TanStack Query takes itself to be online until the browser says otherwise; a page opened
  // offline (the admin at a shoot) knows it from the start, so its reads wait for the network
  // instead of failing.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  // What visitors and clients read is tried, and retried, even when the browser says it is
  // offline: the service worker or the saved albums may answer (src-sw/sw.ts,
  // src/offline/visitors/offline-albums.ts). Not 'offlineFirst', which pauses a failed read's
  // retries until the browser is online again: a kept answer the worker missed once (Chromium
  // hid it while a newer copy was being written; the worker now stores only whole answers) left
  // the page loading for as long as the visitor stayed offline. If nothing answers, the page
  // says so and reads again when the connection is back (refetchOnReconnect).
  for (const area of PUBLIC_AREAS) {
    client.setQueryDefaults([area], { networkMode: 'always' });
  }
  return client;
}
