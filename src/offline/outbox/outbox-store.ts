import type { AdminDatabase } from './db';
import { blobKeysOf, payloadsOf, readStoredItem, type OutboxItem } from './registry';
import type { OutboxStore } from './queued-change';

/**
 * The outbox kept in IndexedDB, in queue order. Every write of the queue also counts the
 * outbox's revision (db.revisions), in its transaction: the store remembers the revision it
 * last read or wrote, so `changedElsewhere` tells, with one small read, whether another tab
 * wrote the queue since. One store per engine (per tab).
 */
export function dexieOutboxStore(db: AdminDatabase): OutboxStore<OutboxItem> {
  /** The revision as this store last read or wrote the queue; null before its first read. */
  let seen: number | null = null;
  const revision = async () => (await db.revisions.get('outbox'))?.revision ?? 0;
  /** Counts a write of the queue; called inside the write's transaction. */
  const counted = async () => {
    const next = (await revision()) + 1;
    await db.revisions.put({ table: 'outbox', revision: next });
    return next;
  };
  /** After a write of this store: still in step if nobody else wrote in between. */
  const wrote = (next: number) => {
    if (seen !== null && next === seen + 1) seen = next;
  };
  return {
    load: () =>
      db.transaction('r', db.outbox, db.revisions, async () => {
        const stored = await db.outbox.orderBy('seq').toArray();
        seen = await revision();
        return stored.flatMap((row) => readStoredItem(row) ?? []);
      }),
    async add(item, blobs) {
      // The change and its bytes together: a tab closed in between keeps both or neither.
      const { seq, next } = await db.transaction(
        'rw',
        db.outbox,
        db.blobs,
        db.revisions,
        async () => {
          if (blobs.length > 0) await db.blobs.bulkPut(blobs);
          return { seq: await db.outbox.add(item), next: await counted() };
        },
      );
      wrote(next);
      return { ...item, seq };
    },
    async put(item) {
      wrote(
        await db.transaction('rw', db.outbox, db.revisions, async () => {
          await db.outbox.put(item);
          return counted();
        }),
      );
    },
    async delete(item) {
      if (item.seq === undefined) return;
      const seq = item.seq;
      wrote(
        await db.transaction('rw', db.outbox, db.revisions, async () => {
          await db.outbox.delete(seq);
          return counted();
        }),
      );
    },
    changedElsewhere: async () => seen === null || (await revision()) !== seen,
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
