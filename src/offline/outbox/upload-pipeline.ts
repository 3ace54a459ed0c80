import { addPhoto } from '@/lib/backend/albums';
import type { Backend } from '@/lib/backend/client';
import { photoObjectNames } from '@/lib/backend/photo-objects';
import { uploadOriginal, uploadToPhotos } from '@/lib/backend/storage';
import type { AdminDatabase } from './db';
import type { StoredBlob } from './sync-engine';
import { storageExtension } from './image-files';
import { makeRenditions, type Renditions } from './renditions';

/** What the outbox keeps for a photo upload; the bytes wait in the blobs table. */
export interface PhotoUploadPayload {
  photoId: string;
  albumId: string;
  /** Storage name inside the album folder: {photoId}.{ext}. */
  filename: string;
  originalFilename: string;
  mimeType: string;
  fileSize: number;
}

/** The blobs of one queued photo: its original (kept with the change) and its renditions (made later). */
export const photoUploadBlobKeys = (photoId: string) => ({
  original: `photo:${photoId}:original`,
  thumb: `photo:${photoId}:thumb`,
  preview: `photo:${photoId}:preview`,
});

/** Where the displayed width × height of a prepared upload is kept (db.keyValues). */
export const photoSizeKey = (photoId: string) => `photo:${photoId}:size`;

/** The extension of a stored file name ({photoId}.{ext}). */
export const extensionOf = (filename: string) => filename.slice(filename.lastIndexOf('.') + 1);

/** The outbox payload of a new photo and the blob it keeps: the original, stored with the change in one transaction. */
export function photoUpload(albumId: string, file: File): { payload: PhotoUploadPayload; blobs: StoredBlob[] } {
  const photoId = crypto.randomUUID();
  return {
    payload: {
      photoId,
      albumId,
      filename: `${photoId}.${storageExtension(file)}`,
      originalFilename: file.name,
      mimeType: file.type,
      fileSize: file.size,
    },
    blobs: [{ key: photoUploadBlobKeys(photoId).original, blob: file, createdAt: Date.now() }],
  };
}

const inFlight = new Map<string, Promise<Renditions | null>>();

/**
 * The renditions of a queued photo: made once (in a worker) and kept in IndexedDB, so a retry
 * or a reload does not make them again. Null when the original is no longer kept (already sent).
 */
export function ensureRenditions(db: AdminDatabase, payload: PhotoUploadPayload): Promise<Renditions | null> {
  const existing = inFlight.get(payload.photoId);
  if (existing) return existing;
  const keys = photoUploadBlobKeys(payload.photoId);
  const work = (async () => {
    const [original, thumb, preview] = await db.blobs.bulkGet([keys.original, keys.thumb, keys.preview]);
    const size = await db.keyValues.get(photoSizeKey(payload.photoId));
    if (!original) return null;
    if (thumb && preview && size) {
      const { width, height } = JSON.parse(size.value) as { width: number; height: number };
      return { width, height, thumb: thumb.blob, preview: preview.blob };
    }
    const made = await makeRenditions(original.blob, payload.originalFilename);
    const now = Date.now();
    await db.transaction('rw', db.blobs, db.keyValues, async () => {
      // Sent or discarded meanwhile: keep nothing the queue no longer refers to.
      if ((await db.blobs.where('key').equals(keys.original).count()) === 0) return;
      await db.blobs.bulkPut([
        { key: keys.thumb, blob: made.thumb, createdAt: now },
        { key: keys.preview, blob: made.preview, createdAt: now },
      ]);
      await db.keyValues.put({ key: photoSizeKey(payload.photoId), value: JSON.stringify({ width: made.width, height: made.height }) });
    });
    return made;
  })().finally(() => inFlight.delete(payload.photoId));
  inFlight.set(payload.photoId, work);
  return work;
}

/**
 * The outbox handler of 'photo.upload': the original to the private bucket, thumbnail and
 * preview to the public one (upserts, so a replay rewrites the same objects), then
 * admin_add_photo with the photo's own id (a replay records nothing twice), then the local
 * copies are dropped.
 */
export async function sendPhotoUpload(backend: Backend, db: AdminDatabase, payload: PhotoUploadPayload): Promise<void> {
  const keys = photoUploadBlobKeys(payload.photoId);
  const original = await db.blobs.get(keys.original);
  // Without the original the upload finished earlier and only the outbox entry was left.
  if (!original) return;
  const renditions = await ensureRenditions(db, payload);
  if (!renditions) return;
  const names = photoObjectNames(payload.albumId, payload.photoId, extensionOf(payload.filename));
  const fileUrl = await uploadOriginal(backend, names.original, original.blob, payload.mimeType);
  const thumbUrl = await uploadToPhotos(backend, names.thumb, renditions.thumb, 'image/webp');
  const previewUrl = await uploadToPhotos(backend, names.preview, renditions.preview, 'image/webp');
  await addPhoto(backend, {
    id: payload.photoId,
    albumId: payload.albumId,
    filename: payload.filename,
    originalFilename: payload.originalFilename,
    fileUrl,
    thumbUrl,
    previewUrl,
    fileSize: payload.fileSize,
    width: renditions.width,
    height: renditions.height,
    mimeType: payload.mimeType,
  });
  await forgetUpload(db, payload.photoId);
}

/** Drops the local copies of an upload (sent, or discarded by the user). */
export async function forgetUpload(db: AdminDatabase, photoId: string): Promise<void> {
  await db.transaction('rw', db.blobs, db.keyValues, async () => {
    await db.blobs.bulkDelete(Object.values(photoUploadBlobKeys(photoId)));
    await db.keyValues.delete(photoSizeKey(photoId));
  });
}
