import type { AdminQueryKey } from '@/lib/admin-data';

/** React Query keys of the collections screens; everything admin lives under 'admin'. */
export const albumKeys = {
  list: () => ['admin', 'albums'] as const satisfies AdminQueryKey,
  detail: (id: string) => ['admin', 'album', id] as const satisfies AdminQueryKey,
  photos: (id: string) => ['admin', 'album', id, 'photos'] as const satisfies AdminQueryKey,
  /** The public galleries select mode can add photos to. */
  galleries: () => ['admin', 'public-galleries', 'choices'] as const satisfies AdminQueryKey,
};
