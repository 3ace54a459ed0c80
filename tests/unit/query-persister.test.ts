import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminDatabase } from '@/offline/outbox/db';
import { ADMIN_QUERY_CACHE_KEY, indexedDbPersister } from '@/offline/outbox/query-persister';

/** A persisted cache whose only query holds `label`. */
const cacheWith = (label: string): PersistedClient => ({
  timestamp: Date.now(),
  buster: '',
  clientState: {
    mutations: [],
    queries: [
      {
        queryKey: ['admin', 'albums'],
        queryHash: '["admin","albums"]',
        dehydratedAt: 0,
        state: {
          data: label,
          dataUpdateCount: 1,
          dataUpdatedAt: 0,
          error: null,
          errorUpdateCount: 0,
          errorUpdatedAt: 0,
          fetchFailureCount: 0,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: false,
          status: 'success',
          fetchStatus: 'idle',
        },
      },
    ],
  },
});

let db: AdminDatabase;
beforeEach(() => {
  db = new AdminDatabase(`persister-test-${crypto.randomUUID()}`);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('the admin data kept for offline', () => {
  it('stores the newest cache after a burst of changes, in at most two writes', async () => {
    const persister = indexedDbPersister(db);
    const put = vi.spyOn(db.keyValues, 'put');
    const writes = Array.from({ length: 20 }, (_, index) =>
      persister.persistClient(cacheWith(`state ${index}`)),
    );
    await Promise.all(writes.map((write) => Promise.resolve(write)));
    expect(put).toHaveBeenCalledTimes(2);
    const restored = await indexedDbPersister(db).restoreClient();
    expect(restored?.clientState.queries[0]?.state.data).toBe('state 19');
  });

  it('writes again for a change after the last write ended, and forgets everything on sign-out', async () => {
    const persister = indexedDbPersister(db);
    await persister.persistClient(cacheWith('first'));
    await persister.persistClient(cacheWith('second'));
    expect((await persister.restoreClient())?.clientState.queries[0]?.state.data).toBe('second');
    void persister.persistClient(cacheWith('third'));
    await persister.removeClient();
    expect(await db.keyValues.get(ADMIN_QUERY_CACHE_KEY)).toBeUndefined();
  });
});
