/** Where the backend is: the Supabase project URL and its public (anon) key. */
export interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

const CACHE_KEY = 'runtime_config';

/** An http(s) address, or a path on the site's own origin ('/'); never protocol-relative ('//host'). */
const BACKEND_URL = /^(https?:\/\/|\/(?![/\\]))/i;

function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  const candidate = value as Partial<RuntimeConfig> | null;
  return (
    typeof candidate?.supabaseUrl === 'string' &&
    BACKEND_URL.test(candidate.supabaseUrl) &&
    typeof candidate.supabaseAnonKey === 'string' &&
    candidate.supabaseAnonKey.length > 0
  );
}

/**
 * The backend's absolute address. The local stack's /config.json says '/', "this site's own
 * origin" (it never builds an address from the request's Host header, which the caller chooses).
 */
function resolved(config: RuntimeConfig, origin: string): RuntimeConfig {
  return { ...config, supabaseUrl: new URL(config.supabaseUrl, origin).href.replace(/\/$/, '') };
}

/**
 * A static host build carries VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY; otherwise the
 * server that serves the app answers GET /config.json (the local stack does), so one build
 * runs on any backend. The last good answer is kept to start offline.
 */
export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = fetch,
  origin = window.location.origin,
  /** The configuration a page the server drew carries (src/app/server-page.ts): no request needed. */
  fromPage?: RuntimeConfig,
): Promise<RuntimeConfig> {
  const fromBuild = {
    supabaseUrl: import.meta.env.VITE_SUPABASE_URL as string | undefined,
    supabaseAnonKey: import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined,
  };
  if (isRuntimeConfig(fromBuild)) return fromBuild;
  if (isRuntimeConfig(fromPage)) {
    localStorage.setItem(CACHE_KEY, JSON.stringify(fromPage));
    return resolved(fromPage, origin);
  }

  try {
    // Never stored by the browser (the server says no-store); a plain request so the page's
    // <link rel="preload"> of it is the one used (vite.config.ts).
    const response = await fetchImpl('/config.json');
    if (response.ok) {
      const config: unknown = await response.json();
      if (isRuntimeConfig(config)) {
        localStorage.setItem(CACHE_KEY, JSON.stringify(config));
        return resolved(config, origin);
      }
    }
  } catch {
    // Offline: fall back to the last configuration this browser saw.
  }
  const cached: unknown = JSON.parse(localStorage.getItem(CACHE_KEY) ?? 'null');
  if (isRuntimeConfig(cached)) return resolved(cached, origin);
  throw new Error('The site configuration could not be loaded.');
}
