import { useCallback, useEffect, useRef, useState } from 'react';
import { useOutbox, useOutboxSnapshot } from './outbox-provider';
import { payloadsOf, type OutboxItem } from './registry';
import type { OutboxSnapshot } from './queued-change';
import { useUploadBatches, type UploadBatchEntry } from './upload-batches';

export type FileState = 'waiting' | 'uploading' | 'done' | 'failed' | 'offline';

/** Where one photo of the batch stands: gone from the outbox means the server has it. */
export function fileState(photoId: string, snapshot: OutboxSnapshot): FileState {
  if (!snapshot.loaded) return 'waiting';
  const item = snapshot.items.find((candidate) => candidate.id === photoId);
  if (!item) return 'done';
  if (item.status === 'failed') return 'failed';
  if (snapshot.sendingId === photoId) return 'uploading';
  return snapshot.online ? 'waiting' : 'offline';
}

export interface UploadBatch {
  entries: UploadBatchEntry[];
  stateOf: (photoId: string) => FileState;
  done: number;
  failed: number;
  /** Files done ÷ total × 100 (SPEC §4). */
  percent: number;
  finished: boolean;
  add: (entries: UploadBatchEntry[]) => void;
  clear: () => void;
}

/** The album's uploads still in the outbox, as batch entries. */
function queuedUploads(items: readonly OutboxItem[], albumId: string): UploadBatchEntry[] {
  return payloadsOf(items, 'photo.upload')
    .filter((upload) => upload.albumId === albumId)
    .map(({ photoId, originalFilename, fileSize }) => ({ photoId, originalFilename, fileSize }));
}

/**
 * The album's current 'Add Photos' batch and its progress. The list lives in IndexedDB, so a
 * reload (or the browser closing mid-upload) brings the progress back where it was; if the
 * page closed before the list was stored, the album's uploads still queued make it up again.
 */
export function useUploadBatch(albumId: string): UploadBatch {
  const { engine } = useOutbox();
  const batches = useUploadBatches();
  const snapshot = useOutboxSnapshot();
  const [entries, setEntries] = useState<UploadBatchEntry[]>([]);
  const latest = useRef(entries);

  const replace = useCallback(
    (next: UploadBatchEntry[]) => {
      latest.current = next;
      setEntries(next);
      // Not kept (the disk full, say): the uploads go on, and a reload rebuilds the list from the queue.
      batches
        .save(albumId, next)
        .catch((error: unknown) => console.warn('Upload progress not kept', error));
    },
    [batches, albumId],
  );
  const add = useCallback(
    (added: UploadBatchEntry[]) => {
      // A list just rebuilt from the queue may hold some of these already.
      const known = new Set(latest.current.map((entry) => entry.photoId));
      replace([...latest.current, ...added.filter((entry) => !known.has(entry.photoId))]);
    },
    [replace],
  );
  const clear = useCallback(() => replace([]), [replace]);

  // Read once the queue is known, which a lost list is rebuilt from.
  useEffect(() => {
    if (!snapshot.loaded) return;
    let current = true;
    batches
      .load(albumId)
      .then((stored) => {
        if (!current || latest.current.length > 0) return;
        if (stored.length > 0) {
          latest.current = stored;
          setEntries(stored);
          return;
        }
        const queued = queuedUploads(engine.getSnapshot().items, albumId);
        if (queued.length > 0) replace(queued);
      })
      // Not read (IndexedDB failing): the list starts empty, and the uploads themselves go on.
      .catch((error: unknown) => console.warn('Upload progress not read', error));
    return () => {
      current = false;
    };
  }, [batches, engine, albumId, snapshot.loaded, replace]);

  const stateOf = (photoId: string) => fileState(photoId, snapshot);
  const states = entries.map((entry) => stateOf(entry.photoId));
  const done = states.filter((state) => state === 'done').length;
  return {
    entries,
    stateOf,
    done,
    failed: states.filter((state) => state === 'failed').length,
    percent: entries.length === 0 ? 0 : Math.round((done / entries.length) * 100),
    finished: done === entries.length,
    add,
    clear,
  };
}
