import type { AdminQueryKey } from '@/lib/admin-data';

/** React Query keys of the settings screen; everything admin lives under 'admin'. */
export const settingsKeys = {
  profile: () => ['admin', 'profile'] as const satisfies AdminQueryKey,
  adminUsers: () => ['admin', 'admin-users'] as const satisfies AdminQueryKey,
  // Outside 'admin' on purpose: the device list is never kept in the offline cache.
  sessions: () => ['admin-sessions'] as const,
};
