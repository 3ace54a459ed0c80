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

/**
 * Puts the server's reads in the cache; the lists it names are read again once a page shows
 * them. With a service worker in charge (`keptForOffline`), every read is made again: the
 * worker keeps the answers it passes on, and this page is to open offline from them next
 * time (the worker asks the server for a page first: src-sw/sw.ts), as it did when every
 * visit after the first started from the worker's shell.
 */
export function receiveServerPage(
  queryClient: QueryClient,
  state: ServerPageState,
  { keptForOffline = false } = {},
): void {
  hydrate(queryClient, state.queries);
  const again = keptForOffline
    ? state.queries.queries.map((query) => query.queryKey as unknown[])
    : state.readAgain;
  for (const queryKey of again)
    void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
}
