import { dehydrate, hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { asLastShown } from '@/app/start-admin-area';

const albums = [{ id: 'a1', name: 'Harbour Wedding' }];

describe('the admin data kept for the next start', () => {
  it('keeps a list whose refetch failed as the list it showed, not as the failure', async () => {
    const online = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = ['admin', 'albums', 'list'];
    await online.fetchQuery({ queryKey: key, queryFn: () => albums });
    // Offline at a venue: the list is read again and the read fails; the screen keeps the list.
    await online
      .fetchQuery({
        queryKey: key,
        queryFn: () => Promise.reject(new Error('Failed to fetch')),
        staleTime: 0,
      })
      .catch(() => undefined);
    expect(online.getQueryState(key)).toMatchObject({ status: 'error', data: albums });

    const kept = asLastShown({
      timestamp: Date.now(),
      buster: '',
      clientState: dehydrate(online, {
        shouldDehydrateQuery: (query) => query.state.data !== undefined,
      }),
    });
    const next = new QueryClient();
    hydrate(next, JSON.parse(JSON.stringify(kept.clientState)) as DehydratedState);
    expect(next.getQueryState(key)).toMatchObject({
      status: 'success',
      data: albums,
      error: null,
    });
  });
});
