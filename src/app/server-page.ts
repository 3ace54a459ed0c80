import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '@/lib/backend/config';

/**
 * What the server sends with a page it drew (src/app/server/render-page.tsx): the site's
 * configuration, the page's reads, and which photo lists the browser reads again (a first page only, or a
 * client's album, which the read remembers for offline). The
 * browser starts from it, drawing exactly what the server drew, instead of asking again.
 */
export interface ServerPageState {
  config: RuntimeConfig;
  queries: DehydratedState;
  readAgain: unknown[][];
}

export const PAGE_STATE_ID = 'page-state';

/** The state of a page the server drew, or null (a page from a static host or the service worker). */
export function readServerPage(doc: Document = document): ServerPageState | null {
  const script = doc.getElementById(PAGE_STATE_ID);
  if (!script?.textContent) return null;
  try {
    const state = JSON.parse(script.textContent) as ServerPageState;
    return state.config && state.queries && Array.isArray(state.readAgain) ? state : null;
  } catch {
    return null;
  }
}

/** Puts the server's reads in the cache; the lists it names are read again once a page shows them. */
export function receiveServerPage(queryClient: QueryClient, state: ServerPageState): void {
  hydrate(queryClient, state.queries);
  for (const queryKey of state.readAgain) void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
}
