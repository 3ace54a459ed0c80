import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { listAlbums } from '@/lib/backend/albums';
import { useBackend } from '@/lib/backend/backend-context';
import { usePendingFor } from '@/offline/outbox/outbox-provider';
import { useErrorToast } from '@/ui/use-error-toast';
import { albumKeys } from './album-keys';
import { overlayAlbums } from './albums-overlay';

/** Every collection, with changes still waiting in the outbox applied. */
export function useAlbums() {
  const backend = useBackend();
  const query = useQuery({ queryKey: albumKeys.list(), queryFn: () => listAlbums(backend) });
  useErrorToast(query.error, 'Failed to load albums');
  const pending = usePendingFor('album');
  const albums = useMemo(() => overlayAlbums(query.data ?? [], pending), [query.data, pending]);
  return { albums, isPending: query.isPending && albums.length === 0 };
}
