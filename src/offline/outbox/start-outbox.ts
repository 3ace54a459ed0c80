import type { SessionStore } from '@/lib/auth/session-store';
import type { Backend } from '@/lib/backend/client';
import type { BackendError } from '@/lib/backend/errors';
import { AdminDatabase, dexieOutboxStore } from './db';
import { createChangeHandlers } from './handlers';
import { answerOutboxWakes, requestBackgroundSync } from './outbox-wake';
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
  /** The IndexedDB database (tests pass their own). */
  db?: AdminDatabase;
}

/**
 * Starts the admin outbox: IndexedDB queue, handlers, and the triggers that send it: start-up
 * (resume after a reload), the network coming back, the app becoming visible again, Background
 * Sync, and an admin signing in.
 */
export function startOutbox({ backend, sessionStore, onSynced, onFailed, db = new AdminDatabase() }: StartOutboxOptions): Outbox {
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
  // Background Sync: the browser wakes the service worker when the connection is back, and it
  // asks this page to send (src/offline/outbox/outbox-wake.ts). Registered whenever changes start
  // waiting, and again each time the network drops while they wait.
  let waited = { waiting: false, online: true };
  engine.subscribe(() => {
    const { items, online } = engine.getSnapshot();
    const waiting = items.some((item) => item.status === 'pending');
    if (waiting && (!waited.waiting || (waited.online && !online))) void requestBackgroundSync();
    waited = { waiting, online };
  });
  if ('serviceWorker' in navigator) {
    answerOutboxWakes(navigator.serviceWorker, async () => {
      await engine.wake();
      await engine.flush();
      return engine.getSnapshot().items.filter((item) => item.status === 'pending').length;
    });
  }
  // Signing in again sends what waited, including changes refused only because the old
  // session had ended (that refusal cleared it, so any session here is a newer one). The
  // outbox may start only after the sign-in (src/app/admin-area.ts), hence the check at start.
  const retryRefusedSessions = () => engine.retryWhere((item) => item.error === 'Not authenticated');
  sessionStore.subscribe(() => {
    if (sessionStore.get()) void retryRefusedSessions();
  });
  if (sessionStore.get()) void retryRefusedSessions();
  else void engine.start();
  return { engine, db };
}
