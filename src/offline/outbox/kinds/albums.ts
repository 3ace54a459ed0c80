import type { AdminAlbum } from '@/lib/backend/database.types';
import {
  createAlbum,
  deleteAlbum,
  setAlbumCover,
  setAlbumPhotoOrder,
  updateAlbum,
  type AlbumInput,
} from '@/lib/backend/albums';
import type { QueuedChange } from '../queued-change';
import { ALBUM_DATA, define, quoted, type RowMap, type RowTypes, type WithId } from './define';

export interface AlbumChange extends AlbumInput {
  id: string;
}
export interface AlbumCoverPayload {
  albumId: string;
  /** The chosen photo; null goes back to the first photo in order. */
  photoId: string | null;
  /** What the cover shows meanwhile (the photo's display URL), for the collections list's overlay. */
  coverUrl: string | null;
}
export interface AlbumOrderPayload {
  albumId: string;
  /** Every photo of the collection, in the new order. */
  photoIds: string[];
}

declare module './define' {
  interface RowTypes {
    /** Every field of the collections list; other screens read fewer. */
    albums: Pick<AdminAlbum, 'id' | 'name'> & Partial<AdminAlbum>;
  }
}

/** Changes of a collection (its photos' own changes are in photos.ts). */
export const albumKinds = {
  'album.create': define({
    version: 1,
    build: (album: AlbumChange) => ({
      entity: `album:${album.id}`,
      payload: album,
      label: `Create collection ${quoted(album.name)}`,
    }),
    send: async (album, { backend }) => void (await createAlbum(backend, album.id, album)),
    touches: ({ id }) => [`album:${id}`],
    affects: ALBUM_DATA,
    apply: {
      albums: (rows, album, { at, mark }) => {
        if (rows.has(album.id)) return;
        rows.set(album.id, {
          id: album.id,
          name: album.name,
          description: album.description,
          is_public: album.isPublic ?? false,
          visitor_downloads: album.visitorDownloads ?? 'web',
          photo_layout: album.photoLayout ?? 'square',
          cover_photo_url: null,
          preview_photo: null,
          photo_count: 0,
          created_at: at,
          ...mark,
        });
      },
    },
  }),
  'album.update': define({
    version: 1,
    build: (album: AlbumChange) => ({
      entity: `album:${album.id}`,
      payload: album,
      label: `Update collection ${quoted(album.name)}`,
    }),
    send: (album, { backend }) => updateAlbum(backend, album.id, album),
    touches: ({ id }) => [`album:${id}`],
    affects: ALBUM_DATA,
    apply: {
      albums: (rows, change, { mark }) => {
        const album = rows.get(change.id);
        if (!album) return;
        rows.set(change.id, {
          ...album,
          name: change.name,
          description: change.description,
          is_public: change.isPublic ?? album.is_public,
          visitor_downloads: change.visitorDownloads ?? album.visitor_downloads,
          photo_layout: change.photoLayout ?? album.photo_layout,
          ...mark,
        });
      },
    },
  }),
  'album.delete': define({
    version: 1,
    build: (album: { id: string; name: string }) => ({
      entity: `album:${album.id}`,
      payload: { id: album.id } satisfies WithId,
      label: `Delete collection ${quoted(album.name)}`,
    }),
    send: ({ id }, { backend }) => deleteAlbum(backend, id),
    touches: ({ id }) => [`album:${id}`],
    affects: ALBUM_DATA,
    apply: {
      albums: (rows, { id }) => void rows.delete(id),
      // Deleting a collection deletes its links (on delete cascade).
      links: (rows, { id }) => {
        for (const link of [...rows.values()]) if (link.album_id === id) rows.delete(link.id);
      },
    },
  }),
  'album.setCover': define({
    version: 1,
    build: (cover: AlbumCoverPayload & { albumName: string; photoName: string | null }) => ({
      entity: `album:${cover.albumId}`,
      // A photo still uploading is chosen once it is on the server.
      dependsOn: cover.photoId ? [`photo:${cover.photoId}`] : [],
      payload: {
        albumId: cover.albumId,
        photoId: cover.photoId,
        coverUrl: cover.coverUrl,
      } satisfies AlbumCoverPayload,
      label: cover.photoName
        ? `Set ${cover.photoName} as cover of ${quoted(cover.albumName)}`
        : `Use the first photo as cover of ${quoted(cover.albumName)}`,
    }),
    send: ({ albumId, photoId }, { backend }) => setAlbumCover(backend, albumId, photoId),
    touches: ({ albumId }) => [`album:${albumId}`],
    affects: ALBUM_DATA,
    apply: {
      // Shows on the card at once (going back to the first photo shows once sent).
      albums: (rows, { albumId, coverUrl }, { mark }) => {
        const album = rows.get(albumId);
        if (!album) return;
        rows.set(albumId, {
          ...album,
          cover_photo_url: coverUrl ?? album.cover_photo_url,
          preview_photo: coverUrl ?? album.preview_photo,
          ...mark,
        });
      },
    },
  }),
  'album.reorderPhotos': define({
    version: 1,
    build: (order: AlbumOrderPayload & { albumName: string }) => ({
      entity: `album:${order.albumId}`,
      // Sent after the uploads and deletions of the photos it names that were queued before it.
      dependsOn: order.photoIds.map((photoId) => `photo:${photoId}`),
      payload: { albumId: order.albumId, photoIds: order.photoIds } satisfies AlbumOrderPayload,
      label: `Reorder photos of ${quoted(order.albumName)}`,
    }),
    // Sets every position: a replay, or an older order sent before a newer one, ends with the last order made.
    send: ({ albumId, photoIds }, { backend }) => setAlbumPhotoOrder(backend, albumId, photoIds),
    touches: ({ albumId }) => [`album:${albumId}`],
    affects: ALBUM_DATA,
  }),
};

/** The last waiting choice of the collection's cover, if any. */
export function waitingCover(
  items: readonly QueuedChange[],
  albumId: string,
): AlbumCoverPayload | undefined {
  return lastPayload<AlbumCoverPayload>(items, 'album.setCover', albumId);
}

/** The last waiting order of the collection's photos, if any (only the last one counts). */
export function waitingOrder(
  items: readonly QueuedChange[],
  albumId: string,
): AlbumOrderPayload | undefined {
  return lastPayload<AlbumOrderPayload>(items, 'album.reorderPhotos', albumId);
}

const lastPayload = <Payload extends { albumId: string }>(
  items: readonly QueuedChange[],
  kind: 'album.setCover' | 'album.reorderPhotos',
  albumId: string,
) =>
  items
    .filter((item) => item.kind === kind)
    .map((item) => item.payload as Payload)
    .filter((payload) => payload.albumId === albumId)
    .at(-1);

/** Counts queued uploads and deletions in a collection's row (rows without a count keep none). */
export function countPhotos(rows: RowMap<RowTypes['albums']>, albumId: string, delta: number) {
  const album = rows.get(albumId);
  if (album?.photo_count !== undefined) album.photo_count = Math.max(0, album.photo_count + delta);
}
