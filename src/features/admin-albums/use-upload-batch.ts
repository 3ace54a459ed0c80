import { useCallback, useEffect, useRef, useState } from 'react';
import { useOutbox, useOutboxSnapshot } from '@/offline/outbox-provider';
import type { OutboxSnapshot } from '@/offline/sync-engine';
import { loadUploadBatch, saveUploadBatch, type UploadBatchEntry } from '@/offline/upload-batches';

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

/**
 * The album's current 'Add Photos' batch and its progress. The list lives in IndexedDB, so a
 * reload (or the browser closing mid-upload) brings the progress back where it was.
 */
export function useUploadBatch(albumId: string): UploadBatch {
  const { db } = useOutbox();
  const snapshot = useOutboxSnapshot();
  const [entries, setEntries] = useState<UploadBatchEntry[]>([]);
  const latest = useRef(entries);

  const replace = useCallback(
    (next: UploadBatchEntry[]) => {
      latest.current = next;
      setEntries(next);
      void saveUploadBatch(db, albumId, next);
    },
    [db, albumId],
  );
  const add = useCallback((added: UploadBatchEntry[]) => replace([...latest.current, ...added]), [replace]);
  const clear = useCallback(() => replace([]), [replace]);

  useEffect(() => {
    let current = true;
    void loadUploadBatch(db, albumId).then((stored) => {
      if (current && latest.current.length === 0) {
        latest.current = stored;
        setEntries(stored);
      }
    });
    return () => {
      current = false;
    };
  }, [db, albumId]);

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
