import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { listAlbumsSimple } from '@/lib/backend/albums';
import { useBackend } from '@/lib/backend/backend-context';
import { listGalleryLinks } from '@/lib/backend/gallery-links';
import { usePendingFor } from '@/offline/outbox/outbox-provider';
import { useErrorToast } from '@/ui/use-error-toast';
import { linkKeys } from './link-keys';
import { overlayAlbumOptions, overlayLinks } from './links-overlay';

/** Every client link and the collections a link can be made for, with waiting changes applied. */
export function useGalleryLinks() {
  const backend = useBackend();
  const links = useQuery({ queryKey: linkKeys.list(), queryFn: () => listGalleryLinks(backend) });
  const albums = useQuery({
    queryKey: linkKeys.albumOptions(),
    queryFn: () => listAlbumsSimple(backend),
  });
  useErrorToast(links.error, 'Failed to load gallery links');
  useErrorToast(albums.error, 'Failed to load albums');

  const pending = usePendingFor('link', 'album');
  const albumOptions = useMemo(
    () => overlayAlbumOptions(albums.data ?? [], pending),
    [albums.data, pending],
  );
  const shownLinks = useMemo(
    () => overlayLinks(links.data ?? [], pending, albumOptions),
    [links.data, pending, albumOptions],
  );
  return {
    links: shownLinks,
    albums: albumOptions,
    isPending: links.isPending && shownLinks.length === 0,
    albumsLoading: albums.isPending,
  };
}
