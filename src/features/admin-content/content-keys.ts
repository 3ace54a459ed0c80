import type { AdminQueryKey } from '@/lib/admin-data';

/** React Query keys of the page content screen; everything admin lives under 'admin'. */
export const contentKeys = {
  list: () => ['admin', 'page-content'] as const satisfies AdminQueryKey,
};
