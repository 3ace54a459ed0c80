/// <reference lib="webworker" />
import { matchPrecache } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

const MANIFEST_PATH = '/manifest.webmanifest';
/** Where the last known site name is kept, for installs and launches with no network. */
const NAME_CACHE = 'runtime-config';
const NAME_KEY = '/__site-name__';

interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

async function fetchSiteName(): Promise<string | null> {
  const configResponse =
    (await fetch('/config.json').catch(() => null)) ?? (await caches.match('/config.json'));
  if (!configResponse?.ok) return null;
  const config = (await configResponse.json()) as RuntimeConfig;
  // '/' (the local stack) is the site's own origin; never a protocol-relative '//host'.
  if (
    typeof config.supabaseUrl !== 'string' ||
    !/^(https?:\/\/|\/(?![/\\]))/i.test(config.supabaseUrl)
  )
    return null;
  const backend = new URL(config.supabaseUrl, self.location.origin).href.replace(/\/$/, '');
  const response = await fetch(`${backend}/rest/v1/photographer_profile?select=site_name&limit=1`, {
    headers: { apikey: config.supabaseAnonKey, Authorization: `Bearer ${config.supabaseAnonKey}` },
    signal: AbortSignal.timeout(3_000),
  });
  if (!response.ok) return null;
  const [row] = (await response.json()) as Array<{ site_name: string | null }>;
  return row?.site_name?.trim() || null;
}

/** The photographer's site name: fresh when the network answers, else the last one seen. */
async function siteName(): Promise<string | null> {
  const cache = await caches.open(NAME_CACHE);
  try {
    const name = await fetchSiteName();
    if (name) await cache.put(NAME_KEY, new Response(name));
    return name;
  } catch {
    const kept = await cache.match(NAME_KEY);
    return kept ? kept.text() : null;
  }
}

/**
 * The installed app is named after the photographer's site (their profile), not the build's
 * generic name: the worker answers the manifest request with the built manifest and the
 * profile's site name. Registered before the precache route, which would answer it otherwise.
 */
export function serveSiteManifest(): void {
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname === MANIFEST_PATH,
    async ({ request }) => {
      const built = (await matchPrecache(MANIFEST_PATH)) ?? (await fetch(request));
      const name = await siteName();
      if (!name || !built.ok) return built;
      const manifest = (await built.json()) as Record<string, unknown>;
      return new Response(
        JSON.stringify({
          ...manifest,
          name,
          short_name: name.length <= 12 ? name : manifest.short_name,
        }),
        {
          headers: { 'Content-Type': 'application/manifest+json' },
        },
      );
    },
  );
}
