/**
 * Netlify Edge Function (Deno): every page of the app answers with its own HTML head on a
 * static host too (issue 23, item 3; docs/deploy.md, "Link previews and search engines on a
 * static host"). It takes the build's index.html from the rest of the chain (context.next()),
 * reads what the page needs from the hosted Supabase project's REST API with the anon key,
 * exactly as a visitor's browser would, and puts the page's card (src/lib/page-head.ts) in
 * place of the build's default one. Unknown pages, galleries and albums, and unusable client
 * links, answer 404; client links and the admin area carry X-Robots-Tag: noindex.
 *
 * Bounded: each read gives up after 1.5 s and all of them after 3 s; on any failure the page
 * goes out as the build made it (the default card), never an error.
 *
 * Settings (Netlify's environment variables, scope "Functions" or all):
 * - SUPABASE_URL, SUPABASE_ANON_KEY (else VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY, the build's);
 * - SITE_URL (optional): the address the pages are shared under, e.g. https://janedoe.photo;
 *   else the address the request came to.
 *
 * Deno runs this file as it is: relative imports with their extension, Web APIs only.
 */
import { headTags, withPageHead } from '../../../src/lib/page-head.ts';
import {
  adminHead,
  albumHead,
  canonicalPath,
  clientLinkHead,
  homeHead,
  isAccessToken,
  isUuid,
  keptOutOfSearch,
  notFoundHead,
  pageRoute,
  publicGalleryHead,
  siteFacts,
  type ClientLinkRow,
  type PageHead,
  type PageRoute,
  type VisiblePhoto,
} from '../../../src/lib/page-cards-from-rows.ts';

/** What this function uses of Netlify's runtime (the global `Netlify`, the handler's context). */
declare const Netlify: { env: { get(name: string): string | undefined } };
export interface EdgeContext {
  next(): Promise<Response>;
}
/** Reads a setting of the environment. */
export type EnvReader = (name: string) => string | undefined;

/** Which requests run it: every page of the app, not its files (anything with a dot in its path). */
export const config = {
  path: '/*',
  excludedPath: ['/*.*'],
  method: ['GET'],
  // A fault of the function itself: the page as if it did not exist.
  onError: 'bypass',
};

/** How long one read may take, and all of a page's reads together. */
export const READ_TIMEOUT_MS = 1_500;
export const PAGE_TIMEOUT_MS = 3_000;

interface Backend {
  url: string;
  anonKey: string;
  signal: AbortSignal;
}

