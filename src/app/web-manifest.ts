/**
 * Which web app manifest a page names in its `<link rel="manifest">`: whoever installs the app
 * from the admin area gets the admin's (start at the dashboard, shortcuts to the admin's daily
 * screens), everyone else the public one (the home page, no admin shortcuts). The build writes
 * both files (vite.config.ts); the embedded stack's gateway answers both with the photographer's
 * site name (supabase/local/web-manifests.ts).
 */
// With its extension: vite.config.ts imports this file, and Vite's config loader wants one.
import { decodeSegment } from './paths.ts';

export const PUBLIC_MANIFEST_PATH = '/manifest.webmanifest';
export const ADMIN_MANIFEST_PATH = '/admin.webmanifest';

/**
 * Whether `pathname` is the admin area: '/admin' (the sign-in page) and everything below it,
 * matched as the router matches '/admin/*' (case-insensitive, a trailing slash ignored);
 * '/administrator' or '/admin-x' are not.
 */
export function isAdminPath(pathname: string): boolean {
  return decodeSegment(pathname.split('/')[1] ?? '').toLowerCase() === 'admin';
}

/** The manifest for the page at `pathname` (a location's pathname, without query or fragment). */
export function manifestHref(pathname: string): string {
  return isAdminPath(pathname) ? ADMIN_MANIFEST_PATH : PUBLIC_MANIFEST_PATH;
}
