import {
  galleryCard,
  plainCard,
  siteCard,
  type CardImage,
  type PageCard,
  type SiteFacts,
} from './page-head.ts';
import { chooseHero } from './hero-choice.ts';
import { matchRoute, NOT_FOUND, ROUTES, routePath } from './routes/route-table.ts';

/**
 * From the rows a visitor may read to the page's card (src/lib/page-head.ts), for a server
 * that has only those rows and no app code: the static host's edge function
 * (deploy/netlify/edge-functions/page-head.ts) runs it in Deno. So this module imports only
 * leaves (named with their extension, as Deno needs), and the few rules of the app it
 * needs are written out again here, each naming the one it follows
 * (tests/unit/page-cards-from-rows.test.ts holds them to the app's).
 */

/** The routes whose HTML head differs (src/lib/routes/route-table.ts). */
export type PageRoute =
  | { kind: 'home' }
  | { kind: 'publicGallery'; id: string }
  | { kind: 'album'; id: string }
  | { kind: 'clientLink'; token: string }
  | { kind: 'admin' }
  | { kind: 'unknown' };

/** The route at `pathname`, as the route table matches it. */
export function pageRoute(pathname: string): PageRoute {
  const { name, param = '' } = matchRoute(pathname);
  switch (name) {
    case 'publicGallery':
    case 'album':
      return { kind: name, id: param };
    case 'clientLink':
      return { kind: name, token: param };
    case 'notFound':
      return { kind: 'unknown' };
    default:
      return { kind: name };
  }
}

