import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { listAlbumsSimple, listPhotos } from '@/lib/backend/albums';
import { useBackend } from '@/lib/backend/backend-context';
import type { AdminPhoto } from '@/lib/backend/database.types';
import { useLocalThumbnails } from '@/offline/outbox/local-previews';
import { usePendingChanges } from '@/offline/outbox/outbox-provider';
import { useErrorToast } from '@/ui/use-error-toast';
import { galleryKeys } from './gallery-keys';
import { overlayPickerAlbums, overlayPickerPhotos } from './picker-overlay';

// Module level, so React Query keeps the combined result stable between renders.
function combinePhotoResults(results: Array<UseQueryResult<AdminPhoto[]>>) {
  return {
    data: results.flatMap((result) => result.data ?? []),
    isPending: results.some((result) => result.isPending),
    error: results.find((result) => result.error)?.error ?? null,
  };
}

/**
 * What the gallery dialog picks from: the collections (with photo counts) and every photo
 * across them, asking admin_list_photos once per album (SPEC §7). Queued uploads are included
 * with the thumbnail made in this browser.
 */
export function usePickerPhotos() {
  const backend = useBackend();
  const pending = usePendingChanges('album.create', 'album.update', 'album.delete', 'photo.upload', 'photo.delete');
  const albumsQuery = useQuery({ queryKey: galleryKeys.pickerAlbums(), queryFn: () => listAlbumsSimple(backend) });
  const albums = useMemo(() => overlayPickerAlbums(albumsQuery.data ?? [], pending), [albumsQuery.data, pending]);

  // Only albums the server knows have photos worth asking for.
  const serverAlbums = (albumsQuery.data ?? []).filter((album) => album.photo_count > 0);
  const photoQueries = useQueries({
    queries: serverAlbums.map((album) => ({
      queryKey: galleryKeys.pickerPhotos(album.id),
      queryFn: () => listPhotos(backend, album.id),
    })),
    combine: combinePhotoResults,
  });
  useErrorToast(albumsQuery.error ?? photoQueries.error, 'Failed to load gallery.');

  const serverPhotos: AdminPhoto[] = photoQueries.data;
  const photos = useMemo(() => overlayPickerPhotos(albums, serverPhotos, pending), [albums, serverPhotos, pending]);
  const localThumbnails = useLocalThumbnails(photos.filter((photo) => photo.pending).map((photo) => photo.id));

  return {
    albums,
    photos,
    localThumbnails,
    isPending: (albumsQuery.isPending && !albumsQuery.error) || photoQueries.isPending,
  };
}