/** A read of the REST API as the anonymous role, with the headers supabase-js sends (src/lib/backend/public-client.ts). */
async function rest<T>(backend: Backend, path: string, body?: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${backend.url}/rest/v1/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      apikey: backend.anonKey,
      authorization: `Bearer ${backend.anonKey}`,
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.any([backend.signal, AbortSignal.timeout(READ_TIMEOUT_MS)]),
  });
  if (!response.ok) throw new Error(`${path.split('?')[0]}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

const eq = (value: string) => `eq.${encodeURIComponent(value)}`;
const PHOTO = 'thumb_url,width,height,caption';

type Embedded = Array<{ photos: VisiblePhoto | null }> | null;

/** The site's profile: photographer_profile, one row or none yet. */
async function readSite(backend: Backend, origin: string) {
  const rows = await rest<Array<{ site_name: string | null; subtitle: string | null }>>(
    backend,
    'photographer_profile?select=site_name,subtitle&limit=1',
  );
  return siteFacts(rows[0], origin);
}

/** What the home page shows first (src/lib/backend/home-page.ts, src/features/home/home-view.ts). */
async function readHome(backend: Backend) {
  const [settings, sections, galleries] = await Promise.all([
    rest<Array<{ setting_value: string | null }>>(
      backend,
      'site_settings?select=setting_value&setting_key=eq.hero_background_image',
    ),
    rest<Array<{ image_url: string | null }>>(
      backend,
      'page_content?select=image_url&page_name=eq.home&section_name=eq.hero&is_active=eq.true&order=sort_order.asc,created_at.asc&limit=1',
    ),
    rest<Array<{ title: string; cover: Embedded }>>(
      backend,
      `public_galleries?select=title,cover:public_gallery_photos(photos(${PHOTO}))&is_active=eq.true` +
        '&order=created_at.desc,id.asc&cover.order=sort_order.asc,created_at.asc,photo_id.asc&cover.limit=1&limit=20',
    ),
  ]);
  return {
    heroSetting: settings[0]?.setting_value,
    heroSection: sections[0]?.image_url,
    galleries: galleries.map((gallery) => ({
      title: gallery.title,
      first: gallery.cover?.[0]?.photos ?? null,
    })),
  };
}

/** A curated gallery, active only, with its first photo (src/lib/backend/public-galleries-read.ts, reading B). */
async function readPublicGallery(backend: Backend, id: string) {
  if (!isUuid(id)) return null;
  const rows = await rest<Array<{ title: string; description: string | null; cover: Embedded }>>(
    backend,
    `public_galleries?select=title,description,cover:public_gallery_photos(photos(${PHOTO}))&id=${eq(id)}&is_active=eq.true` +
      '&cover.order=sort_order.asc,created_at.asc,photo_id.asc&cover.limit=1',
  );
  const gallery = rows[0];
  return gallery
    ? {
        title: gallery.title,
        description: gallery.description,
        first: gallery.cover?.[0]?.photos ?? null,
      }
    : null;
}

/** A public album and the photo its cover shows (public_album_photos, reading A). */
async function readAlbum(backend: Backend, id: string) {
  if (!isUuid(id)) return { album: null, coverPhoto: null };
  const photos = `public_album_photos?select=${PHOTO}&album_id=${eq(id)}`;
  const [albums, firsts] = await Promise.all([
    rest<Array<{ name: string; description: string | null; cover_photo_url: string | null }>>(
      backend,
      `albums?select=name,description,cover_photo_url&id=${eq(id)}&is_public=eq.true`,
    ),
    rest<VisiblePhoto[]>(backend, `${photos}&order=sort_order.asc,created_at.asc,id.asc&limit=1`),
  ]);
  const album = albums[0] ?? null;
  const first = firsts[0] ?? null;
  if (!album?.cover_photo_url || album.cover_photo_url === first?.thumb_url)
    return { album, coverPhoto: album ? first : null };
  // A cover chosen by the photographer: its photo, for the thumbnail's size.
  const chosen = await rest<VisiblePhoto[]>(
    backend,
    `${photos}&thumb_url=${eq(album.cover_photo_url)}&limit=1`,
  );
  return { album, coverPhoto: chosen[0] ?? null };
}

/**
 * A client's link (src/lib/backend/client-links.ts). The cover is asked for only when the link
 * has no passcode: asked without one, a protected link counts a wrong guess.
 */
async function readClientLink(backend: Backend, token: string) {
  if (!isAccessToken(token)) return { link: null, cover: null };
  const [link] = await rest<ClientLinkRow[]>(backend, 'rpc/get_gallery_link_by_token', {
    p_access_token: token,
  });
  if (!link || link.has_passcode) return { link: link ?? null, cover: null };
  const cover = await rest<string | null>(backend, 'rpc/get_album_cover_by_token', {
    p_access_token: token,
    p_passcode: null,
    p_device: null,
  });
  return { link, cover };
}

/** The page's head, from the site's profile and the rows the page needs, read at once. */
async function pageHeadFor(
  route: PageRoute,
  path: string,
  backend: Backend,
  origin: string,
): Promise<PageHead> {
  const site = readSite(backend, origin);
  switch (route.kind) {
    case 'home': {
      const [facts, rows] = await Promise.all([site, readHome(backend)]);
      return homeHead(facts, backend.url, rows);
    }
    case 'publicGallery': {
      const [facts, gallery] = await Promise.all([site, readPublicGallery(backend, route.id)]);
      return publicGalleryHead(facts, path, backend.url, gallery);
    }
    case 'album': {
      const [facts, { album, coverPhoto }] = await Promise.all([
        site,
        readAlbum(backend, route.id),
      ]);
      return albumHead(facts, path, backend.url, album, coverPhoto);
    }
    case 'clientLink': {
      const [facts, { link, cover }] = await Promise.all([
        site,
        readClientLink(backend, route.token),
      ]);
      return clientLinkHead(facts, path, backend.url, link, cover);
    }
    case 'admin':
      return adminHead(await site, path);
    case 'unknown':
      return notFoundHead(await site, path);
  }
}

/** The backend and the site's address from the environment; null when the backend is not set. */
function settings(
  request: Request,
  readEnv: EnvReader,
): { backendUrl: string; anonKey: string; origin: string } | null {
  const env = (name: string) => readEnv(name)?.trim() || undefined;
  const backendUrl = env('SUPABASE_URL') ?? env('VITE_SUPABASE_URL');
  const anonKey = env('SUPABASE_ANON_KEY') ?? env('VITE_SUPABASE_ANON_KEY');
  if (!backendUrl || !anonKey) return null;
  return {
    backendUrl: backendUrl.replace(/\/+$/, ''),
    anonKey,
    origin: env('SITE_URL') ?? new URL(request.url).origin,
  };
}

/** The page's head, or null when it cannot be had now (not set up, a read failed or took too long). */
async function safePageHead(
  route: PageRoute,
  path: string,
  request: Request,
  readEnv: EnvReader,
): Promise<PageHead | null> {
  try {
    const found = settings(request, readEnv);
    if (!found) return null;
    const backend = {
      url: found.backendUrl,
      anonKey: found.anonKey,
      signal: AbortSignal.timeout(PAGE_TIMEOUT_MS),
    };
    return await pageHeadFor(route, path, backend, found.origin);
  } catch (error) {
    console.warn(
      `page-head: the build's default card for ${route.kind}:`,
      error instanceof Error ? error.message : error,
    );
    return null;
  }
}

