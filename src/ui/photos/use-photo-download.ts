import { useCallback } from 'react';
import { usePublicBackend } from '@/lib/backend/backend-context';
import {
  downloadPhoto,
  downloadWebSize,
  InvalidPhotoUrlError,
  type DownloadSize,
  type OriginalAccess,
} from '@/lib/downloads/photo-download';
import { notify } from '../toast';
import type { ShownPhoto } from './photo-sources';

/**
 * Downloads one photo, with the spec's toasts (SPEC §8): its original, or with `size: 'web'`
 * the 2048 px preview. `access` gives the headers that open private originals (a client
 * link's grant); public photos need none.
 */
export function usePhotoDownload({
  access,
  size = 'original',
}: { access?: OriginalAccess; size?: DownloadSize } = {}): (photo: ShownPhoto) => void {
  const backend = usePublicBackend();
  return useCallback(
    (photo: ShownPhoto) => {
      notify.success('Download Started', `Downloading ${photo.originalFilename}`);
      const done = size === 'web' ? downloadWebSize(photo) : downloadPhoto(backend, photo, access);
      done.catch((error: unknown) => {
        console.error('Photo download failed', error);
        if (error instanceof InvalidPhotoUrlError) notify.error('Invalid photo URL');
        else notify.error('Failed to download photo', 'Download Failed');
      });
    },
    [backend, access, size],
  );
}
