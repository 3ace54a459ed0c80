import type { SessionStore } from '@/lib/auth/session-store';
import type { Backend } from '@/lib/backend/client';
import type { BackendError } from '@/lib/backend/errors';
import { AdminDatabase, dexieOutboxStore } from './db';
import { createChangeHandlers } from './handlers';
import { acrossTabs, SyncEngine, type OutboxItem } from './sync-engine';

export interface Outbox {
  engine: SyncEngine;
  db: AdminDatabase;
}

interface StartOutboxOptions {
  backend: Backend;
  sessionStore: SessionStore;
  /** Refetch what shows the change; awaited before the change leaves the queue. */
  onSynced: (item: OutboxItem) => Promise<void>;
  onFailed?: (item: OutboxItem, error: BackendError) => void;
}

/**
 * Starts the admin outbox: IndexedDB queue, handlers, and the triggers that send it: start-up
 * (resume after a reload), the network coming back, the app becoming visible again, and an
 * admin signing in.
 */
export function startOutbox({ backend, sessionStore, onSynced, onFailed }: StartOutboxOptions): Outbox {
  const db = new AdminDatabase();
  const engine = new SyncEngine({
    store: dexieOutboxStore(db),
    handlers: createChangeHandlers(backend, db),
    canSync: () => sessionStore.get() !== null,
    exclusive: acrossTabs,
    onSynced,
    onFailed: (item, error) => {
      // The session ended on the server: sign in again, then retry from the sync list.
      if (error.kind === 'not-authenticated') sessionStore.clear();
      onFailed?.(item, error);
    },
  });
  window.addEventListener('online', () => void engine.wake());
  window.addEventListener('offline', () => void engine.wake());
  // Back to the app (a laptop opened, the tab chosen again): try at once rather than after the
  // back-off. Between events the engine's own back-off timer keeps retrying.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void engine.wake();
  });
  // Signing in again sends what waited, including changes refused only because the old
  // session had ended.
  sessionStore.subscribe(() => {
    if (sessionStore.get()) void engine.retryWhere((item) => item.error === 'Not authenticated');
  });
  void engine.start();
  return { engine, db };
}
