import { useState } from 'react';
import { usePublicBackend } from '@/lib/backend/backend-context';
import { zipFiles } from '@/lib/downloads/album-zip';
import { zipFileName } from '@/lib/downloads/file-names';
import {
  fetchOriginal,
  fetchWebSize,
  webSizeFilename,
  type DownloadSize,
  type OriginalAccess,
} from '@/lib/downloads/photo-download';
import { saveStream } from '@/lib/downloads/save-stream';
import { notify } from '@/ui/toast';

/** How many originals are fetched at once while zipping. */
const PARALLEL_FETCHES = 4;

/** A photo as a zip takes it: its original's stored URL, and the name and size it had; its preview for a web-size zip. */
export interface ZippedPhoto {
  fileUrl: string | null;
  originalFilename: string;
  fileSize: number;
  previewSrc?: string;
}

/**
 * Originals as one zip: fetched a few at a time (with `access`), streamed into a zip named
 * after the album, in the order given; with `size` 'web', the 2048 px previews under the
 * originals' names with the rendition's extension. Photos that fail are skipped and counted.
 * Used by the client gallery's 'Download All Photos', a collection's selection 'Download' and a
 * link's 'Download Favourites'. `percent` is null when idle.
 */
export function useZipDownload(albumName: string, access: OriginalAccess) {
  const backend = usePublicBackend();
  const [percent, setPercent] = useState<number | null>(null);

  async function download(
    photos: readonly ZippedPhoto[],
    doneMessage = 'All photos downloaded as zip file',
    size: DownloadSize = 'original',
  ) {
    if (percent !== null || photos.length === 0) return;
    setPercent(0);
    try {
      const { stream, summary } = zipFiles(
        photos.map((photo) =>
          size === 'web' && photo.previewSrc
            ? {
                name: webSizeFilename(photo.originalFilename, photo.previewSrc),
                // Its size is not known before it is fetched: progress counts files alike.
                size: 1,
                load: (signal: AbortSignal) => fetchWebSize(photo.previewSrc!, { signal }),
              }
            : {
                name: photo.originalFilename,
                size: size === 'web' ? 1 : photo.fileSize,
                load: (signal: AbortSignal) =>
                  fetchOriginal(backend, photo.fileUrl, { access, signal }),
              },
        ),
        { concurrency: PARALLEL_FETCHES, onProgress: (progress) => setPercent(progress.percent) },
      );
      const [, { added, skipped }] = await Promise.all([
        saveStream(stream, zipFileName(albumName)),
        summary,
      ]);
      if (added === 0) throw new Error('No photo could be fetched');
      notify.success(
        'Download Complete',
        skipped === 0
          ? doneMessage
          : `${added} of ${photos.length} photos downloaded as zip file; ${skipped} could not be fetched and ${skipped === 1 ? 'was' : 'were'} skipped`,
      );
    } catch (error) {
      console.error('Download all failed', error);
      notify.error('There was an error creating the zip file', 'Download Failed');
    } finally {
      setPercent(null);
    }
  }

  return { download, percent };
}
