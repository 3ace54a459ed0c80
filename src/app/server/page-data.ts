import type { QueryClient } from '@tanstack/react-query';
import { clientKeys, serverLinkQuery } from '@/features/client-gallery/client-keys';
import { galleryQueries } from '@/features/public-gallery/gallery-keys';
import { homeContentQuery } from '@/features/home/home-keys';
import { pickHeroImage } from '@/features/home/home-view';
import type { PublicBackend } from '@/lib/backend/public-client';
import { photoDisplayUrl, sameRenditionPhoto } from '@/lib/backend/photo-objects';
import { resolveStorageUrl } from '@/lib/backend/storage';
import {
  galleryCard,
  plainCard,
  siteCard,
  type CardImage,
  type PageCard,
  type SiteFacts,
} from '@/lib/page-head';
import type { DrawnPage } from '@/lib/render-contract';
import { matchRoute, NOT_FOUND, ROUTES } from '@/lib/routes/route-table';
import { siteSettingsQuery } from '@/theme/site-settings-query';
import { withDefaults } from '@/theme/design-settings';
import {
  photoAlt,
  renditionSize,
  THUMB_WIDTH,
  toShownPhotos,
  type StoredPhoto,
} from '@/ui/photos/photo-sources';
import { siteProfileQuery } from '@/ui/site/site-profile-query';
import { toSiteProfile } from '@/ui/site/use-site-profile';
import { ROUTE_READS, type ReadContext } from '../route-reads';

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
  // The route's reads, the very list the start-up prefetch makes (src/app/route-reads.ts).
  const context: ReadContext = { queryClient, backend, param };
  const [{ site, settings }, ...served] = await Promise.all([
    siteRead,
    ...ROUTES[page].reads.map((read) => ROUTE_READS[read].serve(context)),
  ]);
  const readAgain = served.flatMap((read) => read.readAgain);
  const rows = served.find((read) => read.rows)?.rows ?? [];
  const drawn = (card: PageCard): PageData => ({ ...data(200, card, page), readAgain });

  if (page === 'home') {
    const content = queryClient.getQueryData(homeContentQuery(backend).queryKey)!;
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
    return drawn(siteCard(site, '/', { image }));
  }

  if (page === 'publicGallery' || page === 'album') {
    const album = queryClient.getQueryData(galleryQueries.album(backend, param).queryKey);
    const found =
      page === 'publicGallery'
        ? queryClient.getQueryData(galleryQueries.gallery(backend, param).queryKey)
        : album && { ...album, title: album.name };
    if (!found) {
      // The page says 'Gallery Not Found', drawn, with the status that says so.
      const { status, title } = ROUTES[page].missing;
      return data(status, plainCard(site, pathname, title), page);
    }
    return drawn(
      galleryCard(site, pathname, {
        title: found.title,
        description: found.description,
        image: photoImage(backend, origin, rows[0]),
      }),
    );
  }

  // A client's link: only an open one is drawn. A protected link's page says nothing of its
  // album (no name, no photo) before the passcode; an unusable one is the browser's to explain.
  const link = queryClient.getQueryData(serverLinkQuery(backend, param).queryKey);
  const sitesOwn = siteCard(site, pathname, { noindex: true });
  if (!link) return data(ROUTES.clientLink.missing.status, sitesOwn, null);
  if (link.has_passcode) return data(200, sitesOwn, null);
  const cover = queryClient.getQueryData<string | null>(clientKeys.cover(param));
  const coverPhoto =
    rows.find(
      (row) =>
        photoDisplayUrl(row) === cover ||
        row.preview_url === cover ||
        sameRenditionPhoto(cover, row.preview_url),
    ) ?? rows[0];
  return drawn(
    galleryCard(site, pathname, {
      title: link.album_name,
      description: null,
      image: photoImage(backend, origin, coverPhoto),
      noindex: true,
    }),
  );
}
