import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { getAlbum, listPhotos } from '@/lib/backend/albums';
import { useBackend } from '@/lib/backend/backend-context';
import { useOutboxSnapshot, usePendingFor } from '@/offline/outbox/outbox-provider';
import { useErrorToast } from '@/ui/use-error-toast';
import { albumKeys } from './album-keys';
import {
  coverPhotoId,
  inOrder,
  overlayAlbums,
  overlayPhotos,
  type ShownPhoto,
} from './albums-overlay';

/**
 * One collection and its photos as the admin should see them: the server's, with the changes
 * still waiting in the outbox applied, and the order of the last drop while it is being saved.
 */
export function useAlbumDetail(id: string) {
  const backend = useBackend();
  const album = useQuery({ queryKey: albumKeys.detail(id), queryFn: () => getAlbum(backend, id) });
  const photos = useQuery({
    queryKey: albumKeys.photos(id),
    queryFn: () => listPhotos(backend, id),
  });

  const pending = usePendingFor(`album:${id}`);
  const { sendingId } = useOutboxSnapshot();
  const shownAlbum = useMemo(() => {
    const server = album.data ? [{ ...album.data, preview_photo: null }] : [];
    return overlayAlbums(server, pending).find((candidate) => candidate.id === id);
  }, [album.data, pending, id]);
  const queuedPhotos = useMemo(
    () => overlayPhotos(id, shownAlbum?.name ?? '', photos.data ?? [], pending, sendingId),
    [id, shownAlbum?.name, photos.data, pending, sendingId],
  );
  const { shown, dropped } = useDroppedOrder(queuedPhotos, photos.dataUpdatedAt);
  // The photos on the server (the viewer, select mode and downloads take only these) and the
  // ones still waiting in the outbox (shown from this device's copy).
  const { onServer, pendingIds } = useMemo(
    () => ({
      onServer: shown.filter((photo) => !photo.pending),
      pendingIds: shown.filter((photo) => photo.pending).map((photo) => photo.id),
    }),
    [shown],
  );
  // A collection still waiting in the outbox is not on the server yet: nothing failed.
  useErrorToast(
    shownAlbum?.pending ? null : (album.error ?? photos.error),
    'Failed to load album. Please try again.',
  );

  return {
    album: shownAlbum,
    isPending: album.isPending || photos.isPending,
    photos: shown,
    onServer,
    pendingIds,
    coverId: coverPhotoId(id, album.data?.cover_photo_id ?? null, shown, pending),
    dropped,
  };
}

/**
 * The order of the last drop, shown until the photos are read again: without it, the dropped
 * photo would jump back for the moment it takes to queue the change and, once it is sent,
 * until the photos are read again. Meanwhile the queued change's overlay shows the same order.
 */
function useDroppedOrder(photos: ShownPhoto[], readAt: number) {
  const [order, setOrder] = useState<{ ids: string[]; readAt: number } | null>(null);
  const dropped = useCallback(
    (ids: string[] | null) => setOrder(ids ? { ids, readAt } : null),
    [readAt],
  );
  const shown = order && order.readAt === readAt ? inOrder(photos, order.ids) : photos;
  return { shown, dropped };
}
