import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { serverLinkQuery } from '@/features/client-gallery/client-keys';
import { galleryQueries } from '@/features/public-gallery/gallery-keys';
import { homeContentQuery } from '@/features/home/home-keys';
import type { PublicBackend } from '@/lib/backend/public-client';
import { withDefaults } from '@/theme/design-settings';
import { loadSiteFonts } from '@/theme/fonts';
import { siteSettingsQuery } from '@/theme/use-site-theme';
import { siteProfileQuery } from '@/ui/site/use-site-profile';
import { PUBLIC_PATHS } from './paths';

/**
 * Starts the reads of the public page being opened, and its fonts, while the page's code is
 * still loading: on a phone each is otherwise a round trip after the code has run. The
 * pages read the same queries (same keys and functions), so they find the answers waiting.
 */
export function prefetchRouteData(queryClient: QueryClient, backend: PublicBackend, pathname: string): void {
  if (pathname.startsWith('/admin')) return;
  void queryClient.fetchQuery(siteSettingsQuery(backend)).then(
    (settings) => {
      const design = withDefaults(settings);
      return loadSiteFonts(design.heading_font, design.body_font);
    },
    () => undefined, // the page shows the failure
  );
  void queryClient.prefetchQuery(siteProfileQuery(backend));

  // The same patterns as the router, so the parameters are decoded as the pages see them.
  if (matchPath(PUBLIC_PATHS.home, pathname)) {
    void queryClient.prefetchQuery(homeContentQuery(backend));
    return;
  }
  // A curated gallery or a public album: the photo list is asked for together with the
  // gallery (an inactive or unknown one gives no photos), not after it.
  const gallery = matchPath(PUBLIC_PATHS.publicGallery, pathname)?.params.id;
  if (gallery) {
    void queryClient.prefetchQuery(galleryQueries.gallery(backend, gallery));
    void queryClient.prefetchQuery(galleryQueries.galleryPhotos(backend, gallery));
    return;
  }
  const album = matchPath(PUBLIC_PATHS.album, pathname)?.params.id;
  if (album) {
    void queryClient.prefetchQuery(galleryQueries.album(backend, album));
    void queryClient.prefetchQuery(galleryQueries.albumPhotos(backend, album));
    return;
  }
  // A client's link: the link itself, then — for a link without a passcode — its photos. A
  // protected link's photos wait for the passcode.
  const token = matchPath(PUBLIC_PATHS.clientLink, pathname)?.params.accessToken;
  if (!token) return;
  const photosQuery = import('@/features/client-gallery/client-photos-query');
  void Promise.all([queryClient.fetchQuery(serverLinkQuery(backend, token)), photosQuery]).then(
    ([link, { clientPhotosQuery }]) => {
      if (link && !link.has_passcode) void queryClient.prefetchQuery(clientPhotosQuery(backend, token, link, null));
    },
    () => undefined, // the page shows the failure, or what this device remembers
  );
}
