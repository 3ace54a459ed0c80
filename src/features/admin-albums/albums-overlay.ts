import type { AdminAlbum, AdminPhoto } from '@/lib/backend/database.types';
import { applyQueuedAlbumChanges, type PendingMark } from '@/offline/outbox/pending';
import { applyQueuedPhotoChanges } from '@/offline/outbox/pending-photos';
import type { OutboxItem } from '@/offline/outbox/registry';

export type ShownAlbum = AdminAlbum & PendingMark;

/**
 * The collections as the admin should see them: the server's list with the outbox's waiting
 * changes applied (new ones first, edits merged, deletions gone, queued photos counted).
 */
export function overlayAlbums(server: AdminAlbum[], items: OutboxItem[]): ShownAlbum[] {
  return applyQueuedAlbumChanges(server, items, {
    created: (change, item) => ({
      id: change.id,
      name: change.name,
      description: change.description,
      is_public: change.isPublic ?? false,
      visitor_downloads: change.visitorDownloads ?? 'web',
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
    }),
  }).sort((a, b) => b.created_at.localeCompare(a.created_at));
}

export type ShownPhoto = AdminPhoto & PendingMark & { uploadState?: 'waiting' | 'sending' | 'failed' };

/** An album's photos with queued uploads appended and queued deletions gone. */
export function overlayPhotos(
  albumId: string,
  albumName: string,
  server: AdminPhoto[],
  items: OutboxItem[],
  sendingId: string | null,
): ShownPhoto[] {
  return applyQueuedPhotoChanges(server, items, () => albumName)
    .filter((photo) => photo.album_id === albumId)
    .map(({ queued, ...photo }) =>
      queued
        ? {
            ...photo,
            pending: true,
            syncError: queued.status === 'failed' ? queued.failure?.message : undefined,
            uploadState: queued.status === 'failed' ? 'failed' : queued.id === sendingId ? 'sending' : 'waiting',
          }
        : photo,
    );
}
