import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RuntimeConfig } from './config';
import type { Database } from './database.types';
import { NetworkFailure } from './errors';
import { createPublicBackend, type PublicBackend } from './public-client';

export type BackendClient = SupabaseClient<Database>;

/** The signed-in admin's name and session token, as kept by the session store. */
export interface AdminCredentials {
  username: string;
  token: string;
}

/** The backend of the admin area (this module and supabase-js load with it, not before). */
export interface Backend extends PublicBackend {
  /** For the admin area: every request carries the x-admin-username / x-admin-token headers. */
  adminClient: BackendClient;
  /** The credentials the admin calls use right now, or null when signed out. */
  credentials(): AdminCredentials | null;
}

export interface AdminBackendOptions {
  credentials: () => AdminCredentials | null;
  fetch?: typeof fetch;
  /** Node 20 has no WebSocket; tests pass `ws` here. The app uses no realtime feature. */
  realtimeTransport?: unknown;
}

function newClient(
  config: RuntimeConfig,
  fetchImpl: typeof fetch,
  realtimeTransport: unknown,
): BackendClient {
  return createClient<Database>(config.supabaseUrl, config.supabaseAnonKey, {
    // Supabase Auth is not used (admins sign in through admin_login).
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: 'photo-site-admin',
    },
    global: { fetch: fetchImpl },
    ...(realtimeTransport ? { realtime: { transport: realtimeTransport as never } } : {}),
  });
}

/** Bytes a request sends (a FormData upload counts its files). */
function bodyBytes(body: BodyInit | null | undefined): number {
  if (!body) return 0;
  if (typeof body === 'string') return body.length;
  if (body instanceof Blob) return body.size;
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return body.byteLength;
  if (body instanceof FormData) {
    let total = 0;
    body.forEach((value) => (total += typeof value === 'string' ? value.length : value.size));
    return total;
  }
  return 0;
}

/**
 * How long an admin request may wait for its answer before it counts as a network failure:
 * 30 s, plus the time its body takes at a poor 64 KB/s (a 5 MB original gets about 110 s).
 */
export function requestTimeoutMs(body: BodyInit | null | undefined): number {
  return 30_000 + Math.ceil(bodyBytes(body) / 64_000) * 1_000;
}

/**
 * The admin area's requests: a failure to get any answer becomes a NetworkFailure, the one
 * sign of "network" the outbox trusts (src/lib/backend/errors.ts); everything else a call
 * fails with is a refusal. It also gives up on a request whose answer does not come in time:
 * a link that stays up but carries nothing (a hotel Wi-Fi behind a dead uplink) never fails a
 * fetch on its own, and the outbox would wait on it forever; aborted, it is retried with
 * back-off like any network error.
 */
export function withTimeout(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    const timeout = new AbortController();
    const timer = setTimeout(
      () => timeout.abort(new DOMException('The server took too long to answer', 'TimeoutError')),
      requestTimeoutMs(init?.body),
    );
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout.signal]) : timeout.signal;
    try {
      return await fetchImpl(input, { ...init, signal });
    } catch (error) {
      // The caller's own abort is not the network's doing.
      if (init?.signal?.aborted) throw error;
      throw new NetworkFailure({ cause: error });
    } finally {
      clearTimeout(timer);
    }
  };
}

/** Adds the admin client to the public backend the app started with. */
export function withAdminClient(
  publicBackend: PublicBackend,
  options: AdminBackendOptions,
): Backend {
  const baseFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timedFetch = withTimeout(baseFetch);
  // The direct table and storage writes of the admin area are authorised by row-level
  // security reading these headers (docs/architecture.md §4).
  const adminFetch: typeof fetch = (input, init) => {
    const credentials = options.credentials();
    if (!credentials) return timedFetch(input, init);
    const headers = new Headers(init?.headers);
    headers.set('x-admin-username', credentials.username);
    headers.set('x-admin-token', credentials.token);
    return timedFetch(input, { ...init, headers });
  };
  return {
    ...publicBackend,
    adminClient: newClient(publicBackend.config, adminFetch, options.realtimeTransport),
    credentials: options.credentials,
  };
}

/** The whole backend at once (tests and tools). */
export function createBackend(config: RuntimeConfig, options: AdminBackendOptions): Backend {
  return withAdminClient(createPublicBackend(config, options.fetch), options);
}
