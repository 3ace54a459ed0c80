import type { AdminDatabase } from './db';
import { blobKeysOf, payloadsOf, readStoredItem, type OutboxItem } from './registry';
import type { OutboxStore } from './sync-engine';

/** The outbox kept in IndexedDB, in queue order. */
export function dexieOutboxStore(db: AdminDatabase): OutboxStore<OutboxItem> {
  return {
    load: async () =>
      (await db.outbox.orderBy('seq').toArray()).flatMap((stored) => readStoredItem(stored) ?? []),
    add: (item, blobs) =>
      // The change and its bytes together: a tab closed in between keeps both or neither.
      db.transaction('rw', db.outbox, db.blobs, async () => {
        if (blobs.length > 0) await db.blobs.bulkPut(blobs);
        const seq = await db.outbox.add(item);
        return { ...item, seq };
      }),
    async put(item) {
      await db.outbox.put(item);
    },
    async delete(item) {
      if (item.seq !== undefined) await db.outbox.delete(item.seq);
    },
  };
}

/**
 * Removes the blobs and upload notes (db.uploads) no queued change refers to: left by a tab
 * closed while renditions were being written for an upload that had just been sent, or by an
 * older version of the app that stored a file before queueing its change. Runs at start-up, in
 * one transaction with the queue, so a change being queued in another tab is seen with its
 * blobs. Returns how many blobs it removed.
 */
export function sweepOrphanedBlobs(db: AdminDatabase): Promise<number> {
  return db.transaction('rw', db.outbox, db.blobs, db.uploads, async () => {
    // Rows of kinds this version does not know keep every blob: a newer version may need them.
    const stored = await db.outbox.toArray();
    const read = stored.map((row) => readStoredItem(row));
    if (read.includes(null)) return 0;
    const items = read.filter((item) => item !== null);
    const kept = new Set(items.flatMap(blobKeysOf));
    const orphaned = (await db.blobs.toCollection().primaryKeys()).filter((key) => !kept.has(key));
    await db.blobs.bulkDelete(orphaned);
    // A queued photo's size, tus upload URL and steps done (upload-pipeline.ts) go with it.
    const keptPhotos = new Set(payloadsOf(items, 'photo.upload').map((upload) => upload.photoId));
    const uploads = await db.uploads.toCollection().primaryKeys();
    await db.uploads.bulkDelete(uploads.filter((photoId) => !keptPhotos.has(photoId)));
    return orphaned.length;
  });
}
