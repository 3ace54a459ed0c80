import type { QueryClient } from '@tanstack/react-query';
import type { PublicBackend } from '@/lib/backend/public-client';
import { matchRoute, ROUTES } from '@/lib/routes/route-table';
import { siteSettingsQuery } from '@/theme/site-settings-query';
import { siteProfileQuery } from '@/ui/site/site-profile-query';
import { ROUTE_READS } from './route-reads';

/**
 * Starts the reads of the public page being opened while React and the page's code are still
 * loading (src/main.tsx): on a phone each is otherwise a round trip after the code has run.
 * The pages read the same queries (same keys and functions), so they find the answers waiting;
 * which reads a page makes is the route table's list, the one the server's render reads too.
 */
export function prefetchRouteData(
  queryClient: QueryClient,
  backend: PublicBackend,
  pathname: string,
): void {
  // The route table's matcher, the router's too, so the parameters are decoded as the pages see them.
  const { name: page, param = '' } = matchRoute(pathname);
  if (page === 'admin') return;
  void queryClient.prefetchQuery(siteSettingsQuery(backend));
  void queryClient.prefetchQuery(siteProfileQuery(backend));
  if (page === 'notFound') return;
  for (const read of ROUTES[page].reads)
    ROUTE_READS[read].prefetch({ queryClient, backend, param });
}
