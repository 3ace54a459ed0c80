import type { Query } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { adminDataKey } from '@/lib/admin-data';
import { withAdminClient } from '@/lib/backend/client';
import { indexedDbPersister } from '@/offline/outbox/query-persister';
import { startOutbox } from '@/offline/outbox/start-outbox';
import { prepareToasts } from '@/ui/toast';
import type { AdminArea, AdminAreaDeps } from './admin-area';

const WEEK = 7 * 24 * 60 * 60 * 1000;

/** Starts the admin area (loaded on demand by src/app/admin-area.ts). */
export async function startAdminArea({
  publicBackend,
  sessionStore,
  queryClient,
}: AdminAreaDeps): Promise<AdminArea> {
  prepareToasts();
  const backend = withAdminClient(publicBackend, { credentials: sessionStore.get });
  const outbox = startOutbox({
    backend,
    sessionStore,
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
    persister,
    maxAge: WEEK,
    // Admin screens open offline from the last data they showed. Mutations are never
    // persisted (some carry passwords); the outbox is the offline write path.
    dehydrateOptions: {
      shouldDehydrateQuery: (query: Query) =>
        query.queryKey[0] === 'admin' && query.state.status === 'success',
      shouldDehydrateMutation: () => false,
    },
  };
  // Restored before any admin screen renders, so none fetches what it already has.
  await persistQueryClientRestore(persistence).catch((error: unknown) =>
    console.warn('Saved admin data could not be restored', error),
  );
  persistQueryClientSubscribe(persistence);
  return { backend, outbox, persister };
}
