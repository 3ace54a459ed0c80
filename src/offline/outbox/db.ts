import Dexie, { type Table } from 'dexie';
import type { StoredBlob } from './sync-engine';

export type { StoredBlob } from './sync-engine';

/** A cached value (the persisted admin query cache, upload batches, rendition sizes). */
export interface KeyValue {
  key: string;
  value: string;
}

/**
 * The admin app's IndexedDB: the outbox, the blobs of uploads not yet on the server, and the
 * persisted query cache that lets the admin screens open offline. The outbox table holds
 * items as they were stored, by any version of the app; the outbox store (outbox-store.ts)
 * reads them through the registry, which upgrades older payloads. This module is the storage
 * layer only: it knows the tables, not the kinds of change.
 */
export class AdminDatabase extends Dexie {
  outbox!: Table<unknown, number>;
  blobs!: Table<StoredBlob, string>;
  keyValues!: Table<KeyValue, string>;

  constructor(name = 'photographer-admin') {
    super(name);
    this.version(1).stores({
      outbox: '++seq, &id, entity, kind, status',
      blobs: 'key',
      keyValues: 'key',
    });
  }
}
