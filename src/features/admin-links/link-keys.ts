import type { AdminQueryKey } from '@/lib/admin-data';

/** React Query keys of the client links screen; everything admin lives under 'admin'. */
export const linkKeys = {
  list: () => ['admin', 'gallery-links'] as const satisfies AdminQueryKey,
  albumOptions: () => ['admin', 'albums', 'simple'] as const satisfies AdminQueryKey,
  favourites: (linkId: string) =>
    ['admin', 'gallery-links', linkId, 'favourites'] as const satisfies AdminQueryKey,
};
