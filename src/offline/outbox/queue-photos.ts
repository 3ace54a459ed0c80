import { useCallback } from 'react';
import {
  ensureRoomFor,
  isQuotaError,
  StorageShortError,
  uploadFootprint,
} from '@/lib/storage-space';
import { megabytes } from '@/ui/format';
import { prepareInBackground } from './rendition-pool';
import { checkPhotoReadable } from './photo-integrity';
import { useOutbox } from './outbox-provider';
import { newChange } from './registry';
import type { Outbox } from './start-outbox';
import type { SubmitOutcome } from './queued-change';
import { photoUpload, type PhotoUploadPayload } from './upload-pipeline';

export interface QueuedPhotos {
  /** The photos now in the outbox, in the order picked. */
  queued: PhotoUploadPayload[];
  /** Photos refused before anything was queued (cut off, not a photo), each with its words for the photographer. */
  unreadable: Array<{ file: File; title: string; message: string }>;
  /** Why some or all were not queued (not enough room on this device), in words for the photographer. */
  refusal: string | null;
  /** Each queued photo's outcome: sent, waiting for the network, or refused. */
  outcomes: Promise<Array<PromiseSettledResult<SubmitOutcome>>>;
}

function storageShortMessage(files: number, error: StorageShortError): string {
  return `${files === 1 ? 'This photo needs' : `These ${files} photos need`} about ${megabytes(error.neededBytes)} on this device until they are uploaded, and only ${megabytes(error.freeBytes)} is free for this site. Free some space or add fewer photos.`;
}

/**
 * Puts picked photos in the outbox, each with its original in the same IndexedDB transaction,
 * and starts making their renditions in the background (docs/offline.md). Refuses up front
 * when the browser's estimate says the batch will not fit; if the disk fills anyway, the
 * photos queued so far go ahead and the refusal says how many did not (nothing is dropped
 * silently). Each file is first checked whole and readable (photo-integrity.ts): a photo cut
 * off on its way from the card is refused here, with its name, not after it is queued. Their
 * types were checked before (image-files.ts).
 *
 * Photo by photo: each is checked, queued and handed to the renditions pool before the next is
 * read, so the first original is on the wire while the rest of a large batch is still being
 * checked and kept. `onQueued` hears of each as it joins the queue.
 */
export async function queuePhotos(
  outbox: Outbox,
  albumId: string,
  picked: File[],
  onQueued: (photo: PhotoUploadPayload) => void = () => undefined,
): Promise<QueuedPhotos> {
  const unreadable: QueuedPhotos['unreadable'] = [];
  const queued: PhotoUploadPayload[] = [];
  const outcomes: Array<Promise<SubmitOutcome>> = [];
  const result = (refusal: string | null): QueuedPhotos => ({
    queued,
    unreadable,
    refusal,
    outcomes: Promise.allSettled(outcomes),
  });
  try {
    await ensureRoomFor(uploadFootprint(picked));
  } catch (error) {
    if (error instanceof StorageShortError)
      return result(storageShortMessage(picked.length, error));
    throw error;
  }
  for (const [index, file] of picked.entries()) {
    // One at a time: each check reads the whole file into memory.
    const check = await checkPhotoReadable(file);
    if (!check.ok) {
      unreadable.push({ file, title: check.title, message: check.message });
      continue;
    }
    const { payload, blobs } = photoUpload(albumId, file);
    try {
      const { outcome } = await outbox.enqueue(newChange('photo.upload', payload), blobs);
      queued.push(payload);
      outcomes.push(outcome);
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      const left = picked.slice(index);
      return result(
        storageShortMessage(left.length, new StorageShortError(uploadFootprint(left), 0)),
      );
    }
    onQueued(payload);
    prepareInBackground(outbox.db, [payload]);
  }
  return result(null);
}

/** queuePhotos for one collection, for the Add Photos dialog. */
export function useQueuePhotos(
  albumId: string,
): (files: File[], onQueued?: (photo: PhotoUploadPayload) => void) => Promise<QueuedPhotos> {
  const outbox = useOutbox();
  return useCallback(
    (files: File[], onQueued?: (photo: PhotoUploadPayload) => void) =>
      queuePhotos(outbox, albumId, files, onQueued),
    [outbox, albumId],
  );
}
