/**
 * The URL allow-list of ARCHITECTURE §4: only these ever reach an `href` or a `src`. Stored
 * values are checked by the database too; this is the second fence, on screen.
 */
const LINK = /^(https?:\/\/[^\s/?#]+[^\s]*|mailto:[^\s]+|tel:[+0-9() .-]+|\/(?!\/)[^\s]*|#[^\s]*)$/i;
const IMAGE = /^(https?:\/\/[^\s/?#]+[^\s]*|\/(?!\/)[^\s]*)$/i;
// Browsers drop tabs and newlines inside a URL ('java\tscript:'), and ignore leading spaces and controls.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const IGNORED_BY_BROWSERS = /[\u0000-\u001F\u007F]/;

function checked(value: string | null | undefined, pattern: RegExp): string | undefined {
  if (typeof value !== 'string') return undefined;
  const url = value.trim();
  if (url === '' || IGNORED_BY_BROWSERS.test(url) || url.includes('\\')) return undefined;
  return pattern.test(url) ? url : undefined;
}

/** A link target: http(s), mailto:, tel:, a site-relative path or an in-page anchor; otherwise undefined. */
export const safeHref = (value: string | null | undefined) => checked(value, LINK);

/** An image source: http(s) or a site-relative path; otherwise undefined. */
export const safeImageSrc = (value: string | null | undefined) => checked(value, IMAGE);

/** Whether a link leaves the site (so it opens in a new tab with noopener). */
export const isExternalLink = (href: string) => /^https?:\/\//i.test(href);
