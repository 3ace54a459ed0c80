import type { AdminPhoto } from '@/lib/backend/database.types';
import { deletePhoto, deletePhotos, setPhotoCaption } from '@/lib/backend/albums';
import { photoObjectNames } from '@/lib/backend/photo-objects';
import { sendCoverRendition, type CoverRenditionPayload } from '../cover-renditions';
import type { QueuedChange } from '../queued-change';
import {
  extensionOf,
  forgetUpload,
  photoUploadBlobKeys,
  sendPhotoUpload,
  type PhotoUploadPayload,
} from '../upload-pipeline';
import { countPhotos } from './albums';
import { ALBUM_DATA, define, photoCount, quoted } from './define';

/** Every object a photo may have: its original and each rendition (old photos lack the cover). */
const everyObjectOf = (albumId: string, photo: { id: string; filename: string }) =>
  Object.values(photoObjectNames(albumId, photo.id, extensionOf(photo.filename)));

export interface PhotoCaptionPayload {
  photoId: string;
  albumId: string;
  /** The new caption; null clears it (the filename is the alt text again). */
  caption: string | null;
}
export interface PhotoDeletePayload {
  id: string;
  albumId: string;
  /** The photo's objects (names fixed when it was made), removed whatever the RPC answers. */
  objectNames: string[];
}
export interface PhotosDeletePayload {
  albumId: string;
  /** Each photo and its objects (names fixed when it was made), as photo.delete carries them. */
  photos: Array<{ id: string; objectNames: string[] }>;
}

declare module './define' {
  interface RowTypes {
    /** A queued upload's row carries its change (`queued`): its progress is shown. */
    photos: AdminPhoto & { queued?: QueuedChange };
  }
}

