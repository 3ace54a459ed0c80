import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { AdminQueryKey } from '@/lib/admin-data';
import { listAlbumsSimple, listPhotos } from '@/lib/backend/albums';
import { useBackend } from '@/lib/backend/backend-context';
import type { AdminPhoto } from '@/lib/backend/database.types';

// Module level, so React Query keeps the combined result stable between renders.
function combinePhotoResults(results: Array<UseQueryResult<AdminPhoto[]>>) {
  return {
    data: results.flatMap((result) => result.data ?? []),
    isPending: results.some((result) => result.isPending),
    error: results.find((result) => result.error)?.error ?? null,
  };
}

/**
 * What the photo pickers choose from: the collections on the server and every photo of those
 * that have any, asking admin_list_photos once per album (SPEC §7). Each picker keeps its own
 * keys (its screen's data) and says when it needs them.
 */
export function useCollectionPhotos({
  albumsKey,
  photosKey,
  enabled = true,
}: {
  albumsKey: AdminQueryKey;
  photosKey: (albumId: string) => AdminQueryKey;
  enabled?: boolean;
}) {
  const backend = useBackend();
  const albumsQuery = useQuery({
    queryKey: albumsKey,
    queryFn: () => listAlbumsSimple(backend),
    enabled,
  });
  const photoQueries = useQueries({
    queries: (albumsQuery.data ?? [])
      .filter((album) => album.photo_count > 0)
      .map((album) => ({
        queryKey: photosKey(album.id),
        queryFn: () => listPhotos(backend, album.id),
        enabled,
      })),
    combine: combinePhotoResults,
  });
  return {
    albums: albumsQuery.data,
    photos: photoQueries.data,
    isPending: (albumsQuery.isPending && !albumsQuery.error) || photoQueries.isPending,
    error: albumsQuery.error ?? photoQueries.error,
  };
}
