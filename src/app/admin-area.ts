import type { QueryClient } from '@tanstack/react-query';
import type { Persister } from '@tanstack/react-query-persist-client';
import type { SessionStore } from '@/lib/auth/session-store';
import type { Backend } from '@/lib/backend/client';
import type { PublicBackend } from '@/lib/backend/public-client';
import type { Outbox } from '@/offline/outbox/start-outbox';

/** What only the admin area needs: supabase-js's admin client, the outbox, the saved query cache. */
export interface AdminArea {
  backend: Backend;
  outbox: Outbox;
  persister: Persister;
}

export interface AdminAreaDeps {
  publicBackend: PublicBackend;
  sessionStore: SessionStore;
  queryClient: QueryClient;
}

export interface AdminAreaLoader {
  /** Loads the admin area's code and starts it (once); the outbox starts sending then. */
  load(): Promise<AdminArea>;
  /** The started admin area, or null while no admin screen or session has needed it. */
  current(): AdminArea | null;
}

/**
 * Visitors never load the admin area: its code (supabase-js, Dexie, the outbox and the image
 * pipeline, about 130 KB gzipped) is fetched when an admin screen opens, or soon after the
 * start when this browser holds an admin session, so changes queued at a shoot are sent.
 */
export function createAdminAreaLoader(deps: AdminAreaDeps): AdminAreaLoader {
  let area: AdminArea | null = null;
  let loading: Promise<AdminArea> | null = null;
  return {
    load() {
      loading ??= import('./start-admin-area')
        .then((module) => module.startAdminArea(deps))
        .then((started) => (area = started))
        .catch((error: unknown) => {
          // Offline before the code was cached: the next try may succeed.
          loading = null;
          throw error;
        });
      return loading;
    },
    current: () => area,
  };
}
