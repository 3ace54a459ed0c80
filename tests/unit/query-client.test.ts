import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import type { SessionStore } from '@/lib/auth/session-store';
import { BackendError } from '@/lib/backend/errors';

const refused = () => Promise.reject(new BackendError('Not authenticated', 'auth', 401, '42501'));

describe('the query client', () => {
  it("drops the admin's session when an admin read is refused as not authenticated", async () => {
    const clear = vi.fn();
    const client = createQueryClient({ clear } as unknown as SessionStore);
    await expect(client.fetchQuery({ queryKey: ['albums'], queryFn: refused })).rejects.toThrow(
      'Not authenticated',
    );
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it('keeps it when a visitor read is refused: those are sent without the session', async () => {
    const clear = vi.fn();
    const client = createQueryClient({ clear } as unknown as SessionStore);
    for (const area of ['site', 'public-gallery', 'public-album', 'client-link']) {
      await expect(client.fetchQuery({ queryKey: [area, 'x'], queryFn: refused })).rejects.toThrow(
        'Not authenticated',
      );
    }
    expect(clear).not.toHaveBeenCalled();
  });

  describe('on a page opened offline', () => {
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
      onlineManager.setOnline(true);
    });

    it('knows from the start, so admin reads wait for the network instead of failing', async () => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      const client = createQueryClient({ clear: vi.fn() } as unknown as SessionStore);
      const read = vi.fn(() => Promise.reject(new Error('Failed to fetch')));
      void client.prefetchQuery({ queryKey: ['admin', 'albums'], queryFn: read });
      await Promise.resolve();
      expect(client.getQueryState(['admin', 'albums'])?.fetchStatus).toBe('paused');
      expect(read).not.toHaveBeenCalled();
    });

    it('retries a visitor read the worker could not answer at once, and never waits for the network', async () => {
      vi.useFakeTimers();
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      const client = createQueryClient({ clear: vi.fn() } as unknown as SessionStore);
      // The worker's copy is found on the second try.
      const kept = vi
        .fn()
        .mockRejectedValueOnce(new BackendError('Could not reach the server', 'network', 0))
        .mockResolvedValue({ title: 'Offline Favourites' });
      const gallery = client.fetchQuery({ queryKey: ['public-gallery', 'g1'], queryFn: kept });
      await vi.advanceTimersByTimeAsync(1_000);
      await expect(gallery).resolves.toEqual({ title: 'Offline Favourites' });
      expect(kept).toHaveBeenCalledTimes(2);

      // Nothing kept at all: the read fails after its retries, so the page can say so.
      const nothing = vi.fn(() =>
        Promise.reject(new BackendError('Could not reach the server', 'network', 0)),
      );
      const album = client.fetchQuery({ queryKey: ['public-album', 'a1'], queryFn: nothing });
      const failed = expect(album).rejects.toThrow('Could not reach the server');
      await vi.advanceTimersByTimeAsync(3_000);
      await failed;
      expect(nothing).toHaveBeenCalledTimes(3);
      expect(client.getQueryState(['public-album', 'a1'])?.fetchStatus).toBe('idle');
    });
  });
});
