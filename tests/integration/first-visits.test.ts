import { randomBytes, randomUUID } from 'node:crypto';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBuild } from '../support/shared-build';
import type { RunningStack } from '../../supabase/local/stack';
import { addPhoto, adminApi, ownStacks, type AdminApi } from '../support/own-stack';

/**
 * A page's first visit on the embedded stack, as a crawler, a chat app's link preview or a
 * browser with scripts off sees it: the raw HTML of each kind of page (docs/first-visits.md).
 */
const stacks = ownStacks();
let stack: RunningStack;
let api: AdminApi;
const seeded = {
  gallery: '',
  inactiveGallery: '',
  album: '',
  privateAlbum: '',
  openToken: '',
  protectedToken: '',
  photoIds: [] as string[],
};
const SITE_NAME = 'Jane Doe <Photography> & "Friends"';

beforeAll(async () => {
  const distDir = await sharedBuild();
  stack = await stacks.start(stacks.folder('first-visits-data-'), { distDir });
  api = await adminApi(stack, stacks.adminPassword);
  const profile = await fetch(`${stack.url}/rest/v1/photographer_profile?id=not.is.null`, {
    method: 'PATCH',
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${stack.anonKey}`,
      'x-admin-username': 'admin',
      'x-admin-token': api.session.p_token,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ site_name: SITE_NAME, subtitle: 'Portraits & families in Lisbon' }),
  });
  expect(profile.status).toBe(204);

  seeded.album = (await api.rpc('admin_create_album', {
    p_id: randomUUID(),
    p_name: 'Lisbon Summer',
    p_description: 'Golden hour on the river.',
    p_is_public: true,
  })) as string;
  for (let index = 0; index < 3; index++)
    seeded.photoIds.push((await addPhoto(api, seeded.album, 'landscape.jpg')).id);
  seeded.privateAlbum = (await api.rpc('admin_create_album', {
    p_id: randomUUID(),
    p_name: 'Smith Family Secret',
    p_description: '',
  })) as string;
  for (let index = 0; index < 2; index++) await addPhoto(api, seeded.privateAlbum, 'portrait.jpg');

  seeded.gallery = (await api.rpc('admin_create_public_gallery', {
    p_id: randomUUID(),
    p_title: 'Weddings',
    p_description: 'Quiet moments of big days.',
    p_is_active: true,
  })) as string;
  await api.rpc('admin_add_photos_to_gallery', {
    p_gallery_id: seeded.gallery,
    p_photo_ids: seeded.photoIds,
  });
  seeded.inactiveGallery = (await api.rpc('admin_create_public_gallery', {
    p_id: randomUUID(),
    p_title: 'Hidden Drafts',
    p_description: '',
    p_is_active: false,
  })) as string;

  seeded.openToken = randomBytes(32).toString('base64url');
  seeded.protectedToken = randomBytes(32).toString('base64url');
  await api.insert('gallery_links', {
    album_id: seeded.privateAlbum,
    access_token: seeded.openToken,
  });
  await api.insert('gallery_links', {
    album_id: seeded.privateAlbum,
    access_token: seeded.protectedToken,
    passcode: '4242',
  });
}, 180_000);

afterAll(() => stacks.cleanup());

/** A GET as a crawler sends it: node:http, so any Host and Accept-Encoding go out as given (fetch sets its own). */
function page(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; html: string }>(
    (resolve, reject) => {
      const request = httpGet(`${stack.url}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const html = (
            encoding === 'br'
              ? brotliDecompressSync(body)
              : encoding === 'gzip'
                ? gunzipSync(body)
                : body
          ).toString('utf8');
          resolve({ status: response.statusCode ?? 0, headers: response.headers, html });
        });
      });
      request.on('error', reject);
    },
  );
}

/** A <meta> element's content (entities decoded), or undefined. */
function meta(html: string, key: string): string | undefined {
  const found = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];
  return found === undefined ? undefined : decode(found);
}
const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const linkHref = (html: string, rel: string) =>
  decode(new RegExp(`<link rel="${rel}" href="([^"]*)"`).exec(html)?.[1] ?? '');
/** What the server drew into <div id="root">, before the page's data. */
const drawnRoot = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json" id="page-state">/.exec(
    html,
  )?.[1];
const pageState = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="page-state">([\s\S]*?)<\/script>/.exec(html)?.[1] ??
      'null',
  ) as {
    config: { supabaseUrl: string };
    queries: { queries: Array<{ queryKey: unknown[] }> };
    readAgain: unknown[][];
  } | null;
