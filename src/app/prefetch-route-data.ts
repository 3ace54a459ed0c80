import type { QueryClient } from '@tanstack/react-query';
import { serverLinkQuery } from '@/features/client-gallery/client-keys';
import { galleryQueries } from '@/features/public-gallery/gallery-keys';
import { homeContentQuery, homeTestimonialsQuery } from '@/features/home/home-keys';
import type { PublicBackend } from '@/lib/backend/public-client';
import { siteSettingsQuery } from '@/theme/site-settings-query';
import { siteProfileQuery } from '@/ui/site/site-profile-query';
import { matchRoute } from '@/lib/routes/route-table';

/**
 * Starts the reads of the public page being opened while React and the page's code are still
 * loading (src/main.tsx): on a phone each is otherwise a round trip after the code has run.
 * The pages read the same queries (same keys and functions), so they find the answers waiting.
 */
export function prefetchRouteData(
  queryClient: QueryClient,
  backend: PublicBackend,
  pathname: string,
): void {
  // The route table's matcher, the router's too, so the parameters are decoded as the pages see them.
  const { name: page, param } = matchRoute(pathname);
  if (page === 'admin') return;
  void queryClient.prefetchQuery(siteSettingsQuery(backend));
  void queryClient.prefetchQuery(siteProfileQuery(backend));
  if (page === 'notFound') return;
  if (page === 'home') {
    void queryClient.prefetchQuery(homeContentQuery(backend));
    void queryClient.prefetchQuery(homeTestimonialsQuery(backend));
    return;
  }
  if (!param) return;
  // A curated gallery or a public album: the photo list is asked for together with the
  // gallery (an inactive or unknown one gives no photos), not after it.
  if (page === 'publicGallery') {
    void queryClient.prefetchQuery(galleryQueries.gallery(backend, param));
    void queryClient.prefetchQuery(galleryQueries.galleryPhotos(backend, param));
    return;
  }
  if (page === 'album') {
    void queryClient.prefetchQuery(galleryQueries.album(backend, param));
    void queryClient.prefetchQuery(galleryQueries.albumPhotos(backend, param));
    return;
  }
  // A client's link: the link itself, then — for a link without a passcode — its photos. A
  // protected link's photos wait for the passcode.
  const token = param;
  const photosQuery = import('@/features/client-gallery/client-photos-query');
  void Promise.all([queryClient.fetchQuery(serverLinkQuery(backend, token)), photosQuery]).then(
    ([link, { clientPhotosQuery }]) => {
      if (link && !link.has_passcode)
        void queryClient.prefetchQuery(clientPhotosQuery(backend, token, link, null));
    },
    () => undefined, // the page shows the failure, or what this device remembers
  );
}
