// @vitest-environment node
// (Node's structured clone keeps Blobs in fake-indexeddb; jsdom's Blob does not survive it.)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhotoRecord } from '@/lib/backend/albums';
import type { Backend } from '@/lib/backend/client';
import { BackendError } from '@/lib/backend/errors';
import { AdminDatabase } from '@/offline/outbox/db';
import { storageExtension } from '@/offline/outbox/image-files';
import { newChange, sendChange } from '@/offline/outbox/registry';
import {
  ensureRenditions,
  forgetUpload,
  photoUpload,
  photoUploadBlobKeys,
  sendPhotoUpload,
  type PhotoUploadPayload,
} from '@/offline/outbox/upload-pipeline';
import { queued } from './queued-change';

// The pipeline's logic is under test here; the real backend and the browser-only image work
// (createImageBitmap, workers) are covered by the browser journeys.
const uploaded: Array<{ bucket?: 'originals'; path: string; type: string; size: number }> = [];
const recorded: PhotoRecord[] = [];
const removed: string[] = [];
let failRecording: BackendError | null = null;
const makeRenditions = vi.fn(async () => ({
  width: 800,
  height: 1200,
  thumb: new Blob(['thumb'], { type: 'image/webp' }),
  cover: new Blob(['cover-b'], { type: 'image/webp' }),
  preview: new Blob(['preview-bytes'], { type: 'image/webp' }),
}));

vi.mock('@/offline/outbox/renditions', () => ({
  makeRenditions: (...args: unknown[]) => makeRenditions(...(args as [])),
}));
vi.mock('@/lib/backend/storage', () => ({
  uploadToPhotos: async (_backend: unknown, path: string, blob: Blob, type: string) => {
    uploaded.push({ path, type, size: blob.size });
    return `http://site/storage/v1/object/public/photos/${path}`;
  },
  removeOriginal: async (_backend: unknown, name: string) => {
    removed.push(name);
  },
}));
// The resumable upload as the pipeline sees it: an upload URL once made, progress, and a cut
// when told to fail (tests/security/resumable-uploads.test.ts covers the protocol itself).
const resumedFrom: Array<string | null | undefined> = [];
let cutOriginal = false;
/** An original whose path contains this stays on the wire until its upload is stopped. */
let holdOriginalOf: string | null = null;
const stopped: string[] = [];
vi.mock('@/lib/backend/resumable-upload', () => ({
  uploadOriginalResumable: async (
    _backend: unknown,
    path: string,
    blob: Blob,
    type: string,
    options: {
      uploadUrl?: string | null;
      onUploadUrl?: (url: string) => Promise<void>;
      onProgress?: (sent: number, total: number) => void;
      signal?: AbortSignal;
    },
  ) => {
    resumedFrom.push(options.uploadUrl);
    await options.onUploadUrl?.(
      options.uploadUrl ?? `http://site/storage/v1/upload/resumable/sign/${path.length}`,
    );
    options.onProgress?.(3, blob.size);
    if (holdOriginalOf && path.includes(holdOriginalOf)) {
      await new Promise((_, reject) =>
        options.signal?.addEventListener('abort', () => {
          stopped.push(path);
          reject(options.signal!.reason as Error);
        }),
      );
    }
    if (cutOriginal) throw new BackendError('Could not reach the server.', 'network', 0);
    uploaded.push({ bucket: 'originals', path, type, size: blob.size });
    return `/storage/v1/object/authenticated/originals/${path}`;
  },
}));
vi.mock('@/lib/backend/albums', () => ({
  addPhoto: async (_backend: unknown, photo: PhotoRecord) => {
    if (failRecording) throw failRecording;
    recorded.push(photo);
    return photo.id;
  },
}));

const backend = {} as Backend;
let db: AdminDatabase;

beforeEach(() => {
  db = new AdminDatabase(`upload-test-${crypto.randomUUID()}`);
  uploaded.length = 0;
  recorded.length = 0;
  failRecording = null;
  cutOriginal = false;
  holdOriginalOf = null;
  stopped.length = 0;
  resumedFrom.length = 0;
  removed.length = 0;
  makeRenditions.mockClear();
});

afterEach(async () => {
  db.close();
  await db.delete();
});

/** A photo picked for album `albumId`, its original stored as the outbox stores it. */
async function keepForUpload(
  database: AdminDatabase,
  albumId: string,
  file: File,
): Promise<PhotoUploadPayload> {
  const { payload, blobs } = photoUpload(albumId, file);
  await database.blobs.bulkPut(blobs);
  return payload;
}

