import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROBOTS_RULES, routePath } from '../../src/lib/routes/route-table';
import { POSTGREST_EXPOSED } from './postgrest';

/**
 * The files search engines and browsers ask for by name, written by the gateway per request:
 * /robots.txt (keeps crawlers out of the admin area and the client links, names the sitemap),
 * /sitemap.xml (the home page, every active curated gallery, every public album, read as a
 * visitor reads them) and /favicon.ico. Also which pages carry `X-Robots-Tag: noindex`.
 * web-manifests.ts writes the two web app manifests the same way.
 */

/** What the gateway knows when it writes one of its own files. */
export interface GeneratedFileContext {
  /** The site's public origin, no trailing slash (site-origin.ts). */
  origin: string;
  /** PostgREST on loopback and the anon key every visitor holds: the files show only what a visitor may read. */
  backend: { postgrestUrl: string; anonKey: string };
  /** The built PWA, when there is one. */
  distDir: string | undefined;
}

export interface GeneratedFile {
  type: string;
  cacheControl: string;
  body: string | Buffer;
}

/** A file the gateway cannot write: answered with this status, in the gateway's error shape. */
export class GeneratedFileError extends Error {
  constructor(
    readonly statusCode: 404 | 503,
    message = statusCode === 404 ? 'no such file' : 'the database could not be read',
  ) {
    super(message);
  }
}

export type GeneratedFileWriter = (context: GeneratedFileContext) => Promise<GeneratedFile>;

/** Answers of the site's own files that crawlers and browsers fetch often: cached briefly. */
const SHORT_CACHE = 'public, max-age=300';
/** A sitemap lists at most 50,000 addresses (sitemaps.org). */
export const SITEMAP_URL_LIMIT = 50_000;
/** PostgREST answers at most this many rows to one request (max-rows); longer lists are read in pages. */
const PAGE_ROWS = POSTGREST_EXPOSED.maxRows;
const READ_TIMEOUT_MS = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A GET on PostgREST with the anon key, exactly as a visitor's browser reads through
 * /rest/v1 (row-level security decides what comes back); its JSON, or an error.
 */
export async function readAsVisitor(
  context: GeneratedFileContext,
  pathAndQuery: string,
): Promise<unknown> {
  const { postgrestUrl, anonKey } = context.backend;
  const response = await fetch(`${postgrestUrl}/${pathAndQuery}`, {
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, accept: 'application/json' },
    signal: AbortSignal.timeout(READ_TIMEOUT_MS),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`PostgREST answered ${response.status} to ${pathAndQuery.split('?')[0]}`);
  }
  return response.json();
}

// ---------------------------------------------------------------------------------------------
// robots.txt

/** The route table's rules; public/robots.txt holds them for static hosts, which know no sitemap address. */
export const robotsTxt = (origin: string) =>
  `${[...ROBOTS_RULES, '', `Sitemap: ${origin}/sitemap.xml`].join('\n')}\n`;

// ---------------------------------------------------------------------------------------------
// X-Robots-Tag

export const NOINDEX = 'noindex, nofollow';

// ---------------------------------------------------------------------------------------------
// sitemap.xml

interface Listed {
  id: string;
  updated_at: string | null;
}

interface SitemapRows {
  galleries: Listed[];
  albums: Listed[];
  /** Rows past the 50,000 addresses were left out. */
  truncated: boolean;
}

function listedRows(body: unknown): Listed[] {
  if (!Array.isArray(body)) throw new Error('PostgREST answered something other than a list');
  return body.map((row: unknown) => {
    const { id, updated_at } = (row ?? {}) as Record<string, unknown>;
    if (typeof id !== 'string' || !UUID.test(id))
      throw new Error('PostgREST answered a row without an id');
    return { id, updated_at: typeof updated_at === 'string' ? updated_at : null };
  });
}

/**
 * Up to `limit` rows of a table that a visitor may read, in pages of PostgREST's max-rows by
 * id (keyset: a row added meanwhile shifts nothing), and whether there were more.
 */
