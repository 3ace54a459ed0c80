/** The public routes' patterns (SPEC §2), shared by the router and the start-up prefetch. */
export const PUBLIC_PATHS = {
  home: '/',
  publicGallery: '/gallery/public/:id',
  album: '/gallery/:id',
  clientLink: '/client/:accessToken',
} as const;

export type PublicPage = keyof typeof PUBLIC_PATHS;

/** Decodes a path segment as React Router does for its params (a malformed one stays as it is). */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The public page at `pathname` and its parameter, matched as the router matches it (a
 * trailing slash is ignored; segments compare case-insensitively). Written out rather than
 * taken from React Router so the start-up code that calls it does not wait for the router's
 * chunk (tests/unit/public-paths.test.ts holds it to React Router's matchPath).
 */
export function matchPublicPath(
  pathname: string,
): { page: PublicPage; param: string | undefined } | null {
  const segments = pathname.replace(/\/+$/, '').split('/').slice(1);
  for (const page of Object.keys(PUBLIC_PATHS) as PublicPage[]) {
    const pattern = PUBLIC_PATHS[page].split('/').slice(1).filter(Boolean);
    if (pattern.length !== segments.length) continue;
    let param: string | undefined;
    const matches = pattern.every((part, index) => {
      const segment = segments[index]!;
      if (part.startsWith(':')) {
        param = decodeSegment(segment);
        return segment.length > 0;
      }
      return part.toLowerCase() === segment.toLowerCase();
    });
    if (matches) return { page, param };
  }
  return null;
}
