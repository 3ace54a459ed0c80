import type { AdminQueryKey } from '@/lib/admin-data';

/** React Query keys of the page content screen; everything admin lives under 'admin'. */
export const contentKeys = {
  list: () => ['admin', 'page-content'] as const satisfies AdminQueryKey,
  /** The collections offered when choosing a section's image from the photographer's photos (refetched when collections change). */
  photoChoiceAlbums: () =>
    ['admin', 'albums', 'section-image-choice'] as const satisfies AdminQueryKey,
  /** One collection's photos, for that choice. */
  photoChoicePhotos: (albumId: string) =>
    ['admin', 'albums', 'section-image-choice', albumId] as const satisfies AdminQueryKey,
};
