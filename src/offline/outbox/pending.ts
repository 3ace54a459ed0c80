import type { AlbumChange } from './changes';
import type { OutboxItem } from './sync-engine';
import type { PhotoUploadPayload } from './upload-pipeline';

/** How a row stands against the outbox: on the server, or with a change still waiting. */
export interface PendingMark {
  pending?: boolean;
  /** The server refused the waiting change; the sync list offers retry or discard. */
  syncError?: string;
}

/** The mark of a row changed by this waiting change. */
export function pendingMark(item: OutboxItem): PendingMark {
  return { pending: true, syncError: item.status === 'failed' ? item.error : undefined };
}

interface AlbumLike {
  id: string;
  name: string;
  photo_count?: number;
}

interface AlbumOverlayOptions<T> {
  /** The row of a collection created in the outbox. */
  created: (change: AlbumChange, item: OutboxItem) => T;
  /** The row after an edit; by default only the name changes. */
  updated?: (album: T, change: AlbumChange) => T;
}

/**
 * A list of collections with the outbox applied, for every screen that shows or picks them:
 * new ones added (after the server's, in queue order), edits merged, deletions gone, and
 * queued photo uploads and deletions counted where the row has a photo_count.
 */
export function applyQueuedAlbumChanges<T extends AlbumLike>(
  server: T[],
  items: OutboxItem[],
  { created, updated = (album, change) => ({ ...album, name: change.name }) }: AlbumOverlayOptions<T>,
): Array<T & PendingMark> {
  const albums = new Map<string, T & PendingMark>(server.map((album) => [album.id, { ...album }]));
  const countPhotos = (albumId: string, delta: number) => {
    const album = albums.get(albumId);
    if (album?.photo_count !== undefined) album.photo_count = Math.max(0, album.photo_count + delta);
  };
  for (const item of items) {
    if (item.kind === 'album.create') {
      const change = item.payload as AlbumChange;
      if (!albums.has(change.id)) albums.set(change.id, { ...created(change, item), ...pendingMark(item) });
    } else if (item.kind === 'album.update') {
      const change = item.payload as AlbumChange;
      const album = albums.get(change.id);
      if (album) albums.set(change.id, { ...updated(album, change), ...pendingMark(item) });
    } else if (item.kind === 'album.delete') {
      albums.delete((item.payload as { id: string }).id);
    } else if (item.kind === 'photo.upload') {
      countPhotos((item.payload as PhotoUploadPayload).albumId, 1);
    } else if (item.kind === 'photo.delete') {
      countPhotos((item.payload as { albumId: string }).albumId, -1);
    }
  }
  return [...albums.values()];
}
