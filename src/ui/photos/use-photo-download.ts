import { useCallback } from 'react';
import { usePublicBackend } from '@/lib/backend/backend-context';
import { downloadPhoto, InvalidPhotoUrlError, type OriginalAccess } from '@/lib/downloads/photo-download';
import { notify } from '../toast';
import type { ShownPhoto } from './photo-sources';

/**
 * Downloads one photo's original, with the spec's toasts (SPEC §8). `access` gives the
 * headers that open private originals (a client link's grant); public photos need none.
 */
export function usePhotoDownload(access?: OriginalAccess): (photo: ShownPhoto) => void {
  const backend = usePublicBackend();
  return useCallback(
    (photo: ShownPhoto) => {
      notify.success('Download Started', `Downloading ${photo.originalFilename}`);
      downloadPhoto(backend, photo, access).catch((error: unknown) => {
        console.error('Photo download failed', error);
        if (error instanceof InvalidPhotoUrlError) notify.error('Invalid photo URL');
        else notify.error('Failed to download photo', 'Download Failed');
      });
    },
    [backend, access],
  );
}
