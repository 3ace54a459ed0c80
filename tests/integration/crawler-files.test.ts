import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error -- jsdom (the unit tests' environment) ships no types; typed where it is used.
import { JSDOM as UntypedJsdom } from 'jsdom';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CONTENT_SECURITY_POLICY } from '../../deploy/security-headers';
import { sharedBuild } from '../support/shared-build';
import { SITEMAP_URL_LIMIT } from '../../supabase/local/crawler-files';
import { ROBOTS_RULES } from '../../src/lib/routes/route-table';
import type { RunningStack } from '../../supabase/local/stack';
import { adminApi, type AdminApi } from '../support/own-stack';
import type { StackContext } from '../support/stack-context';
import { startTestStack } from '../support/start-test-stack';

/**
 * robots.txt, sitemap.xml, X-Robots-Tag, favicon.ico and the two web app manifests, from a real
 * stack serving a real production build (issue 23). The data is written as the admin writes it,
 * through the API; only the 50,000-page bound and the failed reads reach into the database.
 */

let stack: StackContext;
let stopStack: () => Promise<void>;
let distDir: string;
let api: AdminApi;
let database: pg.Client;

beforeAll(async () => {
  distDir = await sharedBuild();
  const started = await startTestStack({ distDir });
  stack = started.context;
  stopStack = started.stop;
  // adminApi reads only the stack's url and anon key.
  api = await adminApi(
    { url: stack.url, anonKey: stack.anonKey } as RunningStack,
    stack.adminPassword,
  );
  database = new pg.Client(stack.database);
  await database.connect();
}, 300_000);

afterAll(async () => {
  await database?.end();
  await stopStack?.();
});

const get = (path: string, init?: RequestInit) => fetch(`${stack.url}${path}`, init);

