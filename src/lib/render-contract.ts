import type { RuntimeConfig } from './backend/config';
import type { PublicPage } from './routes/route-table';

/**
 * What the embedded stack's gateway (supabase/local/site-pages.ts) and the app's page renderer
 * (src/app/server/render-page.tsx) pass each other: here, not in src/app, so the backend
 * imports nothing of the app's.
 */

/** A public page, or the app's not-found page. */
export type DrawnPage = PublicPage | 'notFound';

export interface RenderRequest {
  /** The path asked for (no query). */
  pathname: string;
  /** The site's origin for canonical and preview addresses (PUBLIC_URL, else the address asked). */
  origin: string;
  /** What /config.json tells the browser: '/' (the site's own origin) or PUBLIC_URL, and the anon key. */
  config: RuntimeConfig;
  /** Reaches the API: called with `${apiBase}/rest/v1/...`. */
  fetch: typeof fetch;
  apiBase: string;
  /** The longest the reads and the drawing may take before the page is sent undrawn. */
  timeoutMs: number;
}

export interface RenderedPage {
  status: number;
  /** The <title>, description, canonical and card elements. */
  head: string;
  /** The drawn page for <div id="root">, or null to leave the build's loading state. */
  root: string | null;
  /** JSON (safe inside a <script>) for <script type="application/json" id="page-state">, when drawn. */
  state: string | null;
  /** `:root { … }` with the site's theme, so the drawn page has its colours and fonts at once. */
  themeCss: string | null;
}
