import { useQuery } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend/backend-context';
import { listGalleryPhotoIds } from '@/lib/backend/public-galleries';
import { pendingGalleryPhotoIds, withPendingAdditions } from '@/offline/outbox/kinds/galleries';
import { usePendingFor } from '@/offline/outbox/outbox-provider';
import { useErrorToast } from '@/ui/use-error-toast';
import { galleryKeys } from './gallery-keys';

/**
 * The photos to preselect when a gallery is edited, in gallery order: those of a save still
 * waiting in the outbox, else the server's (public_gallery_photos). Not ready while a fresh
 * read is on its way, so an edit never starts from an old list; offline the cached one is used.
 */
export function useInitialSelection(galleryId: string | undefined): {
  ready: boolean;
  photoIds: string[];
} {
  const backend = useBackend();
  const pending = usePendingFor(galleryId ? `gallery:${galleryId}` : 'gallery');
  const waiting = galleryId ? pendingGalleryPhotoIds(galleryId, pending) : undefined;
  const query = useQuery({
    queryKey: galleryKeys.photoIds(galleryId ?? ''),
    queryFn: () => listGalleryPhotoIds(backend, galleryId!),
    enabled: galleryId !== undefined && waiting === undefined,
  });
  useErrorToast(query.error, 'Failed to load gallery.');

  if (!galleryId) return { ready: true, photoIds: [] };
  if (waiting) return { ready: true, photoIds: withPendingAdditions(galleryId, waiting, pending) };
  return {
    ready: query.data !== undefined && query.fetchStatus !== 'fetching',
    photoIds: withPendingAdditions(galleryId, query.data ?? [], pending),
  };
}
