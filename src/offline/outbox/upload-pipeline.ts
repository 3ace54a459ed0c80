import { addPhoto } from '@/lib/backend/albums';
import type { Backend } from '@/lib/backend/client';
import { photoObjectNames } from '@/lib/backend/photo-objects';
import { uploadOriginalResumable } from '@/lib/backend/resumable-upload';
import { removeOriginal, uploadToPhotos } from '@/lib/backend/storage';
import type { AdminDatabase, UploadState } from './db';
import type { StoredBlob } from './queued-change';
import { storageExtension } from './image-files';
import { makeRenditions, type Renditions } from './renditions';
import { uploadProgress } from './upload-progress';

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
  cover: `photo:${photoId}:cover`,
  preview: `photo:${photoId}:preview`,
});

/**
 * Notes about a queued photo's upload, in its row of db.uploads: the displayed size of its
 * renditions; the tus upload URL of its original, so a retry after a lost connection or a
 * reload continues that upload from the server's offset; and what is on the server already,
 * so a retry goes on from the next step instead of sending the original or renditions again.
 * Each step is an upsert under a fixed name, so a note is only ever a saving, never a condition.
 */
function noteUpload(
  db: AdminDatabase,
  photoId: string,
  change: (upload: UploadState) => UploadState,
): Promise<void> {
  return db.transaction('rw', db.uploads, async () => {
    await db.uploads.put(change((await db.uploads.get(photoId)) ?? { photoId }));
  });
}

type SentSoFar = NonNullable<UploadState['sent']>;

async function sentSoFar(db: AdminDatabase, photoId: string): Promise<SentSoFar> {
  return (await db.uploads.get(photoId))?.sent ?? {};
}

const markSent = (db: AdminDatabase, photoId: string, more: SentSoFar) =>
  noteUpload(db, photoId, (upload) => ({ ...upload, sent: { ...upload.sent, ...more } }));

/** The extension of a stored file name ({photoId}.{ext}). */
export const extensionOf = (filename: string) => filename.slice(filename.lastIndexOf('.') + 1);

