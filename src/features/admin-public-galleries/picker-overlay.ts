import type { AdminAlbumSimple, AdminPhoto } from '@/lib/backend/database.types';
import { applyQueuedAlbumChanges } from '@/offline/outbox/pending';
import { applyQueuedPhotoChanges } from '@/offline/outbox/pending-photos';
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
  const albums = applyQueuedAlbumChanges(server, items, {
    created: (change, item) => ({
      id: change.id,
      name: change.name,
      photo_count: 0,
      created_at: new Date(item.createdAt).toISOString(),
    }),
  }).map(({ pending: _pending, syncError: _syncError, ...album }) => album);
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
  const photos = applyQueuedPhotoChanges(
    serverPhotos,
    items,
    (albumId) => names.get(albumId) ?? '',
  ).map(({ queued, ...photo }): PickerPhoto => (queued ? { ...photo, pending: true } : photo));
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
