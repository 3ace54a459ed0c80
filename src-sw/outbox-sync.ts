/// <reference lib="webworker" />
import { OUTBOX_SYNC_TAG, wakeOutboxes } from '../src/offline/outbox/outbox-wake';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/** Answers the browser's sync event for the outbox by waking the open admin pages. */
export function handOffBackgroundSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    sync.waitUntil(
      self.clients.matchAll({ type: 'window' }).then((windows) => wakeOutboxes(windows)),
    );
  });
}
