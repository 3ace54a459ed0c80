import type { AdminDatabase } from './db';
import { ensureRenditions, type PhotoUploadPayload } from './upload-pipeline';

/**
 * Renditions made at once: one per core but one, which is left to the page and the sending
 * (each job's decode and encode run in its own Web Worker). At most four: each holds a decoded
 * photo (about 100 MB for 24 MP) while it works.
 */
export const PREPARED_AT_ONCE = Math.max(
  1,
  Math.min(4, (globalThis.navigator?.hardwareConcurrency ?? 2) - 1),
);
const waiting: Array<() => Promise<void>> = [];
const queued = new Set<string>();
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
 * ahead of sending: previews show early, and while one photo's original is on the wire the
 * next photos' renditions are being made (upload-pipeline.ts sends the original first).
 */
export function prepareInBackground(db: AdminDatabase, uploads: PhotoUploadPayload[]): void {
  for (const upload of uploads) {
    if (queued.has(upload.photoId)) continue;
    queued.add(upload.photoId);
    waiting.push(() =>
      ensureRenditions(db, upload)
        .then(
          () => undefined,
          (error: unknown) => console.warn('Could not prepare', upload.originalFilename, error),
        )
        .finally(() => queued.delete(upload.photoId)),
    );
  }
  startWaiting();
}
