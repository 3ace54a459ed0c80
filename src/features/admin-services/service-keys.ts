import type { AdminQueryKey } from '@/lib/admin-data';

/** React Query keys of the service packages screen; everything admin lives under 'admin'. */
export const serviceKeys = {
  list: () => ['admin', 'services'] as const satisfies AdminQueryKey,
};
