import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import type { AdminDatabase } from './db';

export const ADMIN_QUERY_CACHE_KEY = 'admin-query-cache';

/**
 * Keeps the admin screens' last data in IndexedDB so they open offline. The cache says it
 * changed many times a second while a screen loads; each time the whole cache would be
 * written. Writes are coalesced instead: one at a time, and the newest state waiting behind
 * it replaces any older one, so the last data shown is stored a single write after it arrives.
 */
export function indexedDbPersister(db: AdminDatabase): Persister {
  let writing: Promise<void> | null = null;
  let next: PersistedClient | null = null;
  const write = async (): Promise<void> => {
    while (next) {
      const client = next;
      next = null;
      await db.keyValues.put({ key: ADMIN_QUERY_CACHE_KEY, value: JSON.stringify(client) });
    }
  };
  return {
    persistClient(client: PersistedClient) {
      next = client;
      writing ??= write().finally(() => {
        writing = null;
      });
      return writing;
    },
    async restoreClient() {
      const row = await db.keyValues.get(ADMIN_QUERY_CACHE_KEY);
      return row ? (JSON.parse(row.value) as PersistedClient) : undefined;
    },
    async removeClient() {
      await writing?.catch(() => undefined);
      await db.keyValues.delete(ADMIN_QUERY_CACHE_KEY);
    },
  };
}
