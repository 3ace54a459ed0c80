// @vitest-environment node
// (Node's structured clone keeps Blobs in fake-indexeddb; jsdom's Blob does not survive it.)
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminDatabase } from '@/offline/outbox/db';
import { dexieOutboxStore } from '@/offline/outbox/outbox-store';

/**
 * The admin's IndexedDB on a device that ran an earlier version of the app holds queued changes
 * and uploads: opening it with this version must carry every one of them over.
 */

const PHOTO = '5f0c1a52-3c55-4d7e-9a39-1b2f8f0a7e11';
const OTHER_PHOTO = '0b6f0d8e-8e0c-4c44-93d4-6f1d2c3b4a59';
const ALBUM = 'a4a5e2c1-9d3b-4c1a-8e11-0f5b7c2d9e33';

/** The database as version 1 of the schema made it (the tables before uploads had their own). */
class Version1Database extends Dexie {
  constructor(name: string) {
    super(name);
    this.version(1).stores({
      outbox: '++seq, &id, entity, kind, status',
      blobs: 'key',
      keyValues: 'key',
    });
  }
}

const upload = {
  id: PHOTO,
  kind: 'photo.upload',
  version: 1,
  entity: `photo:${PHOTO}`,
  dependsOn: [`album:${ALBUM}`],
  payload: {
    photoId: PHOTO,
    albumId: ALBUM,
    filename: `${PHOTO}.jpg`,
    originalFilename: 'IMG_0001.JPG',
    mimeType: 'image/jpeg',
    fileSize: 3,
  },
  label: 'Upload IMG_0001.JPG',
  status: 'pending',
  attempts: 2,
  nextAttemptAt: 1_000,
  failure: { kind: 'network', status: 0, message: 'Could not reach the server.' },
  createdAt: 500,
};
const rename = {
  id: 'rename-1',
  kind: 'album.update',
  version: 1,
  entity: `album:${ALBUM}`,
  dependsOn: [],
  payload: { id: ALBUM, name: 'Smith wedding', description: null, isPublic: false },
  label: 'Update collection “Smith wedding”',
  status: 'failed',
  attempts: 1,
  nextAttemptAt: 600,
  failure: { kind: 'refused', status: 400, message: 'Name too long' },
  createdAt: 600,
};
const sent = {
  fileUrl: `/storage/v1/object/authenticated/originals/${ALBUM}/${PHOTO}.jpg`,
  thumbUrl: `http://site/storage/v1/object/public/photos/${ALBUM}/${PHOTO}.thumb.webp`,
};
const tusUrl = 'http://site/storage/v1/upload/resumable/sign/abc';

let name: string;

beforeEach(() => {
  name = `admin-db-${crypto.randomUUID()}`;
});

afterEach(async () => {
  await Dexie.delete(name);
});

describe('the admin database, opened by this version on a device that ran version 1', () => {
  it('keeps every queued change and blob, and moves each upload’s notes to its own row', async () => {
    const before = new Version1Database(name);
    await before.table('outbox').bulkAdd([upload, rename]);
    await before.table('blobs').bulkPut([
      { key: `photo:${PHOTO}:original`, blob: new Blob(['jpg']), createdAt: 1 },
      { key: `photo:${PHOTO}:thumb`, blob: new Blob(['thumb']), createdAt: 2 },
      { key: `photo:${PHOTO}:preview`, blob: new Blob(['preview']), createdAt: 2 },
      { key: 'file:logo.png', blob: new Blob(['png']), createdAt: 3 },
    ]);
    await before.table('keyValues').bulkPut([
      { key: `photo:${PHOTO}:size`, value: JSON.stringify({ width: 800, height: 1200 }) },
      { key: `photo:${PHOTO}:tus`, value: tusUrl },
      { key: `photo:${PHOTO}:sent`, value: JSON.stringify(sent) },
      { key: `photo:${OTHER_PHOTO}:tus`, value: `${tusUrl}-other` },
      // A note that cannot be read costs its step again, not the upgrade.
      { key: 'photo:cut-short:sent', value: '{"fileUrl":' },
      { key: 'admin-query-cache', value: '{"clientState":{}}' },
      { key: `upload-batch:${ALBUM}`, value: '[]' },
    ]);
    const rowsBefore = await before.table('outbox').toArray();
    before.close();

    const db = new AdminDatabase(name);
    try {
      expect(await db.outbox.toArray()).toEqual(rowsBefore);
      expect(rowsBefore).toEqual([
        { ...upload, seq: 1 },
        { ...rename, seq: 2 },
      ]);
      const blobs = await db.blobs.toArray();
      expect(blobs.map((blob) => blob.key).sort()).toEqual(
        [
          'file:logo.png',
          `photo:${PHOTO}:original`,
          `photo:${PHOTO}:preview`,
          `photo:${PHOTO}:thumb`,
        ].sort(),
      );
      expect(await blobs.find((blob) => blob.key === `photo:${PHOTO}:original`)?.blob.text()).toBe(
        'jpg',
      );
      expect(await db.uploads.get(PHOTO)).toEqual({
        photoId: PHOTO,
        size: { width: 800, height: 1200 },
        uploadUrl: tusUrl,
        sent,
      });
      expect(await db.uploads.get(OTHER_PHOTO)).toEqual({
        photoId: OTHER_PHOTO,
        uploadUrl: `${tusUrl}-other`,
      });
      expect(await db.uploads.get('cut-short')).toBeUndefined();
      // The cache and upload batches stay where they were; the notes left keyValues.
      expect((await db.keyValues.toCollection().primaryKeys()).sort()).toEqual(
        ['admin-query-cache', `upload-batch:${ALBUM}`].sort(),
      );
      // And the outbox reads them as it read them before.
      expect((await dexieOutboxStore(db).load()).map((item) => [item.id, item.status])).toEqual([
        [PHOTO, 'pending'],
        ['rename-1', 'failed'],
      ]);
    } finally {
      db.close();
    }
  });

  it('opens an empty version 1 database, and a new one', async () => {
    await new Version1Database(name).open().then((before) => before.close());
    const upgraded = new AdminDatabase(name);
    expect(await upgraded.uploads.count()).toBe(0);
    expect(await upgraded.revisions.count()).toBe(0);
    upgraded.close();
    const fresh = new AdminDatabase(`${name}-fresh`);
    expect(await fresh.uploads.count()).toBe(0);
    fresh.close();
    await Dexie.delete(`${name}-fresh`);
  });
});
