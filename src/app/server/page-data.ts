import type { QueryClient } from '@tanstack/react-query';
import { clientKeys, putOpenLink, serverLinkQuery } from '@/features/client-gallery/client-keys';
import { galleryKeys, galleryQueries } from '@/features/public-gallery/gallery-keys';
import { homeContentQuery, homeTestimonialsQuery } from '@/features/home/home-keys';
import { getAlbumCoverByToken, streamAlbumPhotosByToken } from '@/lib/backend/client-links';
import type { PublicBackend } from '@/lib/backend/public-client';
import {
  streamPublicAlbumPhotos,
  streamPublicGalleryPhotos,
} from '@/lib/backend/public-galleries-read';
import { FIRST_PAGE_ROWS } from '@/lib/backend/pages';
import { photoDisplayUrl } from '@/lib/backend/photo-objects';
import { resolveStorageUrl } from '@/lib/backend/storage';
import {
  galleryCard,
  plainCard,
  siteCard,
  type CardImage,
  type PageCard,
  type SiteFacts,
} from '@/lib/page-head';
import { siteSettingsQuery } from '@/theme/site-settings-query';
import { withDefaults } from '@/theme/design-settings';
import {
  photoAlt,
  renditionSize,
  THUMB_WIDTH,
  toShownPhotos,
  type PhotoList,
  type StoredPhoto,
} from '@/ui/photos/photo-sources';
import { siteProfileQuery } from '@/ui/site/site-profile-query';
import { toSiteProfile } from '@/ui/site/use-site-profile';
import type { DrawnPage } from '@/lib/render-contract';
import { matchRoute, NOT_FOUND, ROUTES } from '@/lib/routes/route-table';
import { pickHeroImage } from '@/features/home/home-view';

/**
 * What the server reads for a page before drawing it (docs/first-visits.md): the same queries,
 * under the same keys, as the page reads in the browser, so the page finds them answered; the
 * page's status; its card for the <head>; and which first photos to announce early. Everything
 * is read as a visitor (the anon key), so the server can show nothing a visitor could not.
 */
export interface PageData {
  status: number;
  card: PageCard;
  /** The page to draw, or null to send the page undrawn (the browser draws it as before). */
  page: DrawnPage | null;
  /** Photo lists put in the cache that the browser reads again (whole, or to remember the album). */
  readAgain: unknown[][];
}

/** The first page of a streamed photo list (the rest is read in the browser). */
async function firstPage<T>(pages: AsyncGenerator<T[]>): Promise<T[]> {
  try {
    const first = await pages.next();
    return first.done ? [] : first.value;
  } finally {
    await pages.return(undefined);
  }
}

/** Previews need absolute image addresses; the page's own may be relative to the site. */
const absolute = (src: string, origin: string) => new URL(src, `${origin}/`).href;

/** A photo's card image: its thumbnail (≤ 480 px), with its size. */
const photoImage = (
  backend: PublicBackend,
  origin: string,
  photo: StoredPhoto | undefined,
): CardImage | null => {
  const [shown] = photo ? toShownPhotos(backend, [photo]) : [];
  if (!shown) return null;
  return {
    url: absolute(shown.thumbSrc, origin),
    ...renditionSize(shown, THUMB_WIDTH),
    alt: photoAlt(shown),
  };
};

const addressImage = (
  backend: PublicBackend,
  origin: string,
  url: string | null | undefined,
  alt: string,
): CardImage | null => {
  const src = resolveStorageUrl(backend, url);
  return src ? { url: absolute(src, origin), alt } : null;
};

/**
 * Puts a photo list's first page in the cache. The browser reads the rest, and reads a client's
 * list again in any case: that read is what remembers the album on the device for offline
 * (src/features/client-gallery/client-photos-query.ts).
 */
function putFirstPage(
  queryClient: QueryClient,
  backend: PublicBackend,
  key: unknown[],
  rows: StoredPhoto[],
  data: PageData,
  always = false,
) {
  const complete = rows.length < FIRST_PAGE_ROWS;
  queryClient.setQueryData<PhotoList>(key, { photos: toShownPhotos(backend, rows), complete });
  if (!complete || always) data.readAgain.push(key);
}

/**
 * Reads what the page at `pathname` shows into `queryClient`. A read that fails throws: the
 * caller then sends the page undrawn, and the browser reads (and reports) as it always did.
 */
