import Dexie, { type Table } from 'dexie';
import type { OutboxItem, OutboxStore } from './sync-engine';

/** A file kept in the browser until the server has it (an upload's original and renditions). */
export interface StoredBlob {
  key: string;
  blob: Blob;
  createdAt: number;
}

/** A cached value (the persisted admin query cache). */
export interface KeyValue {
  key: string;
  value: string;
}

/**
 * The admin app's IndexedDB: the outbox, the blobs of uploads not yet on the server, and the
 * persisted query cache that lets the admin screens open offline.
 */
export class AdminDatabase extends Dexie {
  outbox!: Table<OutboxItem, number>;
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

/** The outbox kept in IndexedDB, in queue order. */
export function dexieOutboxStore(db: AdminDatabase): OutboxStore {
  return {
    load: () => db.outbox.orderBy('seq').toArray(),
    async add(item) {
      const seq = await db.outbox.add(item);
      return { ...item, seq };
    },
    async put(item) {
      await db.outbox.put(item);
    },
    async delete(item) {
      if (item.seq !== undefined) await db.outbox.delete(item.seq);
    },
  };
}
