/**
 * The one URL rule (docs/SECURITY.md, "URLs"), on screen: only these ever reach an `href` or a
 * `src`. The database holds every stored URL to the same rule (private.is_safe_link and
 * private.is_safe_image_url); tests/security/url-vectors.ts is tried against both.
 */
// http(s) with a host of letters, digits, dots and dashes (or an IPv6 literal), an optional
// port, then a path, query or fragment: no user info, no backslash (browsers read it as '/').
const WEB =
  /^https?:\/\/([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?([/?#][^\s\\]*)?$/;
// A path on this site: one '/', never '//' or '/\' (another site).
const SITE_PATH = /^\/([^/\\\s][^\s\\]*)?$/;
const ANCHOR = /^#[^\s\\]*$/;
const MAILTO = /^mailto:[^\s\\/:<>"]+@[^\s\\/:<>"]+(\?[^\s\\]*)?$/;
const TEL = /^tel:[+0-9() .-]{1,40}$/;
// Browsers drop tabs and newlines inside a URL ('java\tscript:'), and ignore leading controls.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001F\u007F]/;

function checked(value: string | null | undefined, allowed: RegExp[]): string | undefined {
  if (typeof value !== 'string') return undefined;
  const url = value.trim();
  if (url === '' || CONTROL.test(url)) return undefined;
  return allowed.some((pattern) => pattern.test(url)) ? url : undefined;
}

/** A link target: http(s), a path on this site, an in-page anchor, mailto: or tel:; otherwise undefined. */
export const safeHref = (value: string | null | undefined) =>
  checked(value, [WEB, SITE_PATH, ANCHOR, MAILTO, TEL]);

/** An image source: http(s) or a path on this site; otherwise undefined. */
export const safeImageSrc = (value: string | null | undefined) => checked(value, [WEB, SITE_PATH]);

/** A web address (http or https with a real host): what the social links must be. */
export const isWebAddress = (value: string) => checked(value, [WEB]) !== undefined;

/** Whether a link leaves the site (so it opens in a new tab with noopener). */
export const isExternalLink = (href: string) => /^https?:\/\//i.test(href);
