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
  });
});
