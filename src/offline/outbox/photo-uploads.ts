import { useCallback, useState } from 'react';
import { photosWord } from '@/ui/format';
import { notify } from '@/ui/toast';
import { checkStorableImage } from './image-files';
import { useQueuePhotos } from './queue-photos';
import { useUploadBatch, type UploadBatch } from './upload-batch';
import { secondsLeft, useUploadProgress } from './upload-progress';

export interface PhotoUploads extends UploadBatch {
  /**
   * Takes picked files: refuses what the site cannot store (each with a message), queues the
   * rest (checked whole, room on the device, kept with the change), and says how it went.
   * `notImages` are files the picker itself refused by type.
   */
  addFiles: (files: File[], notImages?: File[]) => Promise<void>;
  /** Why photos were not queued (not enough room on this device), until the dialog closes. */
  refusal: string | null;
  dismissRefusal: () => void;
  /** Bytes of each original on the wire, by photo id. */
  sentBytes: (photoId: string) => number | undefined;
  /** The measured sending speed, bytes per second, while something is being sent. */
  bytesPerSecond: number | null;
  /** Seconds until the batch's originals are all sent at that speed, or null. */
  secondsLeft: number | null;
}

/**
 * A collection's 'Add Photos' work, in the offline layer so that the dialog only picks files and
 * shows progress (docs/offline.md): the type check, queuePhotos (integrity → room → keep →
 * prepare → enqueue), the batch the progress is counted over, and what the photographer is told.
 */
export function usePhotoUploads(albumId: string): PhotoUploads {
  const batch = useUploadBatch(albumId);
  const queuePhotos = useQueuePhotos(albumId);
  const progress = useUploadProgress();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { add } = batch;

  const addFiles = useCallback(
    async (picked: File[], notImages: File[] = []) => {
      for (const file of notImages)
        notify.error(`${file.name} is not an image file.`, 'Invalid file type');
      const images = picked.filter((file) => {
        const check = checkStorableImage(file);
        if (!check.ok) notify.error(check.message, check.title);
        return check.ok;
      });
      if (images.length === 0) return;
      // Each joins the batch as it joins the queue: the first may be on the wire before the last is read.
      const {
        queued,
        unreadable,
        refusal: refused,
        outcomes,
      } = await queuePhotos(images, ({ photoId, originalFilename, fileSize }) =>
        add([{ photoId, originalFilename, fileSize }]),
      );
      for (const photo of unreadable) notify.error(photo.message, photo.title);
      setRefusal(refused);
      if (queued.length === 0) return;
      const settled = await outcomes;
      const failed = settled.filter((outcome) => outcome.status === 'rejected').length;
      const waiting = settled.filter(
        (outcome) => outcome.status === 'fulfilled' && outcome.value === 'queued',
      ).length;
      if (failed > 0) notify.error('Failed to upload photos. Please try again.', 'Upload failed');
      else if (waiting > 0)
        notify.info(
          'Saved on this device',
          `${waiting} ${photosWord(waiting)} will upload as soon as the connection allows.`,
        );
      else
        notify.success(
          'Upload complete',
          `${queued.length} ${photosWord(queued.length)} uploaded successfully.`,
        );
    },
    [queuePhotos, add],
  );

  const sending = batch.entries.some((entry) => batch.stateOf(entry.photoId) === 'uploading');
  const remaining = batch.entries
    .filter(
      (entry) =>
        batch.stateOf(entry.photoId) !== 'done' && batch.stateOf(entry.photoId) !== 'failed',
    )
    .reduce(
      (sum, entry) => sum + entry.fileSize - (progress.files.get(entry.photoId)?.sent ?? 0),
      0,
    );
  const bytesPerSecond = sending ? progress.bytesPerSecond : null;

  return {
    ...batch,
    addFiles,
    refusal,
    dismissRefusal: () => setRefusal(null),
    sentBytes: (photoId) => progress.files.get(photoId)?.sent,
    bytesPerSecond,
    secondsLeft: secondsLeft(remaining, bytesPerSecond),
  };
}