/** The photographer saves the profile's site name, as the admin's profile form does (the table, with the session's headers). */
async function saveSiteName(siteName: string | null) {
  const response = await get('/rest/v1/photographer_profile?id=not.is.null', {
    method: 'PATCH',
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${stack.anonKey}`,
      'x-admin-username': api.session.p_username,
      'x-admin-token': api.session.p_token,
      'content-type': 'application/json',
      prefer: 'return=minimal',
    },
    body: JSON.stringify({ site_name: siteName }),
  });
  expect(response.status, await response.text()).toBeLessThan(300);
}

/** What anon may not read for a moment (a failed read, as a broken grant or a database in trouble gives), restored afterwards. */
async function withoutVisitorRead<T>(tables: string[], run: () => Promise<T>): Promise<T> {
  await database.query(
    `revoke select on ${tables.map((table) => `public.${table}`).join(', ')} from anon`,
  );
  try {
    return await run();
  } finally {
    await database.query(
      `grant select on ${tables.map((table) => `public.${table}`).join(', ')} to anon`,
    );
  }
}

/** jsdom's strict XML parser: a document that is not well-formed comes back as <parsererror>. */
const JSDOM = UntypedJsdom as new (html: string) => { window: { DOMParser: typeof DOMParser } };

function parseXml(text: string): Document {
  const document = new new JSDOM('').window.DOMParser().parseFromString(text, 'application/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  return document;
}

interface SitemapEntry {
  loc: string;
  lastmod: string | null;
}

async function readSitemap(): Promise<SitemapEntry[]> {
  const response = await get('/sitemap.xml');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('public, max-age=300');
  const document = parseXml(await response.text());
  const root = document.documentElement;
  expect(root.localName).toBe('urlset');
  expect(root.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  // Sibling by sibling: jsdom's live collections take quadratic time over 50,000 entries.
  const entries: SitemapEntry[] = [];
  for (let url = root.firstElementChild; url; url = url.nextElementSibling) {
    const entry = url;
    expect(entry.localName).toBe('url');
    const child = (name: string) => entry.getElementsByTagName(name)[0]?.textContent ?? null;
    entries.push({ loc: child('loc')!, lastmod: child('lastmod') });
  }
  return entries;
}

interface Manifest {
  name: string;
  short_name: string;
  id: string;
  start_url: string;
  scope: string;
  icons: unknown[];
  shortcuts?: Array<{ name: string; url: string }>;
}

async function readManifest(path: string): Promise<{ manifest: Manifest; text: string }> {
  const response = await get(path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-cache');
  const text = await response.text();
  return { manifest: JSON.parse(text) as Manifest, text };
}

describe('robots.txt', () => {
  it('keeps crawlers out of the admin area and the client links and names the sitemap by its absolute address', async () => {
    const response = await get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe(
      `User-agent: *\nDisallow: /admin\nDisallow: /client/\nAllow: /\n\nSitemap: ${stack.url}/sitemap.xml\n`,
    );
  });

  it('is the same rules in the build, for static hosts (which know no sitemap address)', () => {
    expect(readFileSync(join(distDir, 'robots.txt'), 'utf8')).toBe(`${ROBOTS_RULES.join('\n')}\n`);
  });
});

describe('sitemap.xml', () => {
  const created = {
    activeGalleries: [] as string[],
    inactiveGallery: '',
    publicAlbums: [] as string[],
    privateAlbum: '',
    tokens: [] as string[],
  };

  beforeAll(async () => {
    for (const title of ['Weddings', 'Families & "Friends" <2026>']) {
      const id = randomUUID();
      await api.rpc('admin_create_public_gallery', {
        p_id: id,
        p_title: title,
        p_description: null,
        p_is_active: true,
      });
      created.activeGalleries.push(id);
    }
    created.inactiveGallery = randomUUID();
    await api.rpc('admin_create_public_gallery', {
      p_id: created.inactiveGallery,
      p_title: 'Draft',
      p_description: null,
      p_is_active: false,
    });
    for (const name of ['Portfolio', 'Autumn </loc><script>alert(1)</script>']) {
      const id = randomUUID();
      await api.rpc('admin_create_album', {
        p_id: id,
        p_name: name,
        p_description: null,
        p_is_public: true,
      });
      created.publicAlbums.push(id);
    }
    created.privateAlbum = randomUUID();
    await api.rpc('admin_create_album', {
      p_id: created.privateAlbum,
      p_name: 'Smith wedding',
      p_description: null,
      p_is_public: false,
    });
    // Client links on the private album and on a public one: never in the sitemap.
    for (const album of [created.privateAlbum, created.publicAlbums[0]!]) {
      const token = randomBytes(24).toString('base64url');
      await api.insert('gallery_links', { album_id: album, access_token: token });
      created.tokens.push(token);
    }
  });

  it('lists exactly the home page, the active galleries and the public albums, with when each last changed', async () => {
    const entries = await readSitemap();
    expect(entries.map((entry) => entry.loc).sort()).toEqual(
      [
        `${stack.url}/`,
        ...created.activeGalleries.map((id) => `${stack.url}/gallery/public/${id}`),
        ...created.publicAlbums.map((id) => `${stack.url}/gallery/${id}`),
      ].sort(),
    );
    expect(entries[0]).toEqual({ loc: `${stack.url}/`, lastmod: null });

    // <lastmod> is the row's updated_at as a visitor reads it.
    const read = async (table: string, ids: string[]) => {
      const response = await get(
        `/rest/v1/${table}?select=id,updated_at&id=in.(${ids.join(',')})`,
        {
          headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` },
        },
      );
      return (await response.json()) as Array<{ id: string; updated_at: string }>;
    };
    const rows = [
      ...(await read('public_galleries', created.activeGalleries)),
      ...(await read('albums', created.publicAlbums)),
    ];
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      const entry = entries.find((candidate) => candidate.loc.endsWith(`/${row.id}`));
      expect(entry?.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.parse(entry!.lastmod!)).toBe(Date.parse(row.updated_at));
    }
  });

  it('never names an inactive gallery, a private album, a client link or anything the admin typed', async () => {
    const text = await (await get('/sitemap.xml')).text();
    for (const secret of [
      created.inactiveGallery,
      created.privateAlbum,
      ...created.tokens,
      '/client/',
      '/admin',
      '<script',
      'Draft',
      'Smith',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('answers 503 in the gateway error shape when the database cannot be read, never a sitemap missing pages', async () => {
    for (const tables of [['public_galleries'], ['albums']]) {
      const response = await withoutVisitorRead(tables, () => get('/sitemap.xml'));
      expect(response.status, tables[0]).toBe(503);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({
        code: 'GW503',
        details: null,
        hint: null,
        message: 'The service is not available right now; try again shortly',
      });
    }
    expect(await readSitemap()).toHaveLength(5);
  });

  it(`lists at most ${SITEMAP_URL_LIMIT} addresses, read past PostgREST's 1000-row pages`, async () => {
    // 50,050 public albums (through SQL: the admin API adds one at a time), more than a sitemap may hold.
    await database.query(
      `insert into public.albums (name, is_public) select 'bulk ' || n, true from generate_series(1, 50050) as n`,
    );
    try {
      const entries = await readSitemap();
      expect(entries).toHaveLength(SITEMAP_URL_LIMIT);
      expect(new Set(entries.map((entry) => entry.loc)).size).toBe(SITEMAP_URL_LIMIT);
      // The home page and every gallery come first; albums fill the rest.
      expect(entries.slice(0, 3).map((entry) => entry.loc)).toEqual([
        `${stack.url}/`,
        ...[...created.activeGalleries].sort().map((id) => `${stack.url}/gallery/public/${id}`),
      ]);
      expect(entries.slice(3).every((entry) => /\/gallery\/[0-9a-f-]{36}$/.test(entry.loc))).toBe(
        true,
      );
    } finally {
      await database.query(`delete from public.albums where name like 'bulk %'`);
    }
  }, 120_000);
});

describe('X-Robots-Tag', () => {
  it.each([
    '/client/x',
    '/client/AbC_-123?view=grid',
    '/admin',
    '/admin/',
    '/admin/albums',
    '/ADMIN/Links',
    '/admin/missing.js',
  ])('keeps %s out of search engines', async (path) => {
    const response = await get(path);
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  });

  it.each([
    '/',
    '/gallery/public/6f1c2a9e-2b1d-4c3e-9f00-0a1b2c3d4e5f',
    '/administrator',
    '/robots.txt',
    '/sitemap.xml',
  ])('lets %s be indexed', async (path) => {
    const response = await get(path);
    expect(response.headers.get('x-robots-tag')).toBeNull();
  });
});

describe('favicon.ico', () => {
  it('answers the icon the build holds, as image/x-icon', async () => {
    const response = await get('/favicon.ico');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/x-icon');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(readFileSync(join(distDir, 'favicon.ico')))).toBe(true);
    // ICONDIR: reserved 0, type 1 (icon), two images (32 and 48 px), each a PNG.
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)]).toEqual([
      0, 1, 2,
    ]);
    expect([bytes[6], bytes[22]]).toEqual([32, 48]);
    for (const entry of [6, 22]) {
      expect(
        bytes
          .subarray(bytes.readUInt32LE(entry + 12), bytes.readUInt32LE(entry + 12) + 4)
          .toString('latin1'),
      ).toBe('\x89PNG');
    }
  });
});