async function readListed(
  context: GeneratedFileContext,
  table: string,
  filter: string,
  limit: number,
) {
  const rows: Listed[] = [];
  for (;;) {
    const after = rows.length > 0 ? `&id=gt.${rows[rows.length - 1]!.id}` : '';
    const page = listedRows(
      await readAsVisitor(
        context,
        `${table}?select=id,updated_at&${filter}${after}&order=id.asc&limit=${PAGE_ROWS}`,
      ),
    );
    rows.push(...page);
    if (page.length < PAGE_ROWS || rows.length > limit) break;
  }
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

async function readSitemapRows(context: GeneratedFileContext): Promise<SitemapRows> {
  // The home page is the first address; the row-level security policies show anon only active
  // galleries and public albums, and the filters say so again.
  const budget = SITEMAP_URL_LIMIT - 1;
  const galleries = await readListed(context, 'public_galleries', 'is_active=is.true', budget);
  const albums = await readListed(
    context,
    'albums',
    'is_public=is.true',
    budget - galleries.rows.length,
  );
  return {
    galleries: galleries.rows,
    albums: albums.rows,
    truncated: galleries.more || albums.more,
  };
}

/** One read at a time per backend: requests that arrive while it runs share its answer. */
const sitemapReads = new WeakMap<object, Promise<SitemapRows>>();

function sharedSitemapRows(context: GeneratedFileContext): Promise<SitemapRows> {
  let running = sitemapReads.get(context.backend);
  if (!running) {
    running = readSitemapRows(context).finally(() => sitemapReads.delete(context.backend));
    sitemapReads.set(context.backend, running);
  }
  return running;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);

/** A timestamp as W3C Datetime (what <lastmod> takes), or nothing when it is not one. */
function lastmod(timestamp: string | null): string {
  const time = timestamp ? Date.parse(timestamp) : NaN;
  return Number.isNaN(time) ? '' : `<lastmod>${new Date(time).toISOString()}</lastmod>`;
}

let warnedTruncated = false;

export async function sitemapXml(context: GeneratedFileContext): Promise<string> {
  let rows: SitemapRows;
  try {
    rows = await sharedSitemapRows(context);
  } catch (error) {
    // Never a sitemap without pages that exist: the crawler keeps its last copy and asks again.
    console.error('gateway: sitemap.xml:', (error as Error).message);
    throw new GeneratedFileError(503);
  }
  if (rows.truncated && !warnedTruncated) {
    warnedTruncated = true;
    console.warn(
      `gateway: sitemap.xml lists the first ${SITEMAP_URL_LIMIT} pages; the galleries and albums past them are left out`,
    );
  }
  const entry = (path: string, updatedAt: string | null) =>
    `<url><loc>${escapeXml(`${context.origin}${path}`)}</loc>${lastmod(updatedAt)}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    entry(routePath('home'), null),
    ...rows.galleries.map((gallery) =>
      entry(routePath('publicGallery', gallery.id), gallery.updated_at),
    ),
    ...rows.albums.map((album) => entry(routePath('album', album.id), album.updated_at)),
    '</urlset>',
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// The files, by path

/** /favicon.ico from the build (public/favicon.ico, made by scripts/make-favicon.ts). */
async function favicon(context: GeneratedFileContext): Promise<GeneratedFile> {
  if (!context.distDir) throw new GeneratedFileError(404);
  const body = await readFile(join(context.distDir, 'favicon.ico')).catch(() => {
    throw new GeneratedFileError(404);
  });
  // The static file server knows no type for .ico; browsers and crawlers expect this one.
  return { type: 'image/x-icon', cacheControl: 'public, max-age=86400', body };
}

export const CRAWLER_FILES: ReadonlyMap<string, GeneratedFileWriter> = new Map<
  string,
  GeneratedFileWriter
>([
  [
    '/robots.txt',
    ({ origin }) =>
      Promise.resolve({
        type: 'text/plain; charset=utf-8',
        cacheControl: SHORT_CACHE,
        body: robotsTxt(origin),
      }),
  ],
  [
    '/sitemap.xml',
    async (context) => ({
      type: 'application/xml; charset=utf-8',
      cacheControl: SHORT_CACHE,
      body: await sitemapXml(context),
    }),
  ],
  ['/favicon.ico', favicon],
]);
