import type { AdminQueryKey } from '@/lib/admin-data';

/** React Query keys of the public galleries screen; everything admin lives under 'admin'. */
export const galleryKeys = {
  list: () => ['admin', 'public-galleries'] as const satisfies AdminQueryKey,
  photoIds: (galleryId: string) =>
    ['admin', 'public-galleries', galleryId, 'photo-ids'] as const satisfies AdminQueryKey,
  /** The collections offered by the picker's filter. */
  pickerAlbums: () =>
    ['admin', 'public-galleries', 'picker', 'albums'] as const satisfies AdminQueryKey,
  /** One collection's photos, as the picker shows them (admin_list_photos once per album, SPEC §7). */
  pickerPhotos: (albumId: string) =>
    ['admin', 'public-galleries', 'picker', 'photos', albumId] as const satisfies AdminQueryKey,
};
