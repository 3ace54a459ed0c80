import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { usePublicBackend } from '@/lib/backend/backend-context';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { loadOfflineAlbums } from '@/offline/visitors/load-offline-albums';
import { StorageShortError } from '@/lib/storage-space';
import { megabytes } from '@/ui/format';
import { notify } from '@/ui/toast';
import { clientKeys } from './client-keys';

/** A rough size of one photo's preview and thumbnail, to check the space before saving. */
const BYTES_PER_PHOTO = 600 * 1024;

/**
 * 'Save for offline' for a client album: progress while saving, then the space it takes.
 * Whether it is saved is read once the album's photos are all in (`ready`), so the offline
 * store's code does not compete with the first photos on a slow connection.
 */
export function useSaveOffline(token: string, photoCount: number, ready: boolean) {
  const backend = usePublicBackend();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const saved = useQuery({
    queryKey: clientKeys.offline(token),
    queryFn: async () => (await (await loadOfflineAlbums()).readOfflineAlbum(token))?.saved ?? null,
    networkMode: 'always',
    enabled: ready,
  });

  async function save() {
    if (progress) return;
    setProgress({ done: 0, total: photoCount * 2 });
    try {
      const { saveAlbumForOffline } = await loadOfflineAlbums();
      await saveAlbumForOffline(token, (url) => resolveStorageUrl(backend, url) ?? url, {
        estimateBytes: photoCount * BYTES_PER_PHOTO,
        onProgress: (done, total) => setProgress({ done, total }),
      });
      await queryClient.invalidateQueries({ queryKey: clientKeys.offline(token) });
      notify.success(
        'Saved for offline',
        'This album now opens on this device without a connection.',
      );
    } catch (error) {
      console.error('Save for offline failed', error);
      if (error instanceof StorageShortError) {
        notify.error(
          `This album needs about ${megabytes(error.neededBytes)} and this device has ${megabytes(error.freeBytes)} free for this site. Free some space and try again.`,
          'Not enough space',
        );
      } else {
        notify.error(
          'Some photos could not be saved. Check the connection and try again.',
          'Save for offline failed',
        );
      }
    } finally {
      setProgress(null);
    }
  }

  return { save, progress, saved: saved.data ?? null };
}