const jpeg = (name = 'IMG_0001.JPG') =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], name, { type: 'image/jpeg' });

describe('the upload pipeline', () => {
  it('keeps the original in IndexedDB under a fresh id, keeping a sensible extension', async () => {
    const upload = await keepForUpload(db, 'album-1', jpeg());
    expect(upload).toMatchObject({
      albumId: 'album-1',
      originalFilename: 'IMG_0001.JPG',
      mimeType: 'image/jpeg',
      fileSize: 6,
    });
    expect(upload.filename).toBe(`${upload.photoId}.jpg`);
    const stored = await db.blobs.get(photoUploadBlobKeys(upload.photoId).original);
    expect(stored?.blob.size).toBe(6);
    expect(storageExtension({ name: 'scan.png', type: 'image/png' })).toBe('png');
    expect(storageExtension({ name: 'no-extension', type: 'image/webp' })).toBe('webp');
    expect(storageExtension({ name: 'odd.exe', type: 'image/jpeg' })).toBe('jpg');
  });

  it('makes the renditions once, even when asked twice at the same time, and keeps them', async () => {
    const upload = await keepForUpload(db, 'album-1', jpeg());
    const [first, second] = await Promise.all([
      ensureRenditions(db, upload),
      ensureRenditions(db, upload),
    ]);
    expect(first).toMatchObject({ width: 800, height: 1200 });
    expect(second).toMatchObject({ width: 800, height: 1200 });
    expect(makeRenditions).toHaveBeenCalledTimes(1);
    // Later (say after a reload) they come from IndexedDB.
    expect(await ensureRenditions(db, upload)).toMatchObject({ width: 800, height: 1200 });
    expect(makeRenditions).toHaveBeenCalledTimes(1);
  });

  it('makes all three again for a photo queued by an app that made no cover', async () => {
    const upload = await keepForUpload(db, 'album-1', jpeg());
    const keys = photoUploadBlobKeys(upload.photoId);
    await db.blobs.bulkPut([
      { key: keys.thumb, blob: new Blob(['old-thumb']), createdAt: 1 },
      { key: keys.preview, blob: new Blob(['old-preview']), createdAt: 1 },
    ]);
    await db.uploads.put({ photoId: upload.photoId, size: { width: 800, height: 1200 } });
    const made = await ensureRenditions(db, upload);
    expect(makeRenditions).toHaveBeenCalledTimes(1);
    expect(await (made?.cover as Blob).text()).toBe('cover-b');
    expect(await (await db.blobs.get(keys.cover))?.blob.text()).toBe('cover-b');
  });

  it('sends original, thumbnail, cover and preview, records the photo with its own id, then lets go of the bytes', async () => {
    const upload = await keepForUpload(db, 'album-1', jpeg());
    await sendPhotoUpload(backend, db, upload);
    expect(uploaded).toEqual([
      { bucket: 'originals', path: `album-1/${upload.photoId}.jpg`, type: 'image/jpeg', size: 6 },
      { path: `album-1/${upload.photoId}.thumb.webp`, type: 'image/webp', size: 5 },
      { path: `album-1/${upload.photoId}.cover.webp`, type: 'image/webp', size: 7 },
      { path: `album-1/${upload.photoId}.preview.webp`, type: 'image/webp', size: 13 },
    ]);
    expect(recorded).toEqual([
      expect.objectContaining({
        id: upload.photoId,
        albumId: 'album-1',
        filename: `${upload.photoId}.jpg`,
        originalFilename: 'IMG_0001.JPG',
        width: 800,
        height: 1200,
        fileSize: 6,
        fileUrl: `/storage/v1/object/authenticated/originals/album-1/${upload.photoId}.jpg`,
        thumbUrl: `http://site/storage/v1/object/public/photos/album-1/${upload.photoId}.thumb.webp`,
        coverUrl: `http://site/storage/v1/object/public/photos/album-1/${upload.photoId}.cover.webp`,
      }),
    ]);
    expect(await db.blobs.count()).toBe(0);

    // A replay of a finished upload (its queue entry outlived it) sends nothing again.
    await sendPhotoUpload(backend, db, upload);
    expect(recorded).toHaveLength(1);
    expect(uploaded).toHaveLength(4);
  });

  it('keeps the bytes when recording fails, so a retry can finish the job without new renditions', async () => {
    const upload = await keepForUpload(db, 'album-1', jpeg());
    failRecording = new BackendError('Could not reach the server.', 'network', 0);
    await expect(sendPhotoUpload(backend, db, upload)).rejects.toThrow(
      'Could not reach the server.',
    );
    expect(await db.blobs.count()).toBe(4);
    // The displayed size, the original's upload URL, and what is on the server already.
    expect(await db.uploads.toArray()).toEqual([
      {
        photoId: upload.photoId,
        size: { width: 800, height: 1200 },
        uploadUrl: expect.stringMatching(/^http:\/\/site\/storage\/v1\/upload\/resumable\/sign\//),
        sent: {
          fileUrl: `/storage/v1/object/authenticated/originals/album-1/${upload.photoId}.jpg`,
          thumbUrl: `http://site/storage/v1/object/public/photos/album-1/${upload.photoId}.thumb.webp`,
          coverUrl: `http://site/storage/v1/object/public/photos/album-1/${upload.photoId}.cover.webp`,
          previewUrl: `http://site/storage/v1/object/public/photos/album-1/${upload.photoId}.preview.webp`,
        },
      },
    ]);
    expect(uploaded).toHaveLength(4);

    failRecording = null;
    await sendPhotoUpload(backend, db, upload);
    expect(recorded.map((photo) => photo.id)).toEqual([upload.photoId]);
    // The retry only recorded the photo: the original and renditions were not sent again.
    expect(uploaded).toHaveLength(4);
    expect(resumedFrom).toHaveLength(1);
    expect(makeRenditions).toHaveBeenCalledTimes(1);
    expect(await db.blobs.count()).toBe(0);
  });

  it('keeps the upload URL of a cut original, so the retry resumes that upload (after a reload too)', async () => {
    const upload = await keepForUpload(db, 'album-1', jpeg());
    cutOriginal = true;
    await expect(sendPhotoUpload(backend, db, upload)).rejects.toThrow(
      'Could not reach the server.',
    );
    expect(uploaded).toEqual([]);
    const kept = (await db.uploads.get(upload.photoId))?.uploadUrl;
    expect(kept).toMatch(/^http:\/\/site\/storage\/v1\/upload\/resumable\/sign\//);

    cutOriginal = false;
    await sendPhotoUpload(backend, db, upload);
    expect(resumedFrom).toEqual([undefined, kept]);
    expect(recorded.map((photo) => photo.id)).toEqual([upload.photoId]);
    expect(await db.uploads.get(upload.photoId)).toBeUndefined();
  });

  it('fails with this device’s reason for a photo it cannot read, leaving no original of it on the server', async () => {
    const upload = await keepForUpload(db, 'album-1', jpeg('IMG_0666.jpg'));
    makeRenditions.mockRejectedValueOnce(new Error('IMG_0666.jpg could not be read as a photo.'));
    await expect(sendPhotoUpload(backend, db, upload)).rejects.toThrow(
      'IMG_0666.jpg could not be read as a photo.',
    );
    expect(recorded).toEqual([]);
    // Whether the original arrived before the renditions failed or its upload was stopped, none stays.
    expect(uploaded.filter((file) => file.bucket === 'originals').map((file) => file.path)).toEqual(
      removed,
    );
  });

  it('sends the next upload’s original while this one finishes, and never twice', async () => {
    const first = await keepForUpload(db, 'album-1', jpeg('IMG_0001.JPG'));
    const second = await keepForUpload(db, 'album-1', jpeg('IMG_0002.JPG'));
    await sendPhotoUpload(backend, db, first, () => Promise.resolve([second]));
    await vi.waitFor(() =>
      expect(uploaded.map((file) => file.path)).toContain(`album-1/${second.photoId}.jpg`),
    );
    // On the server, not recorded yet: that is the outbox's next change.
    expect(recorded.map((photo) => photo.id)).toEqual([first.photoId]);

    await sendPhotoUpload(backend, db, second);
    expect(recorded.map((photo) => photo.id)).toEqual([first.photoId, second.photoId]);
    expect(uploaded.filter((file) => file.bucket === 'originals').map((file) => file.path)).toEqual(
      [`album-1/${first.photoId}.jpg`, `album-1/${second.photoId}.jpg`],
    );
    expect(resumedFrom).toHaveLength(2);
    expect(await db.blobs.count()).toBe(0);
  });

  it('sends ahead the original of the upload next in the outbox’s queue, as the outbox holds it', async () => {
    const first = await keepForUpload(db, 'album-1', jpeg('IMG_0001.JPG'));
    const second = await keepForUpload(db, 'album-1', jpeg('IMG_0002.JPG'));
    const elsewhere = await keepForUpload(db, 'album-2', jpeg('IMG_0003.JPG'));
    const queue = [first, second, elsewhere].map((photo) =>
      queued(newChange('photo.upload', photo)),
    );
    await sendChange(queue[0]!, { backend, db, queued: () => queue });
    await vi.waitFor(() =>
      expect(uploaded.map((file) => file.path)).toContain(`album-1/${second.photoId}.jpg`),
    );
    expect(recorded.map((photo) => photo.id)).toEqual([first.photoId]);

    // The next one goes to another collection: nothing goes ahead of it.
    await sendChange(queue[1]!, { backend, db, queued: () => queue.slice(1) });
    expect(recorded.map((photo) => photo.id)).toEqual([first.photoId, second.photoId]);
    expect(resumedFrom).toHaveLength(2);
    expect(uploaded.map((file) => file.path)).not.toContain(`album-2/${elsewhere.photoId}.jpg`);
  });

  it('keeps two originals on the wire, the next ones’ starting as each arrives, and only the next three', async () => {
    const photos = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => keepForUpload(db, 'album-1', jpeg(`IMG_000${n}.JPG`))),
    );
    type Five = [
      PhotoUploadPayload,
      PhotoUploadPayload,
      PhotoUploadPayload,
      PhotoUploadPayload,
      PhotoUploadPayload,
    ];
    const [first, second, third, fourth, fifth] = photos as Five;
    const queue = photos.map((photo) => queued(newChange('photo.upload', photo)));
    // The second stays on the wire: beside it, one other original at a time.
    holdOriginalOf = second.photoId;
    await sendChange(queue[0]!, { backend, db, queued: () => queue });
    const sentOriginals = () =>
      uploaded.filter((file) => file.bucket === 'originals').map((file) => file.path);
    await vi.waitFor(() =>
      expect(sentOriginals()).toEqual([
        `album-1/${first.photoId}.jpg`,
        `album-1/${third.photoId}.jpg`,
        `album-1/${fourth.photoId}.jpg`,
      ]),
    );
    // The fifth is four places after the first: not sent ahead of it.
    expect(resumedFrom).toHaveLength(4);
    expect(recorded.map((photo) => photo.id)).toEqual([first.photoId]);
    expect(sentOriginals()).not.toContain(`album-1/${fifth.photoId}.jpg`);

    holdOriginalOf = null;
    await forgetUpload(db, second.photoId);
    for (const [index, change] of queue.entries()) {
      if (index < 2) continue;
      await sendChange(change, { backend, db, queued: () => queue.slice(index) });
    }
    expect(recorded.map((photo) => photo.id)).toEqual(
      [first, third, fourth, fifth].map((photo) => photo.photoId),
    );
    // Each original went once: those sent ahead were not sent again in their turn.
    expect(sentOriginals()).toHaveLength(4);
    expect(resumedFrom).toHaveLength(5);
  });

  it('stops an original sent ahead when its upload is discarded', async () => {
    const first = await keepForUpload(db, 'album-1', jpeg('IMG_0001.JPG'));
    const second = await keepForUpload(db, 'album-1', jpeg('IMG_0002.JPG'));
    holdOriginalOf = second.photoId;
    await sendPhotoUpload(backend, db, first, () => Promise.resolve([second]));
    await vi.waitFor(() => expect(resumedFrom).toHaveLength(2));
    await forgetUpload(db, second.photoId);
    expect(stopped).toEqual([`album-1/${second.photoId}.jpg`]);
    expect(uploaded.map((file) => file.path)).not.toContain(`album-1/${second.photoId}.jpg`);
    expect(await db.blobs.count()).toBe(0);
  });

  it('forgets every local copy of a discarded upload', async () => {
    const upload = await keepForUpload(db, 'album-1', jpeg());
    await ensureRenditions(db, upload);
    await db.uploads.update(upload.photoId, {
      uploadUrl: 'http://site/storage/v1/upload/resumable/sign/x',
    });
    expect(await db.uploads.get(upload.photoId)).toMatchObject({
      size: { width: 800, height: 1200 },
      uploadUrl: 'http://site/storage/v1/upload/resumable/sign/x',
    });
    await forgetUpload(db, upload.photoId);
    expect(await db.blobs.count()).toBe(0);
    expect(await db.uploads.count()).toBe(0);
    expect(await db.keyValues.count()).toBe(0);
  });
});
