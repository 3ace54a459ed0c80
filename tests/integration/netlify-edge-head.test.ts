import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCardSettings, defaultCardTags, withDefaultCard } from '../../deploy/default-card';
import pageHead, {
  PAGE_TIMEOUT_MS,
  READ_TIMEOUT_MS,
} from '../../deploy/netlify/edge-functions/page-head';
import { galleryCard, headTags, plainCard, siteCard, type SiteFacts } from '@/lib/page-head';
import type { RunningStack } from '../../supabase/local/stack';
import { addPhoto, adminApi, ownStacks, type AdminApi } from '../support/own-stack';

/**
 * The static host's edge function (deploy/netlify/edge-functions/page-head.ts), run in Node as
 * Netlify runs it in Deno: a global `Netlify.env`, a context whose next() is the build's
 * index.html, and the hosted project's REST API, here a real local stack of this file's own
 * (so the home page's card depends on nothing another test file adds). Each kind of page gets
 * its card with the right values, a protected link says nothing of its album, unknown pages
 * answer 404, and a backend that fails or hangs leaves the build's page as it was.
 */

const SITE = 'https://photos.example.com';
const SITE_NAME = 'Jane "JD" Doe & Co';
const SUBTITLE = 'Families, newborns <and> weddings';

/** dist/index.html as the build writes it: the default card between the marks. */
const BUILT_PAGE = withDefaultCard(
  readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8'),
  defaultCardTags(defaultCardSettings({})),
);

const env: Record<string, string | undefined> = {};
Object.assign(globalThis, { Netlify: { env: { get: (name: string) => env[name] } } });

const own = ownStacks();
let stack: RunningStack;
let api: AdminApi;
const site: SiteFacts = { siteName: SITE_NAME, subtitle: SUBTITLE, origin: SITE };

const ids = {
  publicAlbum: randomUUID(),
  privateAlbum: randomUUID(),
  gallery: randomUUID(),
  inactiveGallery: randomUUID(),
  emptyAlbum: randomUUID(),
};
const tokens = { open: randomBytes(32).toString('base64url'), protected: '', expired: '' };
const photos: Record<'first' | 'chosen' | 'secret', string> = { first: '', chosen: '', secret: '' };
const thumb = (album: string, photo: string) =>
  `${stack.url}/storage/v1/object/public/photos/${album}/${photo}.thumb.webp`;