export async function readPageData(
  queryClient: QueryClient,
  backend: PublicBackend,
  pathname: string,
  origin: string,
): Promise<PageData> {
  // The site's own reads go out with the page's, not before them.
  const siteRead = Promise.all([
    queryClient.fetchQuery(siteSettingsQuery(backend)),
    queryClient.fetchQuery(siteProfileQuery(backend)),
  ]).then(([settings, profileRow]) => {
    const profile = toSiteProfile(profileRow, (url) => resolveStorageUrl(backend, url));
    return {
      settings,
      site: { siteName: profile.siteName, subtitle: profile.subtitle, origin } satisfies SiteFacts,
    };
  });
  // Awaited on every path below; a failure there is the caller's.
  siteRead.catch(() => undefined);
  const data = (status: number, card: PageCard, page: DrawnPage | null): PageData => ({
    status,
    card,
    page,
    readAgain: [],
  });

  const { name: page, param = '' } = matchRoute(pathname);
  if (page === 'admin' || page === 'notFound') {
    const { site } = await siteRead;
    return page === 'admin'
      ? data(200, plainCard(site, pathname, ROUTES.admin.title), null)
      : data(NOT_FOUND.status, plainCard(site, pathname, NOT_FOUND.title), 'notFound');
  }

  if (page === 'home') {
    const [{ site, settings }, content] = await Promise.all([
      siteRead,
      queryClient.fetchQuery(homeContentQuery(backend)),
      queryClient.fetchQuery(homeTestimonialsQuery(backend)),
    ]);
    const resolve = (url: string | null | undefined) => resolveStorageUrl(backend, url);
    const hero = pickHeroImage(
      withDefaults(settings),
      content.sections.find((section) => section.section_name === 'hero'),
      resolve,
    );
    const featured = content.galleries.find((gallery) => gallery.cover_photo) ?? null;
    const image = hero
      ? { url: absolute(hero.src, origin), alt: site.siteName }
      : featured
        ? addressImage(backend, origin, featured.cover_photo, featured.title)
        : null;
    return data(200, siteCard(site, '/', { image }), 'home');
  }

  if (page === 'publicGallery' || page === 'album') {
    const isGallery = page === 'publicGallery';
    const readHeading = async () => {
      if (isGallery) return queryClient.fetchQuery(galleryQueries.gallery(backend, param));
      const album = await queryClient.fetchQuery(galleryQueries.album(backend, param));
      return album && { ...album, title: album.name };
    };
    const [{ site }, found, rows] = await Promise.all([
      siteRead,
      readHeading(),
      firstPage<StoredPhoto>(
        isGallery
          ? streamPublicGalleryPhotos(backend, param)
          : streamPublicAlbumPhotos(backend, param),
      ),
    ]);
    if (!found) {
      // The page says 'Gallery Not Found', drawn, with the status that says so.
      const { status, title } = ROUTES[page].missing;
      return data(status, plainCard(site, pathname, title), page);
    }
    const result = data(
      200,
      galleryCard(site, pathname, {
        title: found.title,
        description: found.description,
        image: photoImage(backend, origin, rows[0]),
      }),
      page,
    );
    const key = isGallery ? galleryKeys.galleryPhotos(param) : galleryKeys.albumPhotos(param);
    putFirstPage(queryClient, backend, [...key], rows, result);
    return result;
  }

  // A client's link: only an open one is drawn. A protected link's page says nothing of its
  // album (no name, no photo) before the passcode; an unusable one is the browser's to explain.
  const token = param;
  const [{ site }, link] = await Promise.all([
    siteRead,
    queryClient.fetchQuery(serverLinkQuery(backend, token)),
  ]);
  const sitesOwn = siteCard(site, pathname, { noindex: true });
  if (!link) return data(ROUTES.clientLink.missing.status, sitesOwn, null);
  if (link.has_passcode) return data(200, sitesOwn, null);
  const [rows, cover] = await Promise.all([
    firstPage<StoredPhoto>(streamAlbumPhotosByToken(backend, token)),
    getAlbumCoverByToken(backend, token, null),
  ]);
  putOpenLink(queryClient, token, link);
  queryClient.setQueryData(clientKeys.cover(token), cover);
  const coverPhoto =
    rows.find((row) => photoDisplayUrl(row) === cover || row.preview_url === cover) ?? rows[0];
  const result = data(
    200,
    galleryCard(site, pathname, {
      title: link.album_name,
      description: null,
      image: photoImage(backend, origin, coverPhoto),
      noindex: true,
    }),
    'clientLink',
  );
  putFirstPage(queryClient, backend, [...clientKeys.photos(token), null], rows, result, true);
  return result;
}
