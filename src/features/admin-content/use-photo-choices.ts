import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { listAlbumsSimple, listPhotos } from '@/lib/backend/albums';
import { useBackend } from '@/lib/backend/backend-context';
import type { AdminPhoto } from '@/lib/backend/database.types';
import { useErrorToast } from '@/ui/use-error-toast';
import { contentKeys } from './content-keys';

// Module level, so React Query keeps the combined result stable between renders.
function combinePhotoResults(results: Array<UseQueryResult<AdminPhoto[]>>) {
  return {
    data: results.flatMap((result) => result.data ?? []),
    isPending: results.some((result) => result.isPending),
    error: results.find((result) => result.error)?.error ?? null,
  };
}

/**
 * The photos a section's image can be chosen from: every collection's photos on the server
 * (admin_list_photos once per album, as the galleries' picker), asked for only while the
 * chooser is open. Only photos with a preview rendition are offered: that public 2048 px
 * image is what a section shows, never the private original.
 */
export function usePhotoChoices(enabled: boolean) {
  const backend = useBackend();
  const albumsQuery = useQuery({ queryKey: contentKeys.photoChoiceAlbums(), queryFn: () => listAlbumsSimple(backend), enabled });
  const albums = (albumsQuery.data ?? []).filter((album) => album.photo_count > 0);
  const photoQueries = useQueries({
    queries: albums.map((album) => ({
      queryKey: contentKeys.photoChoicePhotos(album.id),
      queryFn: () => listPhotos(backend, album.id),
      enabled,
    })),
    combine: combinePhotoResults,
  });
  useErrorToast(albumsQuery.error ?? photoQueries.error, 'Failed to load your photos');
  return {
    albums,
    photos: photoQueries.data.filter((photo) => photo.preview_url),
    isPending: (albumsQuery.isPending && !albumsQuery.error) || photoQueries.isPending,
  };
}
