import { queryOptions } from '@tanstack/react-query';
import { streamAlbumPhotosByToken } from '@/lib/backend/client-links';
import type { ClientLink, ClientPhoto } from '@/lib/backend/database.types';
import { toBackendError } from '@/lib/backend/errors';
import type { PublicBackend } from '@/lib/backend/public-client';
import { loadOfflineAlbums } from '@/offline/visitors/load-offline-albums';
import { streamedPhotoList } from '@/ui/photos/photo-sources';
import { clientKeys } from './client-keys';

export const isNetworkFailure = (error: unknown) => toBackendError(error).kind === 'network';

export const readOfflineAlbum = async (token: string) =>
  (await loadOfflineAlbums()).readOfflineAlbum(token);

const readOfflineAlbumPhotos = async (token: string) =>
  (await loadOfflineAlbums()).readOfflineAlbumPhotos(token);

/**
 * A link's photos, streamed, once it needs no passcode or one was accepted: for the page,
 * and for an open link already at start-up (src/app/prefetch-route-data.ts). With no network
 * from the start, the album this device remembers; a whole list read is remembered for that.
 */
export const clientPhotosQuery = (
  backend: PublicBackend,
  token: string,
  link: ClientLink | null | undefined,
  passcode: string | null,
) =>
  queryOptions({
    queryKey: [...clientKeys.photos(token), passcode],
    queryFn: streamedPhotoList(backend, async function* () {
      const rows: ClientPhoto[] = [];
      try {
        for await (const page of streamAlbumPhotosByToken(backend, token, passcode ?? undefined)) {
          rows.push(...page);
          yield page;
        }
      } catch (error) {
        // A failure halfway is reported.
        const remembered =
          rows.length === 0 && isNetworkFailure(error)
            ? await readOfflineAlbumPhotos(token)
            : undefined;
        if (!remembered) throw error;
        yield remembered;
        return;
      }
      if (!link) return;
      void loadOfflineAlbums()
        .then(({ rememberOpenedAlbum }) => rememberOpenedAlbum(token, link, passcode, rows))
        .catch((error: unknown) => console.warn('Could not remember the album', error));
    }),
  });
