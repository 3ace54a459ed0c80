import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { withPageHead } from '../../src/lib/page-head';
import type { RenderedPage, RenderRequest } from '../../src/lib/render-contract';
import {
  manifestHref,
  matchRoute,
  PUBLIC_MANIFEST_PATH,
  ROUTES,
} from '../../src/lib/routes/route-table';
import type { SiteOrigin } from './site-origin';

/**
 * The site's pages as the embedded stack answers them (docs/first-visits.md): the build's
 * index.html with, per address, its own <head> card and status, and for the public pages the
 * first screen drawn by React on the server (dist/.server/render-page.js, built with the app by
 * build.ts) with the data the browser hydrates it with. When drawing fails or takes too long,
 * the page goes out undrawn, as a static host sends it, and the browser draws it as before.
 */
export interface SitePagesOptions {
  distDir: string;
  /** PUBLIC_URL, when set: the origin of the API the app is told. */
  publicUrl: string | undefined;
  /** The origin of every canonical and preview address (site-origin.ts). */
  origin: SiteOrigin;
  /** The longest a page's reads and drawing may take. */
  renderTimeoutMs?: number;
  /** Pages drawn at once; more are sent undrawn (drawing costs CPU; sending the shell does not). */
  concurrentRenders?: number;
}

export interface PageRequest {
  pathname: string;
  /** The Host header as sent (checked here before use) and the protocol the client used. */
  host: string | undefined;
  protocol: string;
  acceptEncoding: string | undefined;
  method: string;
  /** The visitor's address, passed to PostgREST as the gateway does for API calls. */
  clientAddress: string;
}

export interface ApiAccess {
  postgrestUrl: string;
  anonKey: string;
}

type RenderPage = (request: RenderRequest) => Promise<RenderedPage>;

const CONFIG_PRELOAD = /\s*<link rel="preload" href="\/config\.json"[^>]*>/;
const ROOT = /(<div id="root">)[\s\S]*(<\/div>\s*<\/body>)/;
const STYLE_PRELOAD = /<link rel="preload" as="style"([^>]*)>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;
const APP_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

function isPrivate(pathname: string): boolean {
  const { name } = matchRoute(pathname);
  return name !== 'notFound' && ROUTES[name].privateCache;
}

export function createSitePages(options: SitePagesOptions) {
  const indexFile = join(options.distDir, 'index.html');
  const rendererFile = join(options.distDir, '.server', 'render-page.js');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const timeoutMs = options.renderTimeoutMs ?? 3000;
  const concurrent = options.concurrentRenders ?? 8;
  let drawing = 0;
  let renderer: Promise<RenderPage | null> | undefined;

  const loadRenderer = () =>
    (renderer ??= existsSync(rendererFile)
      ? import(pathToFileURL(rendererFile).href).then(
          (module: { renderPage: RenderPage }) => module.renderPage,
          (error: unknown) => {
            console.error('site-pages: the page renderer could not be loaded:', error);
            return null;
          },
        )
      : Promise.resolve(null));

  function fill(pathname: string, page: RenderedPage | null, head: string | null): string {
    // Whoever installs the app from the admin area gets the admin's manifest (the route table's).
    let html = template!.replace(
      `<link rel="manifest" href="${PUBLIC_MANIFEST_PATH}"`,
      `<link rel="manifest" href="${manifestHref(pathname)}"`,
    );
    if (head !== null) html = withPageHead(html, head) ?? html;
    if (!page?.root) return html;
    // A drawn page needs its stylesheet before it is shown and its data in the page (the
    // configuration comes with it). Its code is asked for once the page has been painted
    // (public/start-after-paint.js): until then the stylesheet and the first photos have the
    // connection, and the first paint does not wait for scripts to run.
    html = html
      .replace(CONFIG_PRELOAD, '')
      .replace(MODULE_PRELOAD, '')
      .replace(
        APP_SCRIPT,
        (_tag, entry: string) =>
          `<script type="module" crossorigin src="/start-after-paint.js" data-app="${entry}"></script>`,
      )
      .replace(
        STYLE_PRELOAD,
        (tag: string, attributes: string) => `${tag}\n    <link rel="stylesheet"${attributes}>`,
      )
      // The site's theme until the page applies it itself (SERVER_THEME_ID, src/theme/theme-variables.ts).
      .replace('</head>', `    <style id="server-theme">${page.themeCss ?? ''}</style>\n  </head>`)
      .replace(
        ROOT,
        (_match, open: string, close: string) =>
          `${open}${page.root}</div>\n    <script type="application/json" id="page-state">${page.state}</script>${close.slice('</div>'.length)}`,
      );
    return html;
  }

  /** Answers a page address: its HTML, status and headers. False when there is no built page to send. */
  async function answer(
    request: PageRequest,
    response: ServerResponse,
    api: ApiAccess,
  ): Promise<boolean> {
    if (!template) return false;
    let rendered: RenderedPage | null = null;
    const render = drawing < concurrent ? await loadRenderer() : null;
    if (render) {
      drawing += 1;
      try {
        const apiBase = 'http://site-pages.internal';
        rendered = await render({
          pathname: request.pathname,
          origin: options.origin(request),
          config: { supabaseUrl: options.publicUrl ?? '/', supabaseAnonKey: api.anonKey },
          apiBase,
          fetch: (input, init) => {
            const url = String(input instanceof Request ? input.url : input);
            const headers = new Headers(init?.headers);
            headers.set('x-forwarded-for', request.clientAddress);
            headers.set('x-real-ip', request.clientAddress);
            return fetch(`${api.postgrestUrl}${url.slice(`${apiBase}/rest/v1`.length)}`, {
              ...init,
              headers,
            });
          },
          timeoutMs,
        });
      } catch (error) {
        console.error(
          `site-pages: ${request.pathname} was sent undrawn:`,
          (error as Error).message,
        );
      } finally {
        drawing -= 1;
      }
    }
    const html = fill(request.pathname, rendered, rendered?.head ?? null);
    const body = Buffer.from(html);
    const encoding = /\bbr\b/.test(request.acceptEncoding ?? '')
      ? 'br'
      : /\bgzip\b/.test(request.acceptEncoding ?? '')
        ? 'gzip'
        : null;
    const sent =
      encoding === 'br'
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : encoding === 'gzip'
          ? gzipSync(body, { level: 6 })
          : body;
    response.writeHead(rendered?.status ?? 200, {
      'content-type': 'text/html; charset=utf-8',
      // Drawn from the database at each visit: never kept without asking again. A client's album
      // is one person's: no shared cache may keep it (docs/SECURITY.md, class 12).
      'cache-control': isPrivate(request.pathname) ? 'private, no-cache' : 'no-cache',
      vary: 'accept-encoding',
      'content-length': sent.length,
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : sent);
    return true;
  }

  return { answer };
}
