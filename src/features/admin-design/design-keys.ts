import type { AdminQueryKey } from '@/lib/admin-data';

/** React Query keys of Site Design; admin data lives under 'admin' (persisted for offline, cleared at sign-out). */
export const designKeys = {
  settings: () => ['admin', 'site-settings'] as const satisfies AdminQueryKey,
};
