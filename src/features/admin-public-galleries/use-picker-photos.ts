import { useMemo } from 'react';
import { useLocalThumbnails } from '@/offline/outbox/local-previews';
import { usePendingFor } from '@/offline/outbox/outbox-provider';
import { useCollectionPhotos } from '@/ui/photos/use-collection-photos';
import { useErrorToast } from '@/ui/use-error-toast';
import { galleryKeys } from './gallery-keys';
import { overlayPickerAlbums, overlayPickerPhotos } from './picker-overlay';

/**
 * What the gallery dialog picks from: the collections (with photo counts) and every photo
 * across them, asking admin_list_photos once per album (SPEC §7). Queued uploads are included
 * with the thumbnail made in this browser.
 */
export function usePickerPhotos() {
  const pending = usePendingFor('album');
  const server = useCollectionPhotos({
    albumsKey: galleryKeys.pickerAlbums(),
    photosKey: galleryKeys.pickerPhotos,
  });
  useErrorToast(server.error, 'Failed to load gallery.');
  const albums = useMemo(
    () => overlayPickerAlbums(server.albums ?? [], pending),
    [server.albums, pending],
  );
  const photos = useMemo(
    () => overlayPickerPhotos(albums, server.photos, pending),
    [albums, server.photos, pending],
  );
  const localThumbnails = useLocalThumbnails(
    photos.filter((photo) => photo.pending).map((photo) => photo.id),
  );

  return {
    albums,
    photos,
    localThumbnails,
    isPending: server.isPending,
  };
}
