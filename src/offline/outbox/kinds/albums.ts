import {
  createAlbum,
  deleteAlbum,
  setAlbumCover,
  setAlbumPhotoOrder,
  updateAlbum,
  type AlbumInput,
} from '@/lib/backend/albums';
import { ALBUM_DATA, define, quoted, type WithId } from './define';

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
