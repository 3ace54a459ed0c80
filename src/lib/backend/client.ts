import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RuntimeConfig } from './config';
import type { Database } from './database.types';

export type BackendClient = SupabaseClient<Database>;

/** The signed-in admin's name and session token, as kept by the session store. */
export interface AdminCredentials {
  username: string;
  token: string;
}

export interface Backend {
  config: RuntimeConfig;
  /** For visitors and clients: never carries admin credentials. */
  publicClient: BackendClient;
  /** For the admin area: every request carries the x-admin-username / x-admin-token headers. */
  adminClient: BackendClient;
  /** The credentials the admin calls use right now, or null when signed out. */
  credentials(): AdminCredentials | null;
}

export interface BackendOptions {
  credentials: () => AdminCredentials | null;
  fetch?: typeof fetch;
  /** Node 20 has no WebSocket; tests pass `ws` here. The app uses no realtime feature. */
  realtimeTransport?: unknown;
}

function newClient(config: RuntimeConfig, name: string, fetchImpl: typeof fetch, realtimeTransport: unknown): BackendClient {
  return createClient<Database>(config.supabaseUrl, config.supabaseAnonKey, {
    // Supabase Auth is not used (admins sign in through admin_login); a key per client keeps
    // the two clients from sharing auth storage.
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: `photo-site-${name}` },
    global: { fetch: fetchImpl },
    ...(realtimeTransport ? { realtime: { transport: realtimeTransport as never } } : {}),
  });
}

export function createBackend(config: RuntimeConfig, options: BackendOptions): Backend {
  const baseFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  // The direct table and storage writes of the admin area are authorised by row-level
  // security reading these headers (ARCHITECTURE §4).
  const adminFetch: typeof fetch = (input, init) => {
    const credentials = options.credentials();
    if (!credentials) return baseFetch(input, init);
    const headers = new Headers(init?.headers);
    headers.set('x-admin-username', credentials.username);
    headers.set('x-admin-token', credentials.token);
    return baseFetch(input, { ...init, headers });
  };
  return {
    config,
    publicClient: newClient(config, 'public', baseFetch, options.realtimeTransport),
    adminClient: newClient(config, 'admin', adminFetch, options.realtimeTransport),
    credentials: options.credentials,
  };
}