/** Changes of a collection's photos: uploads (upload-pipeline.ts), captions, deletions. */
export const photoKinds = {
  'photo.upload': define({
    version: 1,
    build: (upload: PhotoUploadPayload) => ({
      id: upload.photoId,
      entity: `photo:${upload.photoId}`,
      dependsOn: [`album:${upload.albumId}`],
      payload: upload,
      label: `Upload ${upload.originalFilename}`,
    }),
    send: (upload, { backend, db, queued }) =>
      sendPhotoUpload(backend, db, upload, () =>
        Promise.resolve(queued ? uploadsAfter(queued(), upload) : []),
      ),
    blobKeys: (upload) => Object.values(photoUploadBlobKeys(upload.photoId)),
    undo: (upload, { db }) => forgetUpload(db, upload.photoId),
    touches: ({ albumId, photoId }) => [`album:${albumId}`, `photo:${photoId}`],
    affects: ALBUM_DATA,
    apply: {
      albums: (rows, { albumId }) => countPhotos(rows, albumId, 1),
      // Once: the server's copy wins when it has one. Its collection's name is the screen's.
      photos: (rows, upload, { item, at }) => {
        if (rows.has(upload.photoId)) return;
        rows.set(upload.photoId, {
          id: upload.photoId,
          album_id: upload.albumId,
          album_name: '',
          filename: upload.filename,
          file_url: '',
          thumb_url: null,
          preview_url: null,
          original_filename: upload.originalFilename,
          file_size: upload.fileSize,
          width: null,
          height: null,
          mime_type: upload.mimeType,
          created_at: at,
          caption: null,
          queued: item,
        });
      },
    },
  }),
  // Asked for by the app itself, not by a screen: a cover rendition for a photo uploaded before
  // there were any (cover-renditions.ts).
  'photo.makeCover': define({
    version: 1,
    build: (cover: CoverRenditionPayload) => ({
      // Its own entity, after the photo's changes: a photo deleted meanwhile leaves nothing.
      entity: `cover:${cover.photoId}`,
      dependsOn: [`photo:${cover.photoId}`],
      payload: cover,
      label: `Make the cover image of ${cover.name}`,
    }),
    send: (cover, { backend }) => sendCoverRendition(backend, cover),
    touches: ({ albumId, photoId }) => [`album:${albumId}`, `photo:${photoId}`],
    affects: ALBUM_DATA,
  }),
  'photo.setCaption': define({
    version: 1,
    build: (change: PhotoCaptionPayload & { photoName: string }) => ({
      // Its own entity: a caption typed while the photo still uploads waits for the upload
      // (dependsOn), and does not hold back the photo's later changes.
      entity: `caption:${change.photoId}`,
      dependsOn: [`photo:${change.photoId}`],
      payload: {
        photoId: change.photoId,
        albumId: change.albumId,
        caption: change.caption,
      } satisfies PhotoCaptionPayload,
      label: change.caption
        ? `Caption ${change.photoName}`
        : `Remove the caption of ${change.photoName}`,
    }),
    // Sets the value: a replay, or an older caption sent before a newer one, ends with the last typed.
    send: ({ photoId, caption }, { backend }) => setPhotoCaption(backend, photoId, caption),
    touches: ({ albumId, photoId }) => [`album:${albumId}`, `photo:${photoId}`],
    affects: ALBUM_DATA,
    apply: {
      photos: (rows, { photoId, caption }) => {
        const photo = rows.get(photoId);
        if (photo) rows.set(photoId, { ...photo, caption });
      },
    },
  }),
  'photo.delete': define({
    // 1: { id, albumId }; the files were those the RPC answered. 2: their names travel along.
    version: 2,
    read: (stored) => ({ ...(stored as Omit<PhotoDeletePayload, 'objectNames'>), objectNames: [] }),
    build: (photo: { id: string; albumId: string; filename: string; name: string }) => ({
      entity: `photo:${photo.id}`,
      dependsOn: [`album:${photo.albumId}`],
      payload: {
        id: photo.id,
        albumId: photo.albumId,
        objectNames: everyObjectOf(photo.albumId, photo),
      } satisfies PhotoDeletePayload,
      label: `Delete photo ${photo.name}`,
    }),
    send: ({ id, objectNames }, { backend }) => deletePhoto(backend, id, objectNames),
    touches: ({ albumId, id }) => [`album:${albumId}`, `photo:${id}`],
    affects: ALBUM_DATA,
    apply: {
      albums: (rows, { albumId }) => countPhotos(rows, albumId, -1),
      photos: (rows, { id }) => void rows.delete(id),
    },
  }),
  'photos.deleteMany': define({
    version: 1,
    build: (selection: {
      albumId: string;
      albumName: string;
      photos: Array<{ id: string; filename: string }>;
    }) => ({
      entity: `album:${selection.albumId}`,
      // After any earlier change of these photos (an upload still waiting).
      dependsOn: selection.photos.map((photo) => `photo:${photo.id}`),
      payload: {
        albumId: selection.albumId,
        photos: selection.photos.map((photo) => ({
          id: photo.id,
          objectNames: everyObjectOf(selection.albumId, photo),
        })),
      } satisfies PhotosDeletePayload,
      label: `Delete ${photoCount(selection.photos.length)} from ${quoted(selection.albumName)}`,
    }),
    send: ({ photos }, { backend }) => deletePhotos(backend, photos),
    touches: ({ albumId, photos }) => [
      `album:${albumId}`,
      ...photos.map((photo) => `photo:${photo.id}`),
    ],
    affects: ALBUM_DATA,
    apply: {
      albums: (rows, { albumId, photos }) => countPhotos(rows, albumId, -photos.length),
      photos: (rows, { photos }) => {
        for (const { id } of photos) rows.delete(id);
      },
    },
  }),
};

/**
 * The uploads the outbox will send right after this one, in order: the changes after it in the
 * queue, up to the first that is not an upload to the same collection that may go now (its
 * collection is on the server, as this one's is). The pipeline sends the first few originals
 * ahead (SEND_AHEAD_AT_MOST, upload-pipeline.ts).
 */
function uploadsAfter(
  queued: readonly QueuedChange[],
  current: PhotoUploadPayload,
): PhotoUploadPayload[] {
  const index = queued.findIndex(
    (item) =>
      item.kind === 'photo.upload' &&
      (item.payload as PhotoUploadPayload).photoId === current.photoId,
  );
  if (index === -1) return [];
  const after: PhotoUploadPayload[] = [];
  for (const next of queued.slice(index + 1)) {
    const payload = next.payload as PhotoUploadPayload;
    if (
      next.kind !== 'photo.upload' ||
      next.status !== 'pending' ||
      next.nextAttemptAt > Date.now() ||
      payload.albumId !== current.albumId
    )
      break;
    after.push(payload);
  }
  return after;
}

/** True for a queued upload to this collection (deleting it would leave it nowhere to go). */
export const isUploadTo = (item: QueuedChange, albumId: string) =>
  item.kind === 'photo.upload' && (item.payload as PhotoUploadPayload).albumId === albumId;
