import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { ServerNavigation } from '@/lib/navigation/navigation';
import type { SessionStore } from '@/lib/auth/session-store';
import { createPublicBackend, type PublicBackend } from '@/lib/backend/public-client';
import { headTags } from '@/lib/page-head';
import { withDefaults } from '@/theme/design-settings';
import { siteKeys } from '@/theme/site-settings-query';
import { designVariables } from '@/theme/theme-variables';
import type { SiteSettings } from '@/lib/backend/site-settings';
import type { AdminAreaLoader } from '../admin-area';
import { App } from '../app';
import { loadPublicScreen } from '../public-screens';
import type { ServerPageState } from '../server-page';
import { readPageData } from './page-data';
import type { RenderedPage, RenderRequest } from '@/lib/render-contract';

/**
 * The server side of a page's first visit (docs/first-visits.md), built by `vite build --ssr`
 * into dist/.server/ and called by the embedded stack's gateway (supabase/local/site-pages.ts)
 * for every page address: it reads the page's data as a visitor, draws the public page with
 * React's server renderer, and returns what goes into the HTML: the status, the <head> card,
 * the drawn page, the data the browser hydrates it with, and the site's theme.
 */
/** A visitor's browser holds no admin session; the server never does. */
const noSession: SessionStore = {
  get: () => null,
  set: () => undefined,
  clear: () => undefined,
  subscribe: () => () => undefined,
};
const noAdminArea: AdminAreaLoader = {
  load: () => Promise.reject(new Error('The admin area does not run on the server')),
  current: () => null,
};

/** JSON that cannot end the <script> holding it, nor be read as HTML. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

function themeCss(settings: SiteSettings | null | undefined): string {
  const variables = designVariables(withDefaults(settings));
  // The values are built from checked colours and a fixed list of fonts; '<' is escaped all the same.
  const body = Object.entries(variables)
    .map(([name, value]) => `${name}: ${value.replace(/</g, '\\3c ')};`)
    .join(' ');
  return `:root { ${body} }`;
}

async function drawn(element: ReactNode, signal: AbortSignal): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, {
    signal,
    onError: (error) => console.error('render-page:', error),
  });
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  const reader = createPublicBackend(
    { supabaseUrl: request.apiBase, supabaseAnonKey: request.config.supabaseAnonKey },
    (input, init) => request.fetch(input, { ...init, signal }),
  );
  // Photo addresses as the browser will use them: on the site's own origin ('/storage/v1/…',
  // right whatever name the browser reached the site by), or at PUBLIC_URL.
  const backend: PublicBackend = {
    config: {
      ...request.config,
      supabaseUrl: request.config.supabaseUrl === '/' ? '' : request.config.supabaseUrl,
    },
    publicClient: reader.publicClient,
  };
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  const data = await readPageData(queryClient, backend, request.pathname, request.origin);
  const head = headTags(data.card);
  if (!data.page) return { status: data.status, head, root: null, state: null, themeCss: null };

  if (data.page !== 'notFound') await loadPublicScreen(data.page);
  const root = await drawn(
    <App
      backend={backend}
      sessionStore={noSession}
      queryClient={queryClient}
      adminArea={noAdminArea}
      Router={({ children }) => (
        <ServerNavigation path={request.pathname}>{children}</ServerNavigation>
      )}
    />,
    signal,
  );
  const state: ServerPageState = {
    config: request.config,
    queries: dehydrate(queryClient),
    readAgain: data.readAgain,
  };
  return {
    status: data.status,
    head,
    root,
    state: scriptJson(state),
    themeCss: themeCss(queryClient.getQueryData<SiteSettings | null>(siteKeys.settings())),
  };
}
