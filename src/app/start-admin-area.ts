import type { Query } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { adminDataKey } from '@/lib/admin-data';
import { withAdminClient } from '@/lib/backend/client';
import { keepAdminShell } from '@/offline/app-shell/keep-admin-shell';
import { indexedDbPersister } from '@/offline/outbox/query-persister';
import { startOutbox } from '@/offline/outbox/start-outbox';
import { prepareToasts } from '@/ui/toast';
import type { AdminArea, AdminAreaDeps } from './admin-area';

const WEEK = 7 * 24 * 60 * 60 * 1000;

/**
 * The kept admin data as the screens last showed it: a read whose refetch failed is kept as
 * the data it had, not as that failure (restored as a failure, a screen would report an error
 * from a past session, and the error itself does not survive being stored).
 */
export function asLastShown(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) =>
    query.state.status === 'error' && query.state.data !== undefined
      ? {
          ...query,
          state: {
            ...query.state,
            status: 'success' as const,
            error: null,
            fetchFailureCount: 0,
            fetchFailureReason: null,
          },
        }
      : query,
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

/** Starts the admin area (loaded on demand by src/app/admin-area.ts). */
export async function startAdminArea({
  publicBackend,
  sessionStore,
  queryClient,
}: AdminAreaDeps): Promise<AdminArea> {
  prepareToasts();
  // The admin area opens offline at a shoot: its files are kept on this device from now on.
  void keepAdminShell();
  const backend = withAdminClient(publicBackend, { credentials: sessionStore.get });
  const outbox = startOutbox({
    backend,
    sessionStore,
    makeMissingCovers: true,
    // What the change altered refetches before it leaves the queue, so nothing blinks; the
    // rest of the admin data stays as it is.
    onSynced: async (areas) => {
      await Promise.all(
        areas.map((area) => queryClient.invalidateQueries({ queryKey: adminDataKey(area) })),
      );
    },
  });
  const persister = indexedDbPersister(outbox.db);
  const persistence = {
    queryClient,
    persister: {
      ...persister,
      persistClient: (client) => persister.persistClient(asLastShown(client)),
    },
    maxAge: WEEK,
    // Admin screens open offline from the last data they showed, also when a later read of it
    // failed (no network at a venue): a failed read must not drop a list from what the next
    // start restores. Mutations are never persisted (some carry passwords); the outbox is the
    // offline write path.
    dehydrateOptions: {
      shouldDehydrateQuery: (query: Query) =>
        query.queryKey[0] === 'admin' && query.state.data !== undefined,
      shouldDehydrateMutation: () => false,
    },
  } satisfies PersistQueryClientOptions;
  // Admin data stays in memory as long as it is kept on the device: a screen not yet opened in
  // this session (offline at a shoot, an hour later) still finds what the last start restored.
  // With the default five minutes it would be dropped, and the next save would drop it for good.
  queryClient.setQueryDefaults(['admin'], { gcTime: WEEK });
  // Restored before any admin screen renders, so none fetches what it already has.
  await persistQueryClientRestore(persistence).catch((error: unknown) =>
    console.warn('Saved admin data could not be restored', error),
  );
  persistQueryClientSubscribe(persistence);
  return { backend, outbox, persister };
}