/** The address a page is shared under: the route's own spelling, no trailing slash; any other page as asked. */
export function canonicalPath(route: PageRoute, pathname: string): string {
  switch (route.kind) {
    case 'home':
    case 'publicGallery':
    case 'album':
      return routePath(route.kind, route.kind === 'home' ? '' : route.id);
    case 'clientLink':
      return routePath(route.kind, route.token);
    default:
      return pathname;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id can name a row at all (a malformed one is simply not found, src/lib/backend/public-galleries-read.ts). */
export const isUuid = (id: string) => UUID.test(id);

/** What the server accepts as a link's token (src/lib/backend/access-token.ts ACCESS_TOKEN_PATTERN). */
export const isAccessToken = (token: string) => /^[A-Za-z0-9_-]{32,128}$/.test(token);

/** The site's name when the profile has none (the build's index.html, vite.config.ts's manifest). */
export const DEFAULT_SITE_NAME = 'Photography Portfolio';

/** photographer_profile's row (or none yet) → the facts every card says about the site. */
export function siteFacts(
  profile: { site_name: string | null; subtitle: string | null } | null | undefined,
  origin: string,
): SiteFacts {
  return {
    siteName: profile?.site_name?.trim() || DEFAULT_SITE_NAME,
    subtitle: profile?.subtitle?.trim() || null,
    origin: new URL(origin).origin,
  };
}

// The photo-object naming contract (src/lib/backend/photo-objects.ts).
const PUBLIC_PHOTOS_PATH = '/storage/v1/object/public/photos/';
const ORIGINALS_PATH = '/storage/v1/object/authenticated/originals/';

function nameAfter(url: string, prefix: string): string | null {
  const at = url.indexOf(prefix);
  if (at === -1) return null;
  try {
    return decodeURIComponent(url.slice(at + prefix.length).split(/[?#]/)[0]!) || null;
  } catch {
    return null;
  }
}

/**
 * A stored address of an object in the public bucket photos (a path, or an absolute URL of
 * whichever backend served it) → its public address at this backend; null for anything else:
 * a private original, another site's image, nothing. As src/lib/backend/storage.ts
 * resolveStorageUrl, less the other sites' images, whose size and lifetime nobody knows.
 */
export function publicPhotoAddress(
  backendUrl: string,
  stored: string | null | undefined,
): string | null {
  if (!stored || nameAfter(stored, ORIGINALS_PATH) !== null) return null;
  const name = nameAfter(stored, PUBLIC_PHOTOS_PATH);
  if (name === null) return null;
  return `${backendUrl.replace(/\/$/, '')}${PUBLIC_PHOTOS_PATH}${name.split('/').map(encodeURIComponent).join('/')}`;
}

/** A photo as visitors read it (public_gallery_photos' photos, public_album_photos). */
export interface VisiblePhoto {
  thumb_url: string | null;
  width: number | null;
  height: number | null;
  caption?: string | null;
}

/** The thumbnail's long edge (src/ui/photos/photo-sources.ts THUMB_WIDTH). */
export const THUMB_LONG_EDGE = 480;

/** The size of a photo's rendition of this long edge (src/ui/photos/photo-sources.ts renditionSize). */
export function renditionSize(
  photo: { width: number | null; height: number | null },
  longEdge: number,
): { width: number; height: number } {
  const width = photo.width ?? longEdge;
  const height = photo.height ?? longEdge;
  const scale = Math.min(1, longEdge / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/**
 * A photo's thumbnail as a card's image (480 px, within the 1200 px previews use), with its
 * size when the photo has one; null when it has no thumbnail (its preview is 2048 px).
 */
export function thumbnailImage(
  backendUrl: string,
  photo: VisiblePhoto | null | undefined,
  alt: string,
): CardImage | null {
  const url = publicPhotoAddress(backendUrl, photo?.thumb_url);
  if (!photo || !url) return null;
  const size = photo.width && photo.height ? renditionSize(photo, THUMB_LONG_EDGE) : {};
  return { url, ...size, alt: photo.caption?.trim() || alt };
}

/** A page's head: its card and the HTTP status it answers with. */
export interface PageHead {
  card: PageCard;
  status: 200 | 404;
}

const found = (card: PageCard): PageHead => ({ card, status: 200 });

/** The routes answered with `X-Robots-Tag: noindex` besides their robots meta tag: a client's link, the admin area. */
export const keptOutOfSearch = (route: PageRoute) =>
  route.kind !== 'unknown' && ROUTES[route.kind].noindex;

/** A page that is not there: HTTP 404, the site's name, kept out of search engines ('Gallery Not Found' for a gallery or album, as the page says). */
export const notFoundHead = (
  site: SiteFacts,
  path: string,
  title: string = NOT_FOUND.title,
): PageHead => ({
  card: plainCard(site, path, title),
  status: NOT_FOUND.status,
});

/** The admin area: its name only, kept out of search engines. */
export const adminHead = (site: SiteFacts, path: string): PageHead =>
  found(plainCard(site, path, ROUTES.admin.title));

/** What the home page's card is made of (src/features/home/home-view.ts: the hero, 'Featured Collections', 'Recent Sessions'). */
export interface HomeRows {
  /** site_settings' hero_background_image. */
  heroSetting: string | null | undefined;
  /** The active hero section's image_url (page_content, page 'home'). */
  heroSection: string | null | undefined;
  /** Active public galleries, newest first, each with its first photo (or none). */
  galleries: ReadonlyArray<{ title: string; first: VisiblePhoto | null }>;
}

/**
 * Home: the site's card, its image the hero's when the hero is a photo of the site's storage
 * (the setting first, else the hero section's, as pickHeroImage chooses), else the cover of
 * the first featured gallery (newest first) that has a photo, else none.
 */
export function homeHead(site: SiteFacts, backendUrl: string, rows: HomeRows): PageHead {
  // An image a page can show: not a private original, a web address or a path on the site.
  const hero = chooseHero(rows.heroSetting, rows.heroSection, (stored) => {
    const trimmed = stored?.trim();
    return trimmed &&
      nameAfter(trimmed, ORIGINALS_PATH) === null &&
      /^(https?:\/\/|\/(?![/\\]))/i.test(trimmed)
      ? trimmed
      : null;
  });
  const heroUrl = publicPhotoAddress(backendUrl, hero?.image);
  const galleryImage = rows.galleries
    .map((gallery) => thumbnailImage(backendUrl, gallery.first, gallery.title))
    .find(Boolean);
  const image: CardImage | null = heroUrl
    ? { url: heroUrl, alt: site.siteName }
    : (galleryImage ?? null);
  return found(siteCard(site, '/', { image }));
}

/** A curated gallery (active only; null when missing or inactive: 404), its first photo's thumbnail as its image. */
export function publicGalleryHead(
  site: SiteFacts,
  path: string,
  backendUrl: string,
  gallery: { title: string; description: string | null; first: VisiblePhoto | null } | null,
): PageHead {
  if (!gallery) return notFoundHead(site, path, ROUTES.publicGallery.missing.title);
  return found(
    galleryCard(site, path, {
      title: gallery.title,
      description: gallery.description,
      image: thumbnailImage(backendUrl, gallery.first, gallery.title),
    }),
  );
}

/**
 * A public album (null when missing or private: 404). Its image is its cover: `coverPhoto`,
 * the photo the cover shows (or its first photo when it has no cover), sized from it; or, when
 * no such photo was found, the cover's address alone.
 */
export function albumHead(
  site: SiteFacts,
  path: string,
  backendUrl: string,
  album: { name: string; description: string | null; cover_photo_url: string | null } | null,
  coverPhoto: VisiblePhoto | null,
): PageHead {
  if (!album) return notFoundHead(site, path, ROUTES.album.missing.title);
  const coverUrl = publicPhotoAddress(backendUrl, album.cover_photo_url);
  const image =
    thumbnailImage(backendUrl, coverPhoto, album.name) ??
    (coverUrl ? { url: coverUrl, alt: album.name } : null);
  return found(
    galleryCard(site, path, { title: album.name, description: album.description, image }),
  );
}

/** What rpc get_gallery_link_by_token answers of a usable link (src/lib/backend/database.types.ts ClientLink). */
export interface ClientLinkRow {
  album_name: string;
  has_passcode: boolean;
}

/**
 * A client's link, always kept out of search engines: for an open link (no passcode), the
 * album's name and cover (rpc get_album_cover_by_token); for a protected link, the site's card
 * alone, no image; for an unusable one (unknown, inactive, expired) the same with HTTP 404.
 */
export function clientLinkHead(
  site: SiteFacts,
  path: string,
  backendUrl: string,
  link: ClientLinkRow | null,
  cover: string | null,
): PageHead {
  if (!link)
    return {
      card: siteCard(site, path, { noindex: true }),
      status: ROUTES.clientLink.missing.status,
    };
  if (link.has_passcode) return found(siteCard(site, path, { noindex: true }));
  const coverUrl = publicPhotoAddress(backendUrl, cover);
  return found(
    galleryCard(site, path, {
      title: link.album_name,
      description: null,
      image: coverUrl ? { url: coverUrl, alt: link.album_name } : null,
      noindex: true,
    }),
  );
}
