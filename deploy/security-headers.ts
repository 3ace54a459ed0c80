/**
 * The one source of the site's security headers: the local gateway (supabase/local/gateway/)
 * sends them on every answer, and the production build (vite.config.ts) writes them for static
 * hosts into dist/_headers (Netlify, Cloudflare Pages) and dist/vercel.json (Vercel).
 *
 * Two sets:
 * - the site's (the HTML shell and every file the build made, the service worker included, whose
 *   policy governs the worker's own requests): a Content-Security-Policy that lets the page load
 *   only what the build made, talk only to its own origin and the backend's, and be framed only
 *   by the site itself (Site Design's preview shows the real home page in a frame);
 * - the API's (PostgREST and storage answers, /config.json, every error the gateway makes):
 *   `default-src 'none'; frame-ancestors 'none'; sandbox`, so a JSON or text answer opened as a
 *   page can run nothing, load nothing and be framed by nobody.
 * This module has no dependencies, so the Vite config and the gateway can both import it.
 */

export type HeaderSet = Readonly<Record<string, string>>;

/** Answers a browser could open as a document: never sniffed, no powerful features. */
const COMMON: HeaderSet = {
  'x-content-type-options': 'nosniff',
  // The client gallery's address carries its access token: other sites only ever see our origin.
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  'cross-origin-opener-policy': 'same-origin',
};

export interface SitePolicyOptions {
  /**
   * Origins of the backend when it is not the site's own (a static host talking to a hosted
   * Supabase project), e.g. https://abcd.supabase.co or https://*.supabase.co.
   */
  backendOrigins?: readonly string[];
}

/**
 * The site's Content-Security-Policy. Scripts, styles, fonts and the worker come from the build
 * only ('self'); styles may be inline (the boot styles of index.html and the toasts' injected
 * stylesheet). Images may come from any https address besides the backend: the admin may link
 * a page section's picture from elsewhere (page_content.image_url allows https:// links).
 * blob: and data: are the app's own object URLs (local previews, the thumbnail worker, saved files).
 * Frames: only the site's own (a streamed zip download is a hidden same-origin frame the service
 * worker answers: src/lib/downloads/save-stream.ts).
 */
export function siteContentSecurityPolicy(options: SitePolicyOptions = {}): string {
  const backend = [...new Set(options.backendOrigins ?? [])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', 'https:', ...backend].join(' '),
    "font-src 'self' data:",
    ['connect-src', "'self'", ...backend].join(' '),
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-src 'self'",
    // Site Design's preview frames the home page (src/features/admin-design/site-preview-frame.tsx);
    // no other site may frame any page of it.
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The headers of the site's own files: the shell, assets, icons, the manifest and the service worker. */
export function siteHeaders(options: SitePolicyOptions = {}): HeaderSet {
  return {
    ...COMMON,
    'x-frame-options': 'SAMEORIGIN',
    'content-security-policy': siteContentSecurityPolicy(options),
    'cross-origin-resource-policy': 'same-origin',
  };
}

/** The policy of anything that is data, not a page: it may run nothing, load nothing, be framed by nobody. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** The headers of API answers (PostgREST, storage, /config.json) and of every error the gateway makes. */
export const API_HEADERS: HeaderSet = {
  ...COMMON,
  'x-frame-options': 'DENY',
  'content-security-policy': API_CONTENT_SECURITY_POLICY,
};

/** Hashed build output never changes; everything else must be revalidated. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const ASSETS_PREFIX = '/assets/';

/** Header names as static hosts print them (Content-Security-Policy, X-Frame-Options …). */
const displayName = (name: string) =>
  name.replace(
    /(^|-)([a-z])/g,
    (_match, dash: string, letter: string) => dash + letter.toUpperCase(),
  );

/**
 * dist/_headers (Netlify, Cloudflare Pages). Rules that match the same path are merged and a
 * header named twice gets both values, so Cache-Control is set on /assets/* only (the hosts'
 * default for everything else already revalidates).
 */
export function netlifyHeadersFile(options: SitePolicyOptions = {}): string {
  const lines = [
    '/*',
    ...Object.entries(siteHeaders(options)).map(
      ([name, value]) => `  ${displayName(name)}: ${value}`,
    ),
  ];
  lines.push(`${ASSETS_PREFIX}*`, `  Cache-Control: ${IMMUTABLE_CACHE}`);
  return `${lines.join('\n')}\n`;
}

/** dist/_redirects (Netlify, Cloudflare Pages): a path with no file is a route of the app. */
export const NETLIFY_REDIRECTS_FILE = '/*  /index.html  200\n';

/**
 * dist/vercel.json. Vercel reads vercel.json at the root of the deployed project, so deploy the
 * built folder itself (`vercel deploy dist`); rewrites only apply when no file matches.
 */
export function vercelConfig(options: SitePolicyOptions = {}) {
  return {
    headers: [
      {
        source: '/(.*)',
        headers: Object.entries(siteHeaders(options)).map(([name, value]) => ({
          key: displayName(name),
          value,
        })),
      },
      {
        source: `${ASSETS_PREFIX}(.*)`,
        headers: [{ key: 'Cache-Control', value: IMMUTABLE_CACHE }],
      },
    ],
    rewrites: [{ source: '/(.*)', destination: '/index.html' }],
  };
}

/** The backend origin a static build must allow: the build's Supabase URL, else any hosted project. */
export function staticHostBackendOrigins(supabaseUrl: string | undefined): string[] {
  if (supabaseUrl) {
    try {
      return [new URL(supabaseUrl).origin];
    } catch {
      throw new Error(`VITE_SUPABASE_URL / SUPABASE_URL is not a URL: ${supabaseUrl}`);
    }
  }
  return ['https://*.supabase.co'];
}
