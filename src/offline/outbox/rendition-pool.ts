import type { AdminDatabase } from './db';
import { RENDITIONS_AT_ONCE } from './renditions';
import { ensureRenditions, type PhotoUploadPayload } from './upload-pipeline';

/**
 * Jobs started at once: as many as may run (renditions.ts); the rest wait here, in order. Not
 * a second limit on the work (renditions.ts has the one), but its priority: a photo being sent
 * asks for its renditions itself (upload-pipeline.ts), and so waits behind at most this many
 * jobs working ahead, where handing the whole queue to renditions.ts would put it last.
 */
const waiting: Array<() => Promise<void>> = [];
const queued = new Set<string>();
let running = 0;

function startWaiting(): void {
  while (running < RENDITIONS_AT_ONCE && waiting.length > 0) {
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
