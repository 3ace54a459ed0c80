import type { AdminAlbum, AdminPhoto } from '@/lib/backend/database.types';
import { applyQueuedAlbumChanges, pendingMark, type PendingMark } from '@/offline/outbox/pending';
import { applyQueuedPhotoChanges } from '@/offline/outbox/pending-photos';
import { payloadsOf, visitChange, type OutboxItem } from '@/offline/outbox/registry';

export type ShownAlbum = AdminAlbum & PendingMark;

/**
 * The collections as the admin should see them: the server's list with the outbox's waiting
 * changes applied (new ones first, edits merged, deletions gone, queued photos counted).
 */
export function overlayAlbums(server: AdminAlbum[], items: OutboxItem[]): ShownAlbum[] {
  const shown = applyQueuedAlbumChanges(server, items, {
    created: (change, item) => ({
      id: change.id,
      name: change.name,
      description: change.description,
      is_public: change.isPublic ?? false,
      visitor_downloads: change.visitorDownloads ?? 'web',
      photo_layout: change.photoLayout ?? 'square',
      cover_photo_url: null,
      preview_photo: null,
      photo_count: 0,
      created_at: new Date(item.createdAt).toISOString(),
    }),
    updated: (album, change) => ({
      ...album,
      name: change.name,
      description: change.description,
      is_public: change.isPublic ?? album.is_public,
      visitor_downloads: change.visitorDownloads ?? album.visitor_downloads,
      photo_layout: change.photoLayout ?? album.photo_layout,
    }),
  });
  // A waiting cover choice shows on the card at once (going back to the first photo shows once sent).
  const byId = new Map(shown.map((album) => [album.id, album]));
  for (const item of items) {
    visitChange(item, {
      'album.setCover': ({ albumId, coverUrl }) => {
        const album = byId.get(albumId);
        if (!album) return;
        byId.set(albumId, {
          ...album,
          cover_photo_url: coverUrl ?? album.cover_photo_url,
          preview_photo: coverUrl ?? album.preview_photo,
          ...pendingMark(item),
        });
      },
    });
  }
  return [...byId.values()].sort((a, b) => b.created_at.localeCompare(a.created_at));
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
  const photos = applyQueuedPhotoChanges(server, items, () => albumName)
    .filter((photo) => photo.album_id === albumId)
    .map(({ queued, ...photo }): ShownPhoto =>
      queued
        ? {
            ...photo,
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
  const lastOrder = payloadsOf(items, 'album.reorderPhotos')
    .filter((order) => order.albumId === albumId)
    .at(-1);
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
  const waiting = payloadsOf(items, 'album.setCover')
    .filter((cover) => cover.albumId === albumId)
    .at(-1);
  const choice = waiting ? waiting.photoId : chosen;
  if (choice && photos.some((photo) => photo.id === choice)) return choice;
  return photos.find((photo) => !photo.uploadState)?.id ?? null;
}
