import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useBackend } from '@/lib/backend/backend-context';
import { listPublicGalleries } from '@/lib/backend/public-galleries';
import { usePendingFor } from '@/offline/outbox/outbox-provider';
import { useErrorToast } from '@/ui/use-error-toast';
import { galleryKeys } from './gallery-keys';
import { overlayGalleries } from './galleries-overlay';

/** Every public gallery, with changes still waiting in the outbox applied. */
export function usePublicGalleries() {
  const backend = useBackend();
  const query = useQuery({
    queryKey: galleryKeys.list(),
    queryFn: () => listPublicGalleries(backend),
  });
  useErrorToast(query.error, 'Failed to load gallery.');
  const pending = usePendingFor('gallery');
  const galleries = useMemo(
    () => overlayGalleries(query.data ?? [], pending),
    [query.data, pending],
  );
  return { galleries, isPending: query.isPending && galleries.length === 0 };
}