describe('web app manifests', () => {
  it('both carry the site name from the profile; only the admin one starts at the dashboard and has shortcuts', async () => {
    await saveSiteName('Willow & Light Photography');
    const { manifest: visitors } = await readManifest('/manifest.webmanifest');
    const { manifest: admin } = await readManifest('/admin.webmanifest');
    for (const manifest of [visitors, admin]) {
      expect(manifest.name).toBe('Willow & Light Photography');
      expect(manifest.short_name).toBe('Willow');
      expect(manifest.scope).toBe('/');
      expect(manifest.icons.length).toBeGreaterThan(0);
    }
    expect(visitors).toMatchObject({ id: '/', start_url: '/' });
    expect(visitors.shortcuts).toBeUndefined();
    expect(admin).toMatchObject({ id: '/admin/dashboard', start_url: '/admin/dashboard' });
    expect(admin.shortcuts?.map((shortcut) => shortcut.url)).toEqual([
      '/admin/dashboard',
      '/admin/albums',
    ]);

    await saveSiteName('Jane Doe');
    expect((await readManifest('/manifest.webmanifest')).manifest).toMatchObject({
      name: 'Jane Doe',
      short_name: 'Jane Doe',
    });
  });

  it("keep the build's names when the profile has none, or cannot be read", async () => {
    const built = JSON.parse(
      readFileSync(join(distDir, 'manifest.webmanifest'), 'utf8'),
    ) as Manifest;
    expect(built).toMatchObject({ name: 'Photography Portfolio', short_name: 'Portfolio' });
    expect(JSON.parse(readFileSync(join(distDir, 'admin.webmanifest'), 'utf8'))).toMatchObject({
      name: 'Photography Portfolio',
    });
    await saveSiteName('   ');
    expect((await readManifest('/admin.webmanifest')).manifest).toMatchObject({
      name: 'Photography Portfolio',
      short_name: 'Portfolio',
    });
    await saveSiteName('Jane Doe');
    const unreadable = await withoutVisitorRead(['photographer_profile'], () =>
      readManifest('/manifest.webmanifest'),
    );
    expect(unreadable.manifest).toMatchObject({
      name: 'Photography Portfolio',
      short_name: 'Portfolio',
    });
  });

  it('write a hostile site name as inert, valid JSON that reads back as the same name', async () => {
    const hostile = `Jane "Doe" </script><script>alert('x')</script> & Co \u2028 <!--`;
    await saveSiteName(`${hostile}\n\t\u0007`);
    for (const path of ['/manifest.webmanifest', '/admin.webmanifest']) {
      const { manifest, text } = await readManifest(path);
      expect(manifest.name).toBe(hostile.replace(/\s+/g, ' ').trim());
      expect(manifest.short_name).toBe('Jane "Doe"');
      expect(text).not.toMatch(/[<>&\u2028]/);
    }
    // The sitemap names no site name at all, and stays well-formed.
    parseXml(await (await get('/sitemap.xml')).text());
  });
});
