import type { SessionStore } from '@/lib/auth/session-store';
import type { Backend } from '@/lib/backend/client';
import type { AdminData } from '@/lib/admin-data';
import type { BackendError } from '@/lib/backend/errors';
import { missingCovers } from './cover-renditions';
import { AdminDatabase } from './db';
import { dexieOutboxStore, sweepOrphanedBlobs } from './outbox-store';
import { answerOutboxWakes, requestBackgroundSync } from './outbox-wake';
import {
  dataAffectedBy,
  newChange,
  payloadsOf,
  sendChange,
  undoChange,
  type NewChange,
  type OutboxItem,
} from './registry';
import { prepareInBackground } from './rendition-pool';
import { acrossTabs } from './send-rules';
import { SyncEngine } from './sync-engine';
import type { StoredBlob, SubmitOutcome } from './queued-change';

/** The admin outbox as the app uses it (docs/offline.md); screens reach it through the hooks of outbox-provider.tsx. */
export interface Outbox {
  engine: SyncEngine<OutboxItem>;
  /** The IndexedDB behind it, for the outbox layer's own modules (previews, upload batches, the query cache). */
  db: AdminDatabase;
  /** Stores the change with the blobs it needs in one transaction, then starts sending; returns once stored. */
  enqueue: (
    change: NewChange,
    blobs?: StoredBlob[],
  ) => Promise<{ item: OutboxItem; outcome: Promise<SubmitOutcome> }>;
  /** Like enqueue, settling when the change is sent ('synced') or waits ('queued'); rejects when it is refused. */
  submit: (change: NewChange, blobs?: StoredBlob[]) => Promise<SubmitOutcome>;
  /** Drops a change and frees what it kept on this device. */
  discard: (id: string) => Promise<void>;
  /** Drops every queued change that matches (e.g. the uploads of a collection being deleted). */
  discardWhere: (matches: (item: OutboxItem) => boolean) => Promise<void>;
}

interface StartOutboxOptions {
  backend: Backend;
  sessionStore: SessionStore;
  /** Refetch the admin data a sent change altered; awaited before the change leaves the queue. */
  onSynced: (areas: readonly AdminData[]) => Promise<void>;
  onFailed?: (item: OutboxItem, error: BackendError) => void;
  /** The IndexedDB database (tests pass their own). */
  db?: AdminDatabase;
  /**
   * Whether the outbox also asks for the cover renditions that older photos lack and queues
   * them (cover-renditions.ts): the app's does; a test of the queue's own behaviour leaves it off.
   */
  makeMissingCovers?: boolean;
}

/**
 * Starts the admin outbox: IndexedDB queue, handlers, and the triggers that send it: start-up
 * (resume after a reload), the network coming back, the app becoming visible again, Background
 * Sync, and an admin signing in.
 */
export function startOutbox({
  backend,
  sessionStore,
  onSynced,
  onFailed,
  db = new AdminDatabase(),
  makeMissingCovers = false,
}: StartOutboxOptions): Outbox {
  // A send that looks ahead (an upload's next original) reads the engine's queue in memory.
  const context = { backend, db, queued: () => engine.queued() };
  const engine = new SyncEngine<OutboxItem>({
    store: dexieOutboxStore(db),
    send: (item) => sendChange(item, context),
    discarded: (item) => undoChange(item, context),
    canSync: () => sessionStore.get() !== null,
    exclusive: acrossTabs,
    onSynced: (item) => onSynced(dataAffectedBy(item)),
    onFailed: (item, error) => {
      // The session ended on the server: sign in again; what it refused is sent after that.
      if (error.kind === 'auth') sessionStore.clear();
      onFailed?.(item, error);
    },
  });
  // Nobody waits for these: a failure of IndexedDB itself is logged, and the next trigger tries again.
  const logFailure = (error: unknown) =>
    console.error('The outbox could not be read or updated', error);
  const wake = () => void engine.wake().catch(logFailure);
  window.addEventListener('online', wake);
  window.addEventListener('offline', wake);
  // Back to the app (a laptop opened, the tab chosen again): try at once rather than after the
  // back-off. Between events the engine's own back-off timer keeps retrying.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') wake();
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
  const retryRefusedSessions = () => engine.retryWhere((item) => item.failure?.kind === 'auth');
  sessionStore.subscribe(() => {
    if (sessionStore.get()) retryRefusedSessions().catch(logFailure);
  });
  // Cover renditions missing from photos uploaded before there were any (cover-renditions.ts):
  // asked for once a page, when signed in and online, then made and sent by the queue. Not
  // before the queue is read, so one queued by an earlier visit is not asked for twice.
  let queueRead = false;
  let coversAsked = false;
  const askForCovers = () => {
    if (!makeMissingCovers || !queueRead || coversAsked) return;
    if (!sessionStore.get() || !navigator.onLine) return;
    coversAsked = true;
    const queued = new Set(payloadsOf(engine.queued(), 'photo.makeCover').map((c) => c.photoId));
    missingCovers(backend, queued)
      .then(async (covers) => {
        for (const cover of covers) await engine.enqueue(newChange('photo.makeCover', cover));
      })
      .catch((error: unknown) => {
        // Asked again at the next sign-in or return of the network.
        coversAsked = false;
        console.warn('Missing cover images could not be listed', error);
      });
  };
  sessionStore.subscribe(askForCovers);
  window.addEventListener('online', askForCovers);
  // Blobs no queued change refers to (a tab closed at the wrong moment) are freed first.
  const swept = sweepOrphanedBlobs(db).catch((error: unknown) =>
    console.warn('Unused upload files could not be removed', error),
  );
  swept
    .then(() => (sessionStore.get() ? retryRefusedSessions() : engine.start()))
    // Uploads left from before a reload: their renditions are made ahead of sending again.
    .then(() => {
      const waiting = engine.getSnapshot().items.filter((item) => item.status === 'pending');
      prepareInBackground(db, payloadsOf(waiting, 'photo.upload'));
      queueRead = true;
      askForCovers();
    })
    .catch(logFailure);
  return outboxOf(engine, db);
}

/** The outbox service over an engine and its database (tests build one over their own engine). */
export function outboxOf(engine: SyncEngine<OutboxItem>, db: AdminDatabase): Outbox {
  return {
    engine,
    db,
    enqueue: (change, blobs) => engine.enqueue(change, blobs),
    submit: (change, blobs) => engine.submit(change, blobs),
    discard: (id) => engine.discard(id),
    discardWhere: (matches) => engine.discardWhere(matches),
  };
}
