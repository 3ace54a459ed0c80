import type { QueryClient } from '@tanstack/react-query';
import { clientKeys, putOpenLink, serverLinkQuery } from '@/features/client-gallery/client-keys';
import { galleryKeys, galleryQueries } from '@/features/public-gallery/gallery-keys';
import { homeContentQuery, homeTestimonialsQuery } from '@/features/home/home-keys';
import { getAlbumCoverByToken, streamAlbumPhotosByToken } from '@/lib/backend/client-links';
import { FIRST_PAGE_ROWS } from '@/lib/backend/pages';
import type { PublicBackend } from '@/lib/backend/public-client';
import {
  streamPublicAlbumPhotos,
  streamPublicGalleryPhotos,
} from '@/lib/backend/public-galleries-read';
import type { RouteRead } from '@/lib/routes/route-table';
import { toShownPhotos, type PhotoList, type StoredPhoto } from '@/ui/photos/photo-sources';

/** Where a read goes: the cache the page reads, the backend, and the route's decoded parameter. */
export interface ReadContext {
  queryClient: QueryClient;
  backend: PublicBackend;
  param: string;
}

/** What the server's reads leave besides the cache: the lists the browser reads again, and their first rows. */
export interface Served {
  readAgain: unknown[][];
  rows: StoredPhoto[] | null;
}

/**
 * How each read a route declares (src/lib/routes/route-table.ts) is made, under the keys its
 * page reads: `prefetch` starts it in the browser at start-up (src/app/prefetch-route-data.ts);
 * `serve` reads it for the server's render (src/app/server/page-data.ts), a photo list's first
 * page only. So both read exactly the route's list.
 */
interface ReadDefinition {
  prefetch(context: ReadContext): void;
  serve(context: ReadContext): Promise<Served>;
}

const nothingMore: Served = { readAgain: [], rows: null };

/** The first page of a streamed photo list (the rest is read in the browser). */
async function firstPage<T>(pages: AsyncGenerator<T[]>): Promise<T[]> {
  try {
    const first = await pages.next();
    return first.done ? [] : first.value;
  } finally {
    await pages.return(undefined);
  }
}

/**
 * Puts a photo list's first page in the cache. The browser reads the rest, and reads a client's
 * list again in any case: that read is what remembers the album on the device for offline
 * (src/features/client-gallery/client-photos-query.ts).
 */
function putFirstPage(
  { queryClient, backend }: ReadContext,
  key: readonly unknown[],
  rows: StoredPhoto[],
  always = false,
): Served {
  const complete = rows.length < FIRST_PAGE_ROWS;
  queryClient.setQueryData<PhotoList>(key, { photos: toShownPhotos(backend, rows), complete });
  return { readAgain: !complete || always ? [[...key]] : [], rows };
}

/** The link, asked for once however many reads need it. */
const readLink = ({ queryClient, backend, param }: ReadContext) =>
  queryClient.fetchQuery(serverLinkQuery(backend, param));

export const ROUTE_READS: Record<RouteRead, ReadDefinition> = {
  homeContent: {
    prefetch: ({ queryClient, backend }) =>
      void queryClient.prefetchQuery(homeContentQuery(backend)),
    serve: async ({ queryClient, backend }) => {
      await queryClient.fetchQuery(homeContentQuery(backend));
      return nothingMore;
    },
  },
  homeTestimonials: {
    prefetch: ({ queryClient, backend }) =>
      void queryClient.prefetchQuery(homeTestimonialsQuery(backend)),
    serve: async ({ queryClient, backend }) => {
      await queryClient.fetchQuery(homeTestimonialsQuery(backend));
      return nothingMore;
    },
  },
  // A gallery's or an album's photos are asked for together with it (an inactive or unknown
  // one gives no photos), not after it.
  gallery: {
    prefetch: ({ queryClient, backend, param }) =>
      void queryClient.prefetchQuery(galleryQueries.gallery(backend, param)),
    serve: async ({ queryClient, backend, param }) => {
      await queryClient.fetchQuery(galleryQueries.gallery(backend, param));
      return nothingMore;
    },
  },
  galleryPhotos: {
    prefetch: ({ queryClient, backend, param }) =>
      void queryClient.prefetchQuery(galleryQueries.galleryPhotos(backend, param)),
    serve: async (context) =>
      putFirstPage(
        context,
        galleryKeys.galleryPhotos(context.param),
        await firstPage<StoredPhoto>(streamPublicGalleryPhotos(context.backend, context.param)),
      ),
  },
  album: {
    prefetch: ({ queryClient, backend, param }) =>
      void queryClient.prefetchQuery(galleryQueries.album(backend, param)),
    serve: async ({ queryClient, backend, param }) => {
      await queryClient.fetchQuery(galleryQueries.album(backend, param));
      return nothingMore;
    },
  },
  albumPhotos: {
    prefetch: ({ queryClient, backend, param }) =>
      void queryClient.prefetchQuery(galleryQueries.albumPhotos(backend, param)),
    serve: async (context) =>
      putFirstPage(
        context,
        galleryKeys.albumPhotos(context.param),
        await firstPage<StoredPhoto>(streamPublicAlbumPhotos(context.backend, context.param)),
      ),
  },
  clientLink: {
    prefetch: (context) => void readLink(context).catch(() => undefined),
    serve: async (context) => {
      await readLink(context);
      return nothingMore;
    },
  },
  // Only an open link's photos: a protected link's wait for the passcode, and its page says
  // nothing of its album (no name, no photo) before it.
  clientPhotos: {
    prefetch: (context) => {
      const photosQuery = import('@/features/client-gallery/client-photos-query');
      void Promise.all([readLink(context), photosQuery]).then(
        ([link, { clientPhotosQuery }]) => {
          if (link && !link.has_passcode)
            void context.queryClient.prefetchQuery(
              clientPhotosQuery(context.backend, context.param, link, null),
            );
        },
        () => undefined, // the page shows the failure, or what this device remembers
      );
    },
    serve: async (context) => {
      const { queryClient, backend, param: token } = context;
      const link = await readLink(context);
      if (!link || link.has_passcode) return nothingMore;
      const [rows, cover] = await Promise.all([
        firstPage<StoredPhoto>(streamAlbumPhotosByToken(backend, token)),
        getAlbumCoverByToken(backend, token, null),
      ]);
      putOpenLink(queryClient, token, link);
      queryClient.setQueryData(clientKeys.cover(token), cover);
      return putFirstPage(context, [...clientKeys.photos(token), null], rows, true);
    },
  },
};
