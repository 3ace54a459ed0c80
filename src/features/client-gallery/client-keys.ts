import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getGalleryLinkByToken, setGalleryContext } from '@/lib/backend/client-links';
import type { ClientLink } from '@/lib/backend/database.types';
import type { PublicBackend } from '@/lib/backend/public-client';

/** Query keys of a client's view of a share link (never under 'admin'). */
export const clientKeys = {
  link: (token: string) => ['client-link', token] as const,
  /** The server's answer alone: the link (null when invalid, inactive or expired). */
  serverLink: (token: string) => ['client-link', token, 'server'] as const,
  photos: (token: string) => ['client-link', token, 'photos'] as const,
  /** The album's cover, asked for once the link opens. */
  cover: (token: string) => ['client-link', token, 'cover'] as const,
  /** Whether this device saved the album for offline, and its size. */
  offline: (token: string) => ['client-link', token, 'offline'] as const,
};

/**
 * The link as the server has it, with the gallery context set for the photo reads: asked for
 * by the page, or already at start-up by the route prefetch (src/app/prefetch-route-data.ts).
 * Errors are the page's to handle (it falls back to what this device remembers), so no retries here.
 */
export const serverLinkQuery = (backend: PublicBackend, token: string) =>
  queryOptions({
    queryKey: clientKeys.serverLink(token),
    queryFn: async () =>
      (
        await Promise.all([
          getGalleryLinkByToken(backend, token),
          setGalleryContext(backend, token),
        ])
      )[0],
    retry: false,
    staleTime: Infinity,
  });

/** What the client's page keeps under clientKeys.link (use-client-gallery.ts reads and writes it). */
export interface LinkState {
  link: ClientLink | null;
  /** The passcode this device entered before and the server (still) accepts. */
  acceptedPasscode: string | null;
  /** Read from this device because the server could not be reached. */
  offline: boolean;
  /** No usable link, because its expiry has passed (the server says only that). */
  expired: boolean;
}

/** The state of a link the server answered that asks for no passcode. */
export const openLinkState = (link: ClientLink): LinkState => ({
  link,
  acceptedPasscode: null,
  offline: false,
  expired: false,
});

/**
 * Puts an open link in the cache as the page's own read leaves it: the server's render
 * (src/app/server/page-data.ts) draws the page from it, in the shape this feature owns.
 */
export function putOpenLink(queryClient: QueryClient, token: string, link: ClientLink): void {
  queryClient.setQueryData<LinkState>(clientKeys.link(token), openLinkState(link));
}
