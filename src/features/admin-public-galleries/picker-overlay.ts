import type { AdminAlbumSimple, AdminPhoto } from '@/lib/backend/database.types';
import { overlayRows, type RowTypes } from '@/offline/outbox/overlay';
import type { OutboxItem } from '@/offline/outbox/registry';

export type PickerPhoto = AdminPhoto & { pending?: boolean };

/**
 * The collections the picker's filter offers: the server's list with waiting collection
 * changes and queued uploads or deletions counted, so a shoot added offline can be picked from.
 */
export function overlayPickerAlbums(
  server: AdminAlbumSimple[],
  items: OutboxItem[],
): AdminAlbumSimple[] {
  // The picker's fields only (a waiting collection's row has every field of the list's).
  const albums = overlayRows('albums', server, items).map(
    ({ id, name, photo_count, created_at }): AdminAlbumSimple => ({
      id,
      name,
      photo_count,
      created_at,
    }),
  );
  // Same order as admin_list_albums_simple: by name, then age.
  return albums.sort(
    (a, b) =>
      a.name.toLowerCase().localeCompare(b.name.toLowerCase()) ||
      a.created_at.localeCompare(b.created_at),
  );
}

/**
 * Every photo the picker offers, album by album in the filter's order: the server's photos with
 * queued uploads added (a gallery may wait for them, see kinds/galleries.ts) and queued
 * deletions gone.
 */
export function overlayPickerPhotos(
  albums: AdminAlbumSimple[],
  serverPhotos: AdminPhoto[],
  items: OutboxItem[],
): PickerPhoto[] {
  const names = new Map(albums.map((album) => [album.id, album.name]));
  const photos = overlayRows<'photos', RowTypes['photos']>('photos', serverPhotos, items).map(
    ({ queued, ...photo }): PickerPhoto => (queued ? { ...photo, pending: true } : photo),
  );
  const albumOrder = new Map(albums.map((album, index) => [album.id, index]));
  return photos
    .filter((photo) => albumOrder.has(photo.album_id))
    .map((photo) => ({ ...photo, album_name: names.get(photo.album_id) ?? photo.album_name }))
    .sort(
      (a, b) =>
        albumOrder.get(a.album_id)! - albumOrder.get(b.album_id)! ||
        a.created_at.localeCompare(b.created_at),
    );
}

/** Picks or unpicks a photo; picked photos keep the order they were picked in (the gallery's order). */
export function toggleSelection(selected: string[], photoId: string): string[] {
  return selected.includes(photoId)
    ? selected.filter((id) => id !== photoId)
    : [...selected, photoId];
}