/** Runs SQL on this file's stack as the database superuser. */
async function sql<Row extends pg.QueryResultRow = Record<string, unknown>>(
  text: string,
  params: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client(stack.database);
  await client.connect();
  try {
    return (await client.query<Row>(text, params)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  stack = await own.start(own.folder('netlify-edge-head-'));
  api = await adminApi(stack, own.adminPassword);
  Object.assign(env, { SUPABASE_URL: stack.url, SUPABASE_ANON_KEY: stack.anonKey, SITE_URL: SITE });
  await sql('update public.photographer_profile set site_name = $1, subtitle = $2', [
    SITE_NAME,
    SUBTITLE,
  ]);

  await api.rpc('admin_create_album', {
    p_id: ids.publicAlbum,
    p_name: 'Garden Party',
    p_description: 'A long June afternoon.',
    p_is_public: true,
  });
  await api.rpc('admin_create_album', {
    p_id: ids.privateAlbum,
    p_name: 'Secret Wedding',
    p_description: 'Only for us',
    p_is_public: false,
  });
  await api.rpc('admin_create_album', {
    p_id: ids.emptyAlbum,
    p_name: 'Empty Shelf',
    p_description: null,
    p_is_public: true,
  });
  photos.first = (await addPhoto(api, ids.publicAlbum, 'landscape.jpg')).id;
  photos.chosen = (await addPhoto(api, ids.publicAlbum, 'portrait.jpg')).id;
  photos.secret = (await addPhoto(api, ids.privateAlbum, 'landscape.jpg')).id;
  // The chosen cover is upright: its thumbnail's size must come from it, not from the first photo.
  await sql('update public.photos set width = 800, height = 1200 where id = $1', [photos.chosen]);
  await api.rpc('admin_set_album_cover', {
    p_album_id: ids.publicAlbum,
    p_photo_id: photos.chosen,
  });

  await api.rpc('admin_create_public_gallery', {
    p_id: ids.gallery,
    p_title: 'Best of Spring',
    p_description: 'Blossom & light',
    p_is_active: true,
  });
  await api.rpc('admin_add_photos_to_gallery', {
    p_gallery_id: ids.gallery,
    p_photo_ids: [photos.secret, photos.first],
  });
  await api.rpc('admin_create_public_gallery', {
    p_id: ids.inactiveGallery,
    p_title: 'Hidden Gallery',
    p_description: null,
    p_is_active: false,
  });

  await api.insert('gallery_links', { album_id: ids.privateAlbum, access_token: tokens.open });
  tokens.protected = randomBytes(32).toString('base64url');
  await api.insert('gallery_links', {
    album_id: ids.privateAlbum,
    access_token: tokens.protected,
    passcode: '4821',
  });
  tokens.expired = randomBytes(32).toString('base64url');
  await sql(
    `insert into public.gallery_links (album_id, access_token, expires_at) values ($1, $2, now() - interval '1 hour')`,
    [ids.privateAlbum, tokens.expired],
  );
}, 120_000);

afterAll(own.cleanup);

interface Visit {
  status: number;
  headers: Headers;
  html: string;
  /** What stands between the marks: the page's card. */
  head: string;
}

/** A GET of `path` through the edge function, the rest of Netlify's chain answering with the build's page. */
async function visit(path: string, page = BUILT_PAGE): Promise<Visit> {
  const response = await pageHead(new Request(`${SITE}${path}`), {
    next: () =>
      Promise.resolve(
        new Response(page, {
          headers: {
            'content-type': 'text/html; charset=UTF-8',
            'content-length': String(Buffer.byteLength(page)),
            etag: '"built"',
          },
        }),
      ),
  });
  const html = await response.text();
  const head = /<!-- page-head -->\n {4}([\s\S]*?)\n {4}<!-- \/page-head -->/.exec(html)?.[1] ?? '';
  return { status: response.status, headers: response.headers, html, head };
}

/** The content of one meta tag of a head. */
const meta = (head: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(head)?.[1];

describe('the Netlify edge function', () => {
  it("gives the home page the site's card, its image the first featured gallery's cover", async () => {
    const page = await visit('/');
    expect(page.status).toBe(200);
    expect(page.head).toBe(
      headTags(
        siteCard(site, '/', {
          image: {
            url: thumb(ids.privateAlbum, photos.secret),
            width: 480,
            height: 320,
            alt: 'Best of Spring',
          },
        }),
      ),
    );
    expect(page.head).toContain('<title>Jane &quot;JD&quot; Doe &amp; Co</title>');
    expect(meta(page.head, 'description')).toBe('Families, newborns &lt;and&gt; weddings');
    expect(page.head).toContain(`<link rel="canonical" href="${SITE}/" />`);
    expect(meta(page.head, 'og:type')).toBe('website');
    expect(meta(page.head, 'twitter:card')).toBe('summary_large_image');
    // The rest of the page is the build's, with one card only.
    expect(page.html.match(/<title>/g)).toHaveLength(1);
    expect(page.html.match(/<meta name="description"/g)).toHaveLength(1);
    const card = /<!-- page-head -->[\s\S]*<!-- \/page-head -->/;
    expect(page.html.replace(card, '')).toBe(BUILT_PAGE.replace(card, ''));
    expect(page.headers.get('content-length')).toBeNull();
    expect(page.headers.get('etag')).toBeNull();
    expect(page.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(page.headers.get('x-robots-tag')).toBeNull();
  });

  it('takes the hero for the home page when it is a photo of the site', async () => {
    const hero = `/storage/v1/object/public/photos/hero-bg-${randomUUID()}.jpg`;
    try {
      await sql(
        `update public.site_settings set setting_value = $1 where setting_key = 'hero_background_image'`,
        [`${stack.url}${hero}`],
      );
      expect(meta((await visit('/')).head, 'og:image')).toBe(`${stack.url}${hero}`);
      // Another site's image is the hero too, but not a preview's: the gallery's cover stays.
      await sql(
        `update public.site_settings set setting_value = 'https://elsewhere.example/big.jpg' where setting_key = 'hero_background_image'`,
      );
      expect(meta((await visit('/')).head, 'og:image')).toBe(
        thumb(ids.privateAlbum, photos.secret),
      );
    } finally {
      await sql(
        `update public.site_settings set setting_value = null where setting_key = 'hero_background_image'`,
      );
    }
  });

  it("gives a curated gallery its title, description and first photo's thumbnail, which answers", async () => {
    const path = `/gallery/public/${ids.gallery}`;
    const page = await visit(path);
    expect(page.status).toBe(200);
    const image = {
      url: thumb(ids.privateAlbum, photos.secret),
      width: 480,
      height: 320,
      alt: 'Best of Spring',
    };
    expect(page.head).toBe(
      headTags(
        galleryCard(site, path, { title: 'Best of Spring', description: 'Blossom & light', image }),
      ),
    );
    expect(page.head).toContain(`<title>Best of Spring · Jane &quot;JD&quot; Doe &amp; Co</title>`);
    expect(meta(page.head, 'og:title')).toBe('Best of Spring');
    expect(meta(page.head, 'og:description')).toBe('Blossom &amp; light');
    expect(meta(page.head, 'og:url')).toBe(`${SITE}${path}`);
    expect(meta(page.head, 'og:type')).toBe('article');
    expect(meta(page.head, 'og:site_name')).toBe('Jane &quot;JD&quot; Doe &amp; Co');
    expect(page.head).not.toContain('robots');
    const picture = await fetch(image.url);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    await picture.arrayBuffer();
  });

  it('answers 404 for an unknown, inactive or malformed gallery, and for an unknown page', async () => {
    for (const path of [
      `/gallery/public/${randomUUID()}`,
      `/gallery/public/${ids.inactiveGallery}`,
      '/gallery/public/not-an-id',
    ]) {
      const page = await visit(path);
      expect(page.status, path).toBe(404);
      expect(page.head).toBe(headTags(plainCard(site, path, 'Gallery Not Found')));
      expect(page.head).toContain('<meta name="robots" content="noindex, nofollow" />');
      expect(page.html).not.toContain('Hidden Gallery');
    }
    const unknown = await visit('/no/such/page');
    expect(unknown.status).toBe(404);
    expect(unknown.head).toBe(headTags(plainCard(site, '/no/such/page', 'Page Not Found')));
  });

  it('gives a public album its name, description and chosen cover, sized from that photo', async () => {
    const path = `/gallery/${ids.publicAlbum}`;
    const page = await visit(path);
    expect(page.status).toBe(200);
    const image = {
      url: thumb(ids.publicAlbum, photos.chosen),
      width: 320,
      height: 480,
      alt: 'Garden Party',
    };
    expect(page.head).toBe(
      headTags(
        galleryCard(site, path, {
          title: 'Garden Party',
          description: 'A long June afternoon.',
          image,
        }),
      ),
    );
    // An album without photos: no image, and the card says whose photographs they are.
    const empty = await visit(`/gallery/${ids.emptyAlbum}`);
    expect(empty.head).toBe(
      headTags(
        galleryCard(site, `/gallery/${ids.emptyAlbum}`, {
          title: 'Empty Shelf',
          description: null,
          image: null,
        }),
      ),
    );
    expect(meta(empty.head, 'description')).toBe(
      'Empty Shelf: photographs by Jane &quot;JD&quot; Doe &amp; Co.',
    );
    expect(meta(empty.head, 'twitter:card')).toBe('summary');
    // A private album is not there for visitors.
    const hidden = await visit(`/gallery/${ids.privateAlbum}`);
    expect(hidden.status).toBe(404);
    expect(hidden.html).not.toContain('Secret Wedding');
  });

  it("gives an open client link the album's name and cover, kept out of search engines", async () => {
    const path = `/client/${tokens.open}`;
    const page = await visit(path);
    expect(page.status).toBe(200);
    const image = { url: thumb(ids.privateAlbum, photos.secret), alt: 'Secret Wedding' };
    expect(page.head).toBe(
      headTags(
        galleryCard(site, path, {
          title: 'Secret Wedding',
          description: null,
          image,
          noindex: true,
        }),
      ),
    );
    expect(page.head).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
  });

  it("gives a protected link the site's card only: no album name, no photo address", async () => {
    const path = `/client/${tokens.protected}`;
    const page = await visit(path);
    expect(page.status).toBe(200);
    expect(page.head).toBe(headTags(siteCard(site, path, { noindex: true })));
    expect(page.html).not.toContain('Secret Wedding');
    expect(page.html).not.toContain('Only for us');
    expect(page.html).not.toContain('/storage/');
    expect(meta(page.head, 'og:image')).toBeUndefined();
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    // Its head cost the client no guess: the right passcode still opens it at once.
    expect(
      await api.anonRpc('validate_gallery_passcode', {
        p_access_token: tokens.protected,
        p_passcode: '4821',
        p_device: null,
      }),
    ).toBe(true);
    expect(await sql('select count(*)::int as count from private.failed_attempts')).toEqual([
      { count: 0 },
    ]);
  });

  it("gives an expired or unknown link the site's card with 404", async () => {
    for (const token of [tokens.expired, randomBytes(32).toString('base64url'), 'short']) {
      const path = `/client/${token}`;
      const page = await visit(path);
      expect(page.status, token).toBe(404);
      expect(page.head).toBe(headTags(siteCard(site, path, { noindex: true })));
      expect(page.html).not.toContain('Secret Wedding');
      expect(page.headers.get('x-robots-tag')).toBe('noindex');
    }
  });

  it('names the admin area only, kept out of search engines', async () => {
    for (const path of ['/admin', '/admin/albums']) {
      const page = await visit(path);
      expect(page.status).toBe(200);
      expect(page.head).toBe(headTags(plainCard(site, path, 'Admin')));
      expect(page.headers.get('x-robots-tag')).toBe('noindex');
    }
  });

  it('takes the address the request came to when SITE_URL is not set', async () => {
    env.SITE_URL = undefined;
    try {
      const page = await visit(`/gallery/public/${ids.gallery}`);
      expect(meta(page.head, 'og:url')).toBe(`${SITE}/gallery/public/${ids.gallery}`);
    } finally {
      env.SITE_URL = SITE;
    }
  });

  it('replaces the <title> and description of a build without the marks', async () => {
    const plain = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
    const page = await visit(`/gallery/public/${ids.gallery}`, plain);
    expect(page.html.match(/<title>/g)).toHaveLength(1);
    expect(page.html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(page.html).toContain('<title>Best of Spring · Jane &quot;JD&quot; Doe &amp; Co</title>');
    expect(page.html).not.toContain('Portrait and family photography');
  });

  describe('when the backend fails', () => {
    let hanging: Server;
    let hangingUrl: string;

    beforeAll(async () => {
      // Accepts every request and never answers.
      hanging = createServer(() => undefined);
      await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
      hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    });

    const unchanged = async (path: string) => {
      const page = await visit(path);
      expect(page.status).toBe(200);
      expect(page.html).toBe(BUILT_PAGE);
      return page;
    };

    it('sends the build’s page unchanged when a read is refused, fails or is not set up', async () => {
      try {
        env.SUPABASE_ANON_KEY = 'not-a-key';
        await unchanged(`/gallery/public/${ids.gallery}`);
        env.SUPABASE_URL = 'http://127.0.0.1:1';
        env.SUPABASE_ANON_KEY = stack.anonKey;
        await unchanged('/');
        env.SUPABASE_URL = undefined;
        await unchanged(`/gallery/public/${randomUUID()}`);
        // A client's link still says noindex in its header.
        expect((await unchanged(`/client/${tokens.protected}`)).headers.get('x-robots-tag')).toBe(
          'noindex',
        );
      } finally {
        Object.assign(env, { SUPABASE_URL: stack.url, SUPABASE_ANON_KEY: stack.anonKey });
      }
    });

    it('gives up on a backend that does not answer, within its time', async () => {
      env.SUPABASE_URL = hangingUrl;
      try {
        const started = performance.now();
        await unchanged(`/gallery/${ids.publicAlbum}`);
        const took = performance.now() - started;
        expect(took).toBeGreaterThanOrEqual(READ_TIMEOUT_MS - 50);
        expect(took).toBeLessThan(PAGE_TIMEOUT_MS + 500);
      } finally {
        env.SUPABASE_URL = stack.url;
      }
    });

    it('leaves other answers alone: a file, an error, anything that is not the page', async () => {
      const response = await pageHead(new Request(`${SITE}/gallery/public/${ids.gallery}`), {
        next: () =>
          Promise.resolve(
            new Response('{"a":1}', { headers: { 'content-type': 'application/json' } }),
          ),
      });
      expect(await response.text()).toBe('{"a":1}');
      const missing = await pageHead(new Request(`${SITE}/`), {
        next: () =>
          Promise.resolve(
            new Response('gone', { status: 500, headers: { 'content-type': 'text/html' } }),
          ),
      });
      expect(missing.status).toBe(500);
      expect(await missing.text()).toBe('gone');
    });
  });
});
