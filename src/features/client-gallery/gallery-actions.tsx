import type { DownloadSize } from '@/lib/downloads/photo-download';
import { DownloadAllButton, DownloadSizeChoice } from './download-all-button';
import { SaveOfflineButton } from './save-offline-button';
import type { useSaveOffline } from './use-save-offline';

interface GalleryActionsProps {
  /** The link allows downloads and the network is there for them. */
  canDownload: boolean;
  /** The link gives only the 2048 px previews: no size to choose. */
  webOnly: boolean;
  /** Every photo is in (until then the buttons show, disabled). */
  complete: boolean;
  online: boolean;
  downloads: {
    percent: number | null;
    chosenSize: DownloadSize;
    setChosenSize: (size: DownloadSize) => void;
    downloadAll: () => Promise<unknown>;
  };
  saveOffline: ReturnType<typeof useSaveOffline>;
}

/** What a client can do with the whole album: download it all (in the size chosen) and save it for offline. */
export function GalleryActions({
  canDownload,
  webOnly,
  complete,
  online,
  downloads,
  saveOffline,
}: GalleryActionsProps) {
  return (
    <div className="flex flex-wrap gap-3">
      {canDownload && (
        <DownloadAllButton
          percent={downloads.percent}
          ready={complete}
          onClick={() => void downloads.downloadAll()}
        />
      )}
      {canDownload && !webOnly && (
        <DownloadSizeChoice value={downloads.chosenSize} onChange={downloads.setChosenSize} />
      )}
      {(online || saveOffline.saved) && (
        <SaveOfflineButton
          progress={saveOffline.progress}
          saved={saveOffline.saved}
          ready={complete}
          onSave={() => void saveOffline.save()}
        />
      )}
    </div>
  );
}
