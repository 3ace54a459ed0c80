import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { useOutbox } from './outbox-provider';
import { photoUploadBlobKeys, ensureRenditions, type PhotoUploadPayload } from './upload-pipeline';
import type { AdminDatabase } from './db';

/**
 * Object URLs of the thumbnails of uploads still in the browser, by photo id; they appear as
 * soon as a thumbnail is made and are released when no longer shown.
 */
export function useLocalThumbnails(photoIds: string[]): Record<string, string> {
  const { db } = useOutbox();
  const [urls, setUrls] = useState<Record<string, string>>({});
  const key = photoIds.join(',');

  useEffect(() => {
    const ids = key === '' ? [] : key.split(',');
    let current: Record<string, string> = {};
    const subscription = liveQuery(() => db.blobs.bulkGet(ids.map((id) => photoUploadBlobKeys(id).thumb))).subscribe({
      next(rows) {
        const next: Record<string, string> = {};
        rows.forEach((row, index) => {
          const id = ids[index]!;
          if (row) next[id] = current[id] ?? URL.createObjectURL(row.blob);
        });
        Object.entries(current).forEach(([id, url]) => next[id] !== url && URL.revokeObjectURL(url));
        current = next;
        setUrls(next);
      },
      error: (error: unknown) => console.error('Local thumbnails', error),
    });
    return () => {
      subscription.unsubscribe();
      Object.values(current).forEach((url) => URL.revokeObjectURL(url));
    };
  }, [db, key]);

  return urls;
}

/**
 * Renditions made at once: two where the computer has the cores (a photo's decode on one
 * while the other's encode runs on another). Each holds a decoded photo (about 100 MB for
 * 24 MP) while it works, so not more.
 */
const PREPARED_AT_ONCE = Math.max(1, Math.min(2, globalThis.navigator?.hardwareConcurrency ?? 1));
const waiting: Array<() => Promise<void>> = [];
let running = 0;

function startWaiting(): void {
  while (running < PREPARED_AT_ONCE && waiting.length > 0) {
    const job = waiting.shift()!;
    running += 1;
    void job().finally(() => {
      running -= 1;
      startWaiting();
    });
  }
}

/**
 * Makes the renditions of queued uploads in the background, in the order they were added,
 * ahead of sending: previews show early, and the next photos are ready while one is sent.
 */
export function prepareInBackground(db: AdminDatabase, uploads: PhotoUploadPayload[]): void {
  for (const upload of uploads) {
    waiting.push(() =>
      ensureRenditions(db, upload).then(
        () => undefined,
        (error: unknown) => console.warn('Could not prepare', upload.originalFilename, error),
      ),
    );
  }
  startWaiting();
}
