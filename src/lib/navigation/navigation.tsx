import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import { Router, useLocation, useRouter, useSearchParams as useWouterSearchParams } from 'wouter';
import { navigate as browserNavigate } from 'wouter/use-browser-location';

/**
 * The app's address bar (docs/architecture.md, "The route table"): wouter keeps the address,
 * follows the browser's Back and Forward, and makes the links; which screen an address shows
 * is the route table's one matcher (src/lib/routes/route-table.ts), so the browser, the
 * server's render, the gateway and the static host's edge function never disagree. Every
 * import of wouter goes through this module (eslint.config.js).
 *
 * Moves are transitions: the screen being left stays until the next one's code is in, and a
 * moment's wait never flashes a loader (wouter's own location hook updates at once).
 */

export { Link, Redirect } from 'wouter';

export interface NavigateOptions {
  replace?: boolean;
}

/**
 * The history entry's place, kept in history.state as `idx` (the shape React Router kept, so
 * entries made by an older build still count): the unsaved-changes guard steps back by it
 * (src/ui/unsaved-changes.tsx).
 */
export function historyIndex(state: unknown): number | undefined {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
}

/**
 * A move to the address shown replaces its entry rather than adding one (as React Router did),
 * so a second click on a link to this screen adds no step to Back.
 */
function navigateTo(to: string, { replace = false }: NavigateOptions = {}): void {
  const { href } = window.location;
  const same = new URL(to, href).href === href;
  const here = historyIndex(window.history.state) ?? 0;
  browserNavigate(to, {
    replace: replace || same,
    state: { idx: replace || same ? here : here + 1 },
  });
}

// wouter's history patch reports pushState and replaceState as events of these names.
const MOVES = ['popstate', 'pushState', 'replaceState'] as const;

/** One part of the address, updated in a transition whenever the address moves. */
function useAddressPart(read: () => string): string {
  const [value, setValue] = useState(read);
  useEffect(() => {
    const update = () => startTransition(() => setValue(read()));
    for (const move of MOVES) window.addEventListener(move, update);
    // A move between the first render and this effect.
    update();
    return () => {
      for (const move of MOVES) window.removeEventListener(move, update);
    };
  }, [read]);
  return value;
}

const readPathname = () => window.location.pathname;
// The server never sees the fragment: empty there, read once hydrated.
const readHash = () => (typeof window === 'undefined' ? '' : window.location.hash);
const readSearch = () => window.location.search;
const useBrowserPath = (): [string, typeof navigateTo] => [
  useAddressPart(readPathname),
  navigateTo,
];
const useBrowserSearch = () => useAddressPart(readSearch);

/** The browser's address, for the app in a page. */
export function BrowserNavigation({ children }: { children: ReactNode }) {
  useEffect(() => {
    // The first entry gets its place too, so a Back press to it can be measured.
    if (historyIndex(window.history.state) === undefined)
      window.history.replaceState({ ...(window.history.state as object | null), idx: 0 }, '');
  }, []);
  return (
    <Router hook={useBrowserPath} searchHook={useBrowserSearch}>
      {children}
    </Router>
  );
}

/** A fixed address, for the server's render of a page (src/app/server/render-page.tsx). */
export function ServerNavigation({ path, children }: { path: string; children: ReactNode }) {
  return (
    <Router ssrPath={path} ssrSearch="">
      {children}
    </Router>
  );
}

/** The address's path as the browser has it (not decoded: the route table decodes its segments). */
export function usePathname(): string {
  const router = useRouter();
  return router.hook(router)[0];
}

/** The address's #fragment ('' on the server). */
export const useHash = () => useAddressPart(readHash);

/** Moves to another address of the site (a transition, like a link). */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return useLocation()[1];
}

/** The query string's parameters, and a way to change them (a move to the same path). */
export const useSearchParams = useWouterSearchParams;

const RouteParam = createContext<string | undefined>(undefined);

/** Gives the screen below the parameter its route matched (src/app/router.tsx). */
export function RouteParamProvider({
  value,
  children,
}: {
  value: string | undefined;
  children: ReactNode;
}) {
  return <RouteParam.Provider value={value}>{children}</RouteParam.Provider>;
}

/** The decoded parameter of the route that showed this screen (`:id`, `:accessToken`). */
export const useRouteParam = (): string | undefined => useContext(RouteParam);
