import type { AdminAlbum, AdminPhoto } from '@/lib/backend/database.types';
import { waitingCover, waitingOrder } from '@/offline/outbox/kinds/albums';
import { overlayRows, type PendingMark, type RowTypes } from '@/offline/outbox/overlay';
import type { OutboxItem } from '@/offline/outbox/registry';

export type ShownAlbum = AdminAlbum & PendingMark;

/**
 * The collections as the admin should see them: the server's list with the outbox's waiting
 * changes applied (new ones first, edits merged, deletions gone, queued photos counted, a
 * waiting cover shown on the card).
 */
export function overlayAlbums(server: AdminAlbum[], items: OutboxItem[]): ShownAlbum[] {
  return overlayRows('albums', server, items).sort((a, b) =>
    b.created_at.localeCompare(a.created_at),
  );
}

export type ShownPhoto = AdminPhoto &
  PendingMark & { uploadState?: 'waiting' | 'sending' | 'failed' };

/**
 * Photos in the given order: those it names first, as it names them; the others (added since,
 * or still uploading) after them in the order they had. The server's rule, in
 * admin_set_album_photo_order.
 */
export function inOrder<Photo extends { id: string }>(
  photos: readonly Photo[],
  order: readonly string[],
): Photo[] {
  const position = new Map<string, number>();
  order.forEach((id, index) => {
    if (!position.has(id)) position.set(id, index);
  });
  return photos
    .map((photo, index) => ({ photo, key: position.get(photo.id) ?? order.length + index }))
    .sort((a, b) => a.key - b.key)
    .map(({ photo }) => photo);
}

/** An album's photos with queued uploads appended, queued deletions gone and the last queued order applied. */
export function overlayPhotos(
  albumId: string,
  albumName: string,
  server: AdminPhoto[],
  items: OutboxItem[],
  sendingId: string | null,
): ShownPhoto[] {
  const photos = overlayRows<'photos', RowTypes['photos']>('photos', server, items)
    .filter((photo) => photo.album_id === albumId)
    .map(({ queued, ...photo }): ShownPhoto =>
      queued
        ? {
            ...photo,
            album_name: albumName,
            pending: true,
            syncError: queued.status === 'failed' ? queued.failure?.message : undefined,
            uploadState:
              queued.status === 'failed'
                ? 'failed'
                : queued.id === sendingId
                  ? 'sending'
                  : 'waiting',
          }
        : photo,
    );
  const lastOrder = waitingOrder(items, albumId);
  return lastOrder ? inOrder(photos, lastOrder.photoIds) : photos;
}

/**
 * Which photo is the collection's cover: the last waiting choice, else the server's, else
 * (none chosen, or the chosen one is gone) the first photo on the server in the order shown.
 */
export function coverPhotoId(
  albumId: string,
  chosen: string | null,
  photos: readonly ShownPhoto[],
  items: OutboxItem[],
): string | null {
  const waiting = waitingCover(items, albumId);
  const choice = waiting ? waiting.photoId : chosen;
  if (choice && photos.some((photo) => photo.id === choice)) return choice;
  return photos.find((photo) => !photo.uploadState)?.id ?? null;
}