/** The outbox payload of a new photo and the blob it keeps: the original, stored with the change in one transaction. */
export function photoUpload(
  albumId: string,
  file: File,
): { payload: PhotoUploadPayload; blobs: StoredBlob[] } {
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
export function ensureRenditions(
  db: AdminDatabase,
  payload: PhotoUploadPayload,
): Promise<Renditions | null> {
  const existing = inFlight.get(payload.photoId);
  if (existing) return existing;
  const keys = photoUploadBlobKeys(payload.photoId);
  const work = (async () => {
    const [original, thumb, cover, preview] = await db.blobs.bulkGet([
      keys.original,
      keys.thumb,
      keys.cover,
      keys.preview,
    ]);
    const size = (await db.uploads.get(payload.photoId))?.size;
    if (!original) return null;
    // A photo queued by an older version of the app has no cover yet: all three are made again.
    if (thumb && cover && preview && size) {
      const { width, height } = size;
      return { width, height, thumb: thumb.blob, cover: cover.blob, preview: preview.blob };
    }
    const made = await makeRenditions(original.blob, payload.originalFilename);
    const now = Date.now();
    await db.transaction('rw', db.blobs, db.uploads, async () => {
      // Sent or discarded meanwhile: keep nothing the queue no longer refers to.
      if ((await db.blobs.where('key').equals(keys.original).count()) === 0) return;
      await db.blobs.bulkPut([
        { key: keys.thumb, blob: made.thumb, createdAt: now },
        { key: keys.cover, blob: made.cover, createdAt: now },
        { key: keys.preview, blob: made.preview, createdAt: now },
      ]);
      await noteUpload(db, payload.photoId, (upload) => ({
        ...upload,
        size: { width: made.width, height: made.height },
      }));
    });
    return made;
  })().finally(() => inFlight.delete(payload.photoId));
  inFlight.set(payload.photoId, work);
  return work;
}

/** Why an original sent ahead stopped: its upload was discarded (nothing to report). */
class UploadDiscarded extends Error {}

/** Originals on the wire, by photo id: the outbox's send and the look-ahead share one upload. */
const originalsSending = new Map<string, { done: Promise<string | null>; stop: AbortController }>();
/** Originals this page has seen arrive, by photo id: sending ahead skips them. */
const originalsSent = new Set<string>();

/**
 * Originals on the wire at once: two, so that whatever one of them waits for (its upload
 * token, the tus creation, a chunk's answer) the other keeps the uplink busy. More would only
 * share the same uplink.
 */
export const ORIGINALS_AT_ONCE = 2;
/**
 * How many of the uploads queued after the one being sent may have their original sent
 * ahead. Each waits on the server, unrecorded, until its turn (docs/offline.md, "Uploads").
 */
export const SEND_AHEAD_AT_MOST = 3;

/**
 * Sends a queued photo's original to its place (once: a second call while it is on the wire
 * gets the same promise), resumably (tus), and notes it sent. Null when the original is no
 * longer kept (sent and recorded earlier). A photo the browser cannot read stops its
 * original's upload: it would never be recorded, so nothing of it stays.
 */
function sendOriginal(
  backend: Backend,
  db: AdminDatabase,
  payload: PhotoUploadPayload,
): Promise<string | null> {
  const { photoId } = payload;
  const running = originalsSending.get(photoId);
  if (running) return running.done;
  const stop = new AbortController();
  const done = (async () => {
    const sent = await sentSoFar(db, photoId);
    if (sent.fileUrl) return sent.fileUrl;
    const original = await db.blobs.get(photoUploadBlobKeys(photoId).original);
    if (!original) return null;
    ensureRenditions(db, payload).catch((error: unknown) => stop.abort(error));
    const name = photoObjectNames(payload.albumId, photoId, extensionOf(payload.filename)).original;
    let fileUrl: string;
    try {
      fileUrl = await uploadOriginalResumable(backend, name, original.blob, payload.mimeType, {
        uploadUrl: (await db.uploads.get(photoId))?.uploadUrl,
        onUploadUrl: (url) => noteUpload(db, photoId, (upload) => ({ ...upload, uploadUrl: url })),
        onProgress: (bytes, total) => uploadProgress.report(photoId, bytes, total),
        signal: stop.signal,
      });
    } catch (error) {
      // The server may refuse the bytes too (415); the photographer needs this device's reason, which names the file.
      if (stop.signal.aborted) throw stop.signal.reason;
      throw error;
    } finally {
      uploadProgress.finish(photoId);
    }
    await markSent(db, photoId, { fileUrl });
    return fileUrl;
  })()
    .then((fileUrl) => {
      // Sent now or before, or gone with its recorded upload: nothing more to send ahead.
      originalsSent.add(photoId);
      return fileUrl;
    })
    .finally(() => originalsSending.delete(photoId));
  originalsSending.set(photoId, { done, stop });
  return done;
}

/**
 * Keeps the uplink busy: starts the originals of the uploads queued next (`upcoming`, in queue
 * order) while fewer than ORIGINALS_AT_ONCE are on the wire, and again each time one arrives.
 * Only originals go ahead; each photo is still recorded in its turn. A failure ahead is only
 * logged: that upload's own send reports and retries it.
 */
function sendAhead(
  backend: Backend,
  db: AdminDatabase,
  upcoming: () => Promise<readonly PhotoUploadPayload[]>,
): void {
  void upcoming()
    .then((next) => {
      for (const payload of next.slice(0, SEND_AHEAD_AT_MOST)) {
        if (originalsSending.size >= ORIGINALS_AT_ONCE) return;
        const { photoId } = payload;
        if (originalsSent.has(photoId) || originalsSending.has(photoId)) continue;
        sendOriginal(backend, db, payload)
          .then(() => sendAhead(backend, db, upcoming))
          .catch(
            (error: unknown) =>
              error instanceof UploadDiscarded || console.warn('Sending ahead stopped', error),
          );
      }
    })
    .catch((error: unknown) => console.warn('Sending ahead stopped', error));
}

/**
 * The outbox handler of 'photo.upload'. The original goes first, resumably (tus), so the
 * photographer's work is on the server as early as possible; meanwhile the renditions are
 * made (or were, by the pool of rendition-pool.ts). Then thumbnail, cover and preview go to
 * the public bucket together, then admin_add_photo with the photo's own id (a replay records
 * nothing twice), then the local copies are dropped. Every step is safe to replay (the objects
 * are upserts under fixed names); a retry skips the steps done (noteUpload) and resumes the
 * original's upload where it stopped.
 *
 * `upcoming` names the uploads the outbox sends next, in order: their originals go ahead
 * (sendAhead), so they are on the wire while this photo's renditions are sent and recorded and
 * while the outbox moves on (docs/offline.md, "Uploads").
 */
export async function sendPhotoUpload(
  backend: Backend,
  db: AdminDatabase,
  payload: PhotoUploadPayload,
  upcoming: () => Promise<readonly PhotoUploadPayload[]> = () => Promise.resolve([]),
): Promise<void> {
  const { photoId } = payload;
  const renditions = ensureRenditions(db, payload);
  // Awaited below, after the original: a failure here is this photo's, handled there.
  renditions.catch(() => undefined);
  const original = sendOriginal(backend, db, payload);
  sendAhead(backend, db, upcoming);
  // Once this one has arrived, another can take its place on the wire.
  original.then(() => sendAhead(backend, db, upcoming)).catch(() => undefined);
  const fileUrl = await original;
  // Without the original the upload finished earlier and only the outbox entry was left.
  if (!fileUrl) return;

  const names = photoObjectNames(payload.albumId, photoId, extensionOf(payload.filename));
  let made: Renditions | null;
  try {
    made = await renditions;
  } catch (error) {
    // The original arrived before the photo turned out unreadable: it goes again, unrecorded.
    await removeOriginal(backend, names.original)
      .then(() => noteUpload(db, photoId, ({ sent: _sent, ...upload }) => upload))
      .catch((removal: unknown) => console.warn('Unreadable photo left on the server', removal));
    throw error;
  }
  if (!made) return;

  const sent = await sentSoFar(db, photoId);
  let { thumbUrl, coverUrl, previewUrl } = sent;
  if (!thumbUrl || !coverUrl || !previewUrl) {
    [thumbUrl, coverUrl, previewUrl] = await Promise.all([
      // WebP, or JPEG from a browser that cannot encode WebP: each goes with the type it has.
      uploadToPhotos(backend, names.thumb, made.thumb, made.thumb.type),
      uploadToPhotos(backend, names.cover, made.cover, made.cover.type),
      uploadToPhotos(backend, names.preview, made.preview, made.preview.type),
    ]);
    await markSent(db, photoId, { thumbUrl, coverUrl, previewUrl });
  }
  await addPhoto(backend, {
    id: photoId,
    albumId: payload.albumId,
    filename: payload.filename,
    originalFilename: payload.originalFilename,
    fileUrl,
    thumbUrl,
    coverUrl,
    previewUrl,
    fileSize: payload.fileSize,
    width: made.width,
    height: made.height,
    mimeType: payload.mimeType,
  });
  await forgetUpload(db, photoId);
}

/** Drops the local copies of an upload (sent, or discarded by the user); an original still on the wire (sent ahead) stops. */
export async function forgetUpload(db: AdminDatabase, photoId: string): Promise<void> {
  originalsSending.get(photoId)?.stop.abort(new UploadDiscarded('The upload was discarded'));
  originalsSent.delete(photoId);
  await db.transaction('rw', db.blobs, db.uploads, async () => {
    await db.blobs.bulkDelete(Object.values(photoUploadBlobKeys(photoId)));
    await db.uploads.delete(photoId);
  });
}