const thumbOf = (albumId: string, html: string) =>
  new RegExp(`/storage/v1/object/public/photos/${albumId}/[0-9a-f-]+\\.thumb\\.webp`).exec(
    html,
  )?.[0];

describe('each page answers with its own head, status and first screen', () => {
  it('home: the site name and subtitle, the first featured photo, and the page drawn', async () => {
    const { status, html } = await page('/');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe(SITE_NAME);
    expect(meta(html, 'description')).toBe('Portraits & families in Lisbon');
    expect(meta(html, 'og:title')).toBe(SITE_NAME);
    expect(meta(html, 'og:site_name')).toBe(SITE_NAME);
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:url')).toBe(`${stack.url}/`);
    expect(linkHref(html, 'canonical')).toBe(`${stack.url}/`);
    // No hero image is set: the featured gallery's cover, its first photo's 480 px thumbnail.
    expect(meta(html, 'og:image')).toMatch(
      new RegExp(
        `^${stack.url}/storage/v1/object/public/photos/${seeded.album}/[0-9a-f-]+\\.thumb\\.webp$`,
      ),
    );
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'robots')).toBeUndefined();
    const root = drawnRoot(html)!;
    expect(root).toContain('Weddings'); // the featured collection, in the HTML itself
    expect(root).toContain('Lisbon Summer');
    expect(html).not.toContain('/config.json'); // the configuration comes with the page
  });

  it('a curated gallery: its title, description and first photo, its first photos in the HTML', async () => {
    const path = `/gallery/public/${seeded.gallery}`;
    const { status, html } = await page(path);
    expect(status).toBe(200);
    expect(titleOf(html)).toBe(`Weddings · ${SITE_NAME}`);
    expect(meta(html, 'description')).toBe('Quiet moments of big days.');
    expect(meta(html, 'og:title')).toBe('Weddings');
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:url')).toBe(`${stack.url}${path}`);
    expect(meta(html, 'og:image')).toBe(`${stack.url}${thumbOf(seeded.album, html)}`);
    expect([meta(html, 'og:image:width'), meta(html, 'og:image:height')]).toEqual(['480', '320']);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    const root = drawnRoot(html)!;
    expect(root).toContain('<h1');
    expect(root).toContain('Weddings');
    // Every photo of the (short) gallery is an <img> of the drawn page, its address on the site's own origin.
    expect(
      root.match(/<img [^>]*src="\/storage\/v1\/object\/public\/photos\/[^"]+\.thumb\.webp"/g),
    ).toHaveLength(3);
    expect(pageState(html)?.readAgain).toEqual([]);
  });

  it('a public album: its name and description', async () => {
    const path = `/gallery/${seeded.album}`;
    const { status, html } = await page(path);
    expect(status).toBe(200);
    expect(titleOf(html)).toBe(`Lisbon Summer · ${SITE_NAME}`);
    expect(meta(html, 'og:title')).toBe('Lisbon Summer');
    expect(meta(html, 'og:description')).toBe('Golden hour on the river.');
    expect(meta(html, 'og:image')).toMatch(/\.thumb\.webp$/);
    expect(drawnRoot(html)).toContain('Lisbon Summer');
  });

  it('an open client link: the album name and cover, kept out of search engines', async () => {
    const path = `/client/${seeded.openToken}`;
    const { status, headers, html } = await page(path);
    expect(status).toBe(200);
    expect(titleOf(html)).toBe(`Smith Family Secret · ${SITE_NAME}`);
    expect(meta(html, 'og:title')).toBe('Smith Family Secret');
    expect(meta(html, 'og:image')).toBe(`${stack.url}${thumbOf(seeded.privateAlbum, html)}`);
    expect(meta(html, 'robots')).toBe('noindex, nofollow');
    expect(headers['x-robots-tag']).toMatch(/noindex/);
    // One client's album: no shared cache may keep it (issue 32), unlike the public pages.
    expect(headers['cache-control']).toBe('private, no-cache');
    expect((await page('/')).headers['cache-control']).toBe('no-cache');
    expect(drawnRoot(html)).toContain('Smith Family Secret');
  });

  it('a protected client link: only the site card; no album name and no photo address anywhere in the HTML', async () => {
    const { status, headers, html } = await page(`/client/${seeded.protectedToken}`);
    expect(status).toBe(200);
    expect(titleOf(html)).toBe(SITE_NAME);
    expect(meta(html, 'og:title')).toBe(SITE_NAME);
    expect(meta(html, 'og:image')).toBeUndefined();
    expect(meta(html, 'twitter:card')).toBe('summary');
    expect(meta(html, 'robots')).toBe('noindex, nofollow');
    expect(headers['x-robots-tag']).toMatch(/noindex/);
    expect(html).not.toContain('Smith Family');
    expect(html).not.toContain('/storage/');
    expect(html).not.toContain(seeded.privateAlbum);
    expect(html).not.toContain('page-state'); // nothing drawn, nothing read for it
  });

  it('unknown and unusable addresses answer 404, with the app’s not-found page', async () => {
    const unknown = await page('/no-such-page');
    expect(unknown.status).toBe(404);
    expect(titleOf(unknown.html)).toBe(`Page Not Found · ${SITE_NAME}`);
    expect(meta(unknown.html, 'robots')).toBe('noindex, nofollow');
    expect(drawnRoot(unknown.html)).toContain('Oops! Page not found');

    const inactive = await page(`/gallery/public/${seeded.inactiveGallery}`);
    expect(inactive.status).toBe(404);
    expect(drawnRoot(inactive.html)).toContain('Gallery Not Found');
    expect(inactive.html).not.toContain('Hidden Drafts');
    expect((await page(`/gallery/public/${randomUUID()}`)).status).toBe(404);
    expect((await page('/gallery/public/not-a-uuid')).status).toBe(404);

    const privateAlbum = await page(`/gallery/${seeded.privateAlbum}`);
    expect(privateAlbum.status).toBe(404);
    expect(privateAlbum.html).not.toContain('Smith Family');

    const deadLink = await page(`/client/${randomBytes(32).toString('base64url')}`);
    expect(deadLink.status).toBe(404);
    expect(titleOf(deadLink.html)).toBe(SITE_NAME);
    expect(meta(deadLink.html, 'og:image')).toBeUndefined();
  });

  it('the admin area: the site name, noindex, nothing drawn', async () => {
    const { status, html } = await page('/admin/albums');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe(`Admin · ${SITE_NAME}`);
    expect(meta(html, 'robots')).toBe('noindex, nofollow');
    expect(html).not.toContain('page-state');
  });
});

