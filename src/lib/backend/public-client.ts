import type { PostgrestClient } from '@supabase/postgrest-js';
import type { RuntimeConfig } from './config';
import type { Database } from './database.types';

/** Reads and RPCs as the anonymous role: the same query builder supabase-js wraps. */
export type PublicClient = PostgrestClient<Database>;

/**
 * What visitors and clients need of the backend. It never carries admin credentials, and it
 * is built on `@supabase/postgrest-js` alone: the public pages do not load supabase-js's
 * auth, storage and realtime clients (about 45 KB gzipped), which only the admin area uses.
 */
export interface PublicBackend {
  config: RuntimeConfig;
  /**
   * The query builder, its code loaded on the first read: a first visit's page arrives drawn
   * with its data (docs/first-visits.md), so the home page never needs it (4.5 KB gzipped).
   */
  publicClient: () => Promise<PublicClient>;
}

export function createPublicBackend(
  config: RuntimeConfig,
  fetchImpl?: typeof fetch,
): PublicBackend {
  const key = config.supabaseAnonKey;
  let client: Promise<PublicClient> | undefined;
  return {
    config,
    publicClient: () =>
      (client ??= import('@supabase/postgrest-js').then(
        ({ PostgrestClient }) =>
          new PostgrestClient<Database>(`${config.supabaseUrl.replace(/\/$/, '')}/rest/v1`, {
            // The headers supabase-js sends for the anon role.
            headers: { apikey: key, Authorization: `Bearer ${key}` },
            fetch: fetchImpl ?? ((input, init) => globalThis.fetch(input, init)),
          }),
      )),
  };
}
