import type { AdminQueryKey } from '@/lib/admin-data';

/** React Query keys of the client links screen; everything admin lives under 'admin'. */
export const linkKeys = {
  list: () => ['admin', 'gallery-links'] as const satisfies AdminQueryKey,
  albumOptions: () => ['admin', 'albums', 'simple'] as const satisfies AdminQueryKey,
};
