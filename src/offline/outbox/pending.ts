import { visitChange, type AlbumChange, type OutboxItem } from './registry';

/** How a row stands against the outbox: on the server, or with a change still waiting. */
export interface PendingMark {
  pending?: boolean;
  /** The server refused the waiting change; the sync list offers retry or discard. */
  syncError?: string;
}

/** The mark of a row changed by this waiting change. */
export function pendingMark(item: OutboxItem): PendingMark {
  return { pending: true, syncError: item.status === 'failed' ? item.failure?.message : undefined };
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
  {
    created,
    updated = (album, change) => ({ ...album, name: change.name }),
  }: AlbumOverlayOptions<T>,
): Array<T & PendingMark> {
  const albums = new Map<string, T & PendingMark>(server.map((album) => [album.id, { ...album }]));
  const countPhotos = (albumId: string, delta: number) => {
    const album = albums.get(albumId);
    if (album?.photo_count !== undefined)
      album.photo_count = Math.max(0, album.photo_count + delta);
  };
  for (const item of items) {
    visitChange(item, {
      'album.create': (change) => {
        if (!albums.has(change.id))
          albums.set(change.id, { ...created(change, item), ...pendingMark(item) });
      },
      'album.update': (change) => {
        const album = albums.get(change.id);
        if (album) albums.set(change.id, { ...updated(album, change), ...pendingMark(item) });
      },
      'album.delete': ({ id }) => albums.delete(id),
      'photo.upload': ({ albumId }) => countPhotos(albumId, 1),
      'photo.delete': ({ albumId }) => countPhotos(albumId, -1),
      'photos.deleteMany': ({ albumId, photos }) => countPhotos(albumId, -photos.length),
    });
  }
  return [...albums.values()];
}
