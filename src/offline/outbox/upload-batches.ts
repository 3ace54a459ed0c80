import { useMemo } from 'react';
import type { AdminDatabase } from './db';
import { useOutbox } from './outbox-provider';

/** One photo of an 'Add Photos' batch, as its progress list shows it. */
export interface UploadBatchEntry {
  photoId: string;
  originalFilename: string;
  fileSize: number;
}

const batchKey = (albumId: string) => `upload-batch:${albumId}`;

/**
 * The photos last added to an album, kept in IndexedDB so the upload progress (files done ÷
 * total) is still there after a reload; which of them are done is read from the outbox.
 */
export async function loadUploadBatch(
  db: AdminDatabase,
  albumId: string,
): Promise<UploadBatchEntry[]> {
  const stored = await db.keyValues.get(batchKey(albumId));
  return stored ? (JSON.parse(stored.value) as UploadBatchEntry[]) : [];
}

export async function saveUploadBatch(
  db: AdminDatabase,
  albumId: string,
  entries: UploadBatchEntry[],
): Promise<void> {
  if (entries.length === 0) await db.keyValues.delete(batchKey(albumId));
  else await db.keyValues.put({ key: batchKey(albumId), value: JSON.stringify(entries) });
}

/** The collections' upload batches, for the progress hook of Add Photos. */
export function useUploadBatches() {
  const { db } = useOutbox();
  return useMemo(
    () => ({
      load: (albumId: string) => loadUploadBatch(db, albumId),
      save: (albumId: string, entries: UploadBatchEntry[]) => saveUploadBatch(db, albumId, entries),
    }),
    [db],
  );
}
