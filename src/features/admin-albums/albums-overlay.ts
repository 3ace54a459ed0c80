import type { AdminAlbum, AdminPhoto } from '@/lib/backend/database.types';
import type { AlbumChange } from '@/offline/changes';
import { applyQueuedPhotoChanges } from '@/offline/pending-photos';
import type { OutboxItem } from '@/offline/sync-engine';
import type { PhotoUploadPayload } from '@/offline/upload-pipeline';

/** How a row stands against the outbox: on the server, or with a change still waiting. */
export interface PendingMark {
  pending?: boolean;
  /** The server refused the waiting change; the sync list offers retry or discard. */
  syncError?: string;
}

export type ShownAlbum = AdminAlbum & PendingMark;

/**
 * The collections as the admin should see them: the server's list with the outbox's waiting
 * changes applied (new ones first, edits merged, deletions gone, queued photos counted).
 */
export function overlayAlbums(server: AdminAlbum[], items: OutboxItem[]): ShownAlbum[] {
  const albums = new Map<string, ShownAlbum>(server.map((album) => [album.id, { ...album }]));
  for (const item of items) {
    const mark: PendingMark = { pending: true, syncError: item.status === 'failed' ? item.error : undefined };
    if (item.kind === 'album.create') {
      const change = item.payload as AlbumChange;
      if (!albums.has(change.id)) {
        albums.set(change.id, {
          id: change.id,
          name: change.name,
          description: change.description,
          is_public: change.isPublic ?? false,
          cover_photo_url: null,
          preview_photo: null,
          photo_count: 0,
          created_at: new Date(item.createdAt).toISOString(),
          ...mark,
        });
      }
    } else if (item.kind === 'album.update') {
      const change = item.payload as AlbumChange;
      const album = albums.get(change.id);
      if (album) {
        albums.set(change.id, {
          ...album,
          name: change.name,
          description: change.description,
          is_public: change.isPublic ?? album.is_public,
          ...mark,
        });
      }
    } else if (item.kind === 'album.delete') {
      albums.delete((item.payload as { id: string }).id);
    } else if (item.kind === 'photo.upload') {
      const album = albums.get((item.payload as PhotoUploadPayload).albumId);
      if (album) album.photo_count += 1;
    } else if (item.kind === 'photo.delete') {
      const album = albums.get((item.payload as { albumId: string }).albumId);
      if (album) album.photo_count = Math.max(0, album.photo_count - 1);
    }
  }
  return [...albums.values()].sort((a, b) => b.created_at.localeCompare(a.created_at));
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
            syncError: queued.status === 'failed' ? queued.error : undefined,
            uploadState: queued.status === 'failed' ? 'failed' : queued.id === sendingId ? 'sending' : 'waiting',
          }
        : photo,
    );
}
