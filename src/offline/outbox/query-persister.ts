import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import type { AdminDatabase } from './db';

const KEY = 'admin-query-cache';

/** Keeps the admin screens' last data in IndexedDB so they open offline. */
export function indexedDbPersister(db: AdminDatabase): Persister {
  return {
    async persistClient(client: PersistedClient) {
      await db.keyValues.put({ key: KEY, value: JSON.stringify(client) });
    },
    async restoreClient() {
      const row = await db.keyValues.get(KEY);
      return row ? (JSON.parse(row.value) as PersistedClient) : undefined;
    },
    async removeClient() {
      await db.keyValues.delete(KEY);
    },
  };
}