const isHtml = (response: Response) =>
  /^text\/html\b/i.test(response.headers.get('content-type') ?? '');

/**
 * The work, for any host whose functions see the request and the static answer (a Cloudflare
 * Pages Function would call it with its `next` and `env`, docs/deploy.md).
 */
export async function withPageCard(
  request: Request,
  next: () => Promise<Response>,
  readEnv: EnvReader,
): Promise<Response> {
  const { pathname } = new URL(request.url);
  const route = pageRoute(pathname);
  // The page and its rows at once: the reads add no time to the page's own.
  const [page, head] = await Promise.all([
    next(),
    safePageHead(route, canonicalPath(route, pathname), request, readEnv),
  ]);
  if (page.status !== 200 || !isHtml(page)) return page;
  const headers = new Headers(page.headers);
  if (keptOutOfSearch(route)) headers.set('x-robots-tag', 'noindex');
  // Without a card the build's page goes out as it came, its body unread.
  if (!head)
    return new Response(page.body, { status: page.status, statusText: page.statusText, headers });
  const html = await page.text();
  const changed = withPageHead(html, headTags(head.card));
  // The body is now read text, no longer the file's bytes: its length, encoding and entity tag go.
  for (const name of ['content-length', 'content-encoding', 'etag']) headers.delete(name);
  // A page that is not the app's index.html (no <title>) goes out unchanged.
  return changed === null
    ? new Response(html, { status: page.status, statusText: page.statusText, headers })
    : new Response(changed, { status: head.status, headers });
}

/** Netlify's entry point: its context's next() and its environment. */
export default function pageHead(request: Request, context: EdgeContext): Promise<Response> {
  return withPageCard(
    request,
    () => context.next(),
    (name) => Netlify.env.get(name),
  );
}
