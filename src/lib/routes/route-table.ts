/**
 * Every address of the site (SPEC §2), once: each route's pattern, the reads its page makes,
 * its head and its status rules, and the one matcher. The browser's router, the server's
 * render and the start-up prefetch (src/app), the embedded stack's gateway (supabase/local:
 * pages, robots.txt, sitemap.xml, X-Robots-Tag, manifests) and the static host's edge function
 * (deploy/netlify, run by Deno) all read it, so it imports nothing (docs/architecture.md).
 */

/** What a page reads besides the site's settings and profile, by name (src/app/route-reads.ts). */
export type RouteRead =
  | 'homeContent'
  | 'homeTestimonials'
  | 'gallery'
  | 'galleryPhotos'
  | 'album'
  | 'albumPhotos'
  | 'clientLink'
  | 'clientPhotos';

export const PUBLIC_MANIFEST_PATH = '/manifest.webmanifest';
export const ADMIN_MANIFEST_PATH = '/admin.webmanifest';

export interface RouteRule {
  /** The pattern (matchPattern): fixed segments, one `:param`, or a trailing `/*`. */
  pattern: string;
  /** Addresses that are this route (tests/unit/route-table.test.ts matches each). */
  examples: readonly string[];
  /** The reads the page makes, in the server's render and in the start-up prefetch alike. */
  reads: readonly RouteRead[];
  /** Drawn by the server's render (the admin area never is). */
  drawn: boolean;
  /** Kept out of search engines: robots meta, X-Robots-Tag, and this robots.txt Disallow. */
  noindex: boolean;
  robotsDisallow?: string;
  /** One person's page: no shared cache may keep it (docs/SECURITY.md, class 12). */
  privateCache: boolean;
  /** The web app manifest the page names (the admin area's installs to its dashboard). */
  manifest: string;
  /** The head's title when the page has no row of its own to name it. */
  title?: string;
  /** What the page answers when the row its parameter names is missing (or unusable). */
  missing?: { status: 404; title: string | null };
}

const GALLERY_NOT_FOUND = { status: 404, title: 'Gallery Not Found' } as const;

export const ROUTES = {
  home: {
    pattern: '/',
    examples: ['/'],
    reads: ['homeContent', 'homeTestimonials'],
    drawn: true,
    noindex: false,
    privateCache: false,
    manifest: PUBLIC_MANIFEST_PATH,
  },
  publicGallery: {
    pattern: '/gallery/public/:id',
    examples: ['/gallery/public/6f1c2a9e-2b1d-4c3e-9f00-0a1b2c3d4e5f', '/Gallery/Public/g1/'],
    reads: ['gallery', 'galleryPhotos'],
    drawn: true,
    noindex: false,
    privateCache: false,
    manifest: PUBLIC_MANIFEST_PATH,
    missing: GALLERY_NOT_FOUND,
  },
  album: {
    pattern: '/gallery/:id',
    examples: ['/gallery/6f1c2a9e-2b1d-4c3e-9f00-0a1b2c3d4e5f', '/gallery/public', '/GALLERY/a1/'],
    reads: ['album', 'albumPhotos'],
    drawn: true,
    noindex: false,
    privateCache: false,
    manifest: PUBLIC_MANIFEST_PATH,
    missing: GALLERY_NOT_FOUND,
  },
  clientLink: {
    pattern: '/client/:accessToken',
    examples: ['/client/AbC_-123', '/client/a%20b', '/Client/%ZZ/'],
    // The photos only for an open link: a protected link's wait for the passcode.
    reads: ['clientLink', 'clientPhotos'],
    drawn: true,
    noindex: true,
    robotsDisallow: '/client/',
    privateCache: true,
    manifest: PUBLIC_MANIFEST_PATH,
    // An unknown, inactive or expired link: the site's own card, no title.
    missing: { status: 404, title: null },
  },
  admin: {
    pattern: '/admin/*',
    examples: ['/admin', '/admin/', '/admin/albums/a1', '/ADMIN/Links', '/%61dmin/albums'],
    reads: [],
    drawn: false,
    noindex: true,
    robotsDisallow: '/admin',
    privateCache: false,
    manifest: ADMIN_MANIFEST_PATH,
    title: 'Admin',
  },
} as const satisfies Record<string, RouteRule>;

export type RouteName = keyof typeof ROUTES;