describe('what the HTML is built from', () => {
  it('escapes what the photographer typed: a description cannot end the page’s data or inject markup', async () => {
    const id = (await api.rpc('admin_create_public_gallery', {
      p_id: randomUUID(),
      p_title: 'Tricky "title" <b>bold</b>',
      p_description: '</script><script>alert(1)</script> \u2028 & more',
      p_is_active: true,
    })) as string;
    const { status, html } = await page(`/gallery/public/${id}`);
    expect(status).toBe(200);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>bold</b>');
    expect(meta(html, 'og:title')).toBe('Tricky "title" <b>bold</b>');
    // The page's data is still whole JSON, the description in it unchanged.
    expect(JSON.stringify(pageState(html))).toContain('</script><script>alert(1)</script>');
  });

  it('builds addresses from the Host the browser used (PUBLIC_URL unset), ignoring a Host that is not a plain name', async () => {
    const named = await page('/', { host: 'photos.example.org:8443' });
    expect(linkHref(named.html, 'canonical')).toBe('http://photos.example.org:8443/');
    // The page's own image addresses are on whatever origin the browser reached it by.
    expect(drawnRoot(named.html)).not.toContain('photos.example.org');
    const forwarded = await page('/', { 'x-forwarded-host': 'evil.example' });
    expect(forwarded.html).not.toContain('evil.example');
  });

  it('sends the HTML and the API’s JSON compressed', async () => {
    for (const encoding of ['br', 'gzip']) {
      const html = await page(`/gallery/public/${seeded.gallery}`, { 'accept-encoding': encoding });
      expect(html.headers['content-encoding']).toBe(encoding);
      expect(html.html).toContain('Weddings');
    }
    // The home page's sections: a few KB of JSON from PostgREST.
    const json = await page('/rest/v1/page_content?select=*', {
      apikey: stack.anonKey,
      authorization: `Bearer ${stack.anonKey}`,
      'accept-encoding': 'br',
    });
    expect(json.status).toBe(200);
    expect(json.headers['content-encoding']).toBe('br');
    expect(json.headers['content-range']).toBe('0-2/*'); // PostgREST's row range, kept
    expect(JSON.parse(json.html) as unknown[]).not.toHaveLength(0);
  });

  it('never serves the page renderer or the build manifest', async () => {
    for (const path of ['/.server/render-page.js', '/.vite/manifest.json', '/.source-hash']) {
      expect((await fetch(`${stack.url}${path}`)).status).toBe(404);
    }
  });
});
