import { useMemo, useState } from 'react';
import { usePublicBackend } from '@/lib/backend/backend-context';
import { recordLinkEvent } from '@/lib/backend/link-activity';
import { clientDownloadAccess } from '@/lib/downloads/download-access';
import type { DownloadSize } from '@/lib/downloads/photo-download';
import { usePhotoDownload } from '@/ui/photos/use-photo-download';
import { useZipDownload, type ZippedPhoto } from '@/ui/photos/use-zip-download';

interface ClientDownloadsOptions {
  accessToken: string;
  passcode: string | null;
  albumName: string;
  /** The link gives only the 2048 px previews ('web'), or the originals too. */
  webOnly: boolean;
  /** The album's photos, for 'Download All Photos'. */
  photos: readonly ZippedPhoto[];
}

/**
 * A client's downloads through their link: one photo, or all of them as a zip, in the size
 * the client chose where the link allows originals; the photographer hears of each.
 */
export function useClientDownloads({
  accessToken,
  passcode,
  albumName,
  webOnly,
  photos,
}: ClientDownloadsOptions) {
  const backend = usePublicBackend();
  // Originals are private: each download carries a grant the server issues for this link.
  const access = useMemo(
    () => clientDownloadAccess(backend, accessToken, passcode),
    [backend, accessToken, passcode],
  );
  // A web-size link gives only the 2048 px previews (the server names no original to it); with
  // originals, the client chooses.
  const [chosenSize, setChosenSize] = useState<DownloadSize>('original');
  const size: DownloadSize = webOnly ? 'web' : chosenSize;
  const downloadOne = usePhotoDownload({ access, size });
  const { download, percent } = useZipDownload(albumName, access);
  return {
    chosenSize,
    setChosenSize,
    downloadPhoto: (photo: Parameters<typeof downloadOne>[0]) => {
      downloadOne(photo);
      recordLinkEvent(backend, accessToken, 'downloaded', passcode);
    },
    downloadAll: () => {
      recordLinkEvent(backend, accessToken, 'downloaded_all', passcode);
      return download(photos, undefined, size);
    },
    /** How far the zip of all photos is, or null when none is being made. */
    percent,
  };
}