/** The public pages: every route but the admin area, each with one parameter or none. */
export type PublicPage = Exclude<RouteName, 'admin'>;

const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];
export const PUBLIC_PAGES = ROUTE_NAMES.filter((name): name is PublicPage => name !== 'admin');

/** The public page at `pathname`, if it is one. */
export function matchPublicPage(
  pathname: string,
): { page: PublicPage; param: string | undefined } | null {
  const { name, param } = matchRoute(pathname);
  return name === 'notFound' || name === 'admin' ? null : { page: name, param };
}

/** Any address no route matches: the not-found page, HTTP 404, kept out of search engines. */
export const NOT_FOUND = {
  status: 404,
  title: 'Page Not Found',
  examples: ['/unknown/page', '/administrator', '/client', '/client/a/b', '/gallery/public/a/b'],
} as const;

export type RouteMatch =
  { name: RouteName; param: string | undefined } | { name: 'notFound'; param: undefined };

/** Decodes a path segment for a parameter (a malformed one stays as it is). */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Whether `pathname` (no query) is an address of `pattern`, and its parameter: a trailing
 * slash is ignored, fixed segments compare decoded and case-insensitively, a parameter is the
 * decoded segment and never empty, a trailing `/*` takes any rest (none included). These are
 * the rules React Router matched by, which the site's addresses were published under.
 */
export function matchPattern(
  pattern: string,
  pathname: string,
): { param: string | undefined } | null {
  const segments = pathname.replace(/\/+$/, '').split('/').slice(1);
  const parts = pattern.split('/').filter(Boolean);
  const rest = parts[parts.length - 1] === '*';
  if (rest) parts.pop();
  if (rest ? segments.length < parts.length : segments.length !== parts.length) return null;
  let param: string | undefined;
  const matches = parts.every((part, index) => {
    const segment = segments[index]!;
    if (!part.startsWith(':')) return part.toLowerCase() === decodeSegment(segment).toLowerCase();
    param = decodeSegment(segment);
    return segment.length > 0;
  });
  return matches ? { param } : null;
}

/**
 * The route at `pathname` (no query): the first whose pattern matches (matchPattern). Written
 * out rather than taken from a router so start-up code and Deno need load none
 * (tests/unit/public-paths.test.ts holds it to the examples).
 */
export function matchRoute(pathname: string): RouteMatch {
  for (const name of ROUTE_NAMES) {
    const match = matchPattern(ROUTES[name].pattern, pathname);
    if (match) return { name, param: match.param };
  }
  return { name: 'notFound', param: undefined };
}

/** The address a route is shared under: its own spelling, no trailing slash. */
export function routePath(name: RouteName, param = ''): string {
  return ROUTES[name].pattern
    .replace(/:\w+/, encodeURIComponent(param))
    .replace(/\/\*$/, '')
    .replace(/(.)\/$/, '$1');
}

/** Whether `pathname` is the admin area ('/admin' and below; '/administrator' is not). */
export const isAdminPath = (pathname: string) => matchRoute(pathname).name === 'admin';

/** The web app manifest the page at `pathname` names. */
export function manifestHref(pathname: string): string {
  const { name } = matchRoute(pathname);
  return name === 'notFound' ? PUBLIC_MANIFEST_PATH : ROUTES[name].manifest;
}

/** robots.txt's rules: every route kept out of search engines is disallowed. */
export const ROBOTS_RULES: readonly string[] = [
  'User-agent: *',
  ...ROUTE_NAMES.flatMap((name) => {
    const rule: RouteRule = ROUTES[name];
    return rule.robotsDisallow ? [`Disallow: ${rule.robotsDisallow}`] : [];
  }).sort(),
  'Allow: /',
];

/**
 * Whether the page at `pathname` is answered with X-Robots-Tag: noindex: a route kept out of
 * search engines, or any address under one's first segment (a malformed client link too).
 */
export function keptOutOfSearch(pathname: string): boolean {
  const match = matchRoute(pathname);
  if (match.name !== 'notFound') return ROUTES[match.name].noindex;
  const first = decodeSegment(pathname.split('/')[1] ?? '').toLowerCase();
  return ROUTE_NAMES.some((name) => {
    const rule: RouteRule = ROUTES[name];
    return rule.noindex && rule.pattern.split('/')[1] === first;
  });
}
