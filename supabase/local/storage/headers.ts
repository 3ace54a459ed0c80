import { errors } from './errors';

/**
 * Values that end up in response headers are checked when they are stored AND when they are
 * served: a stored value with CR/LF or other control characters would otherwise make every
 * later download of the object fail (Node refuses to send such a header) or split headers.
 */

/** The `cacheControl` form field storage-js sends: a number of seconds. */
export function cacheControlFromFormField(value: unknown): string {
  if (value === undefined) return 'max-age=3600';
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) {
    throw errors.invalidRequest('cacheControl must be a number of seconds');
  }
  return `max-age=${Number(value)}`;
}

/** Cache-Control as a list of directives, each a token with an optional number or token value. */
const CACHE_CONTROL =
  /^[a-z-]{1,32}(=(\d{1,10}|[a-z-]{1,32}))?(\s*,\s*[a-z-]{1,32}(=(\d{1,10}|[a-z-]{1,32}))?){0,7}$/i;

/** The cache-control header of a raw (non-multipart) upload. */
export function cacheControlFromHeader(value: string | undefined): string {
  if (value === undefined || value === '') return 'no-cache';
  if (!CACHE_CONTROL.test(value)) throw errors.invalidRequest('Invalid cache-control header');
  return value;
}

/** A stored cache-control value, or a safe default if it is not one this service would store. */
export function servedCacheControl(stored: unknown): string {
  return typeof stored === 'string' && CACHE_CONTROL.test(stored) ? stored : 'no-cache';
}

/** The stored Cache-Control made private: for the caller's browser, never a shared cache. */
export function privateCacheControl(stored: unknown): string {
  const directives = servedCacheControl(stored)
    .split(',')
    .map((directive) => directive.trim())
    .filter((directive) => !/^(public|private)$/i.test(directive));
  return ['private', ...directives].join(', ');
}

/** Entity tags as RFC 9110 allows them. */
export function servedEtag(stored: unknown, fallback: string): string {
  return typeof stored === 'string' && /^(W\/)?"[\x21\x23-\x7e]{0,128}"$/.test(stored)
    ? stored
    : `"${fallback}"`;
}

export function servedLastModified(stored: unknown, fallback: Date): string {
  const parsed = typeof stored === 'string' ? new Date(stored) : fallback;
  return (Number.isNaN(parsed.getTime()) ? fallback : parsed).toUTCString();
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Control characters (C0, DEL, C1), slashes and backslashes. */
function unsafeInFileName(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || character === '/' || character === '\\';
}

/**
 * `Content-Disposition: attachment` for `?download=name` (RFC 6266): the name as UTF-8 in
 * `filename*` (RFC 8187), and an ASCII approximation in `filename` for old clients. Control
 * characters, slashes and backslashes become '_'; the name is cut at 200 characters.
 */
export function attachmentDisposition(requested: string): string {
  const wellFormed = requested.replace(LONE_SURROGATE, '\uFFFD');
  const name = [...wellFormed.normalize('NFC')]
    .map((character) => (unsafeInFileName(character) ? '_' : character))
    .slice(0, 200)
    .join('')
    .trim();
  if (name === '') return 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Headers every served object carries: its bytes are data, never a page or a script. */
export const OBJECT_SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  // No script, style, frame or plugin, even when the object is opened as a page.
  'content-security-policy': "default-src 'none'; sandbox",
  // Photos are shown by the site, which may live on another origin than storage when hosted;
  // who may read an object is decided by its URL (public, signed or authenticated), not CORP.
  'cross-origin-resource-policy': 'cross-origin',
  'access-control-allow-origin': '*',
};
