import { describe, expect, it } from 'vitest';
import { matchPublicPage as matchPublicPath } from '@/lib/routes/route-table';
import { resolveStorageUrl } from '@/lib/backend/storage';
import {
  canonicalPath,
  homeHead,
  type HomeRows,
  keptOutOfSearch,
  pageRoute,
  publicPhotoAddress,
  renditionSize,
  siteFacts,
  thumbnailImage,
} from '@/lib/page-cards-from-rows';
import { withPageHead } from '@/lib/page-head';
import { renditionSize as appRenditionSize } from '@/ui/photos/photo-sources';

/**
 * The rules the static host's edge function works by (src/lib/page-cards-from-rows.ts), held
 * to the app's own where they are written out again: routes, storage addresses, sizes.
 */

const BACKEND = 'https://abcd.supabase.co';

describe('pageRoute', () => {
  it.each([
    '/',
    '/gallery/public/6f1c2a9e-2b1d-4c3e-9f00-0a1b2c3d4e5f',
    '/gallery/public/6f1c2a9e/',
    '/Gallery/Public/abc',
    '/gallery/6f1c2a9e',
    '/gallery/public',
    '/client/AbC_-123',
    '/client/a%20b',
    '/client/%ZZ',
    '/client',
    '/client/a/b',
    '/unknown/page',
  ])('finds %s as the app does', (pathname) => {
    const app = matchPublicPath(pathname);
    const route = pageRoute(pathname);
    if (!app) return expect(route).toEqual({ kind: 'unknown' });
    expect(route.kind).toBe(app.page);
    expect(Object.values(route).slice(1)).toEqual(app.param === undefined ? [] : [app.param]);
  });

  it('knows the admin area, and keeps it and client links out of search engines', () => {
    expect(pageRoute('/admin')).toEqual({ kind: 'admin' });
    expect(pageRoute('/admin/albums/')).toEqual({ kind: 'admin' });
    expect(pageRoute('/administrator')).toEqual({ kind: 'unknown' });
    expect(keptOutOfSearch(pageRoute('/admin/albums'))).toBe(true);
    expect(keptOutOfSearch(pageRoute('/client/abc'))).toBe(true);
    expect(keptOutOfSearch(pageRoute('/gallery/abc'))).toBe(false);
  });

  it('shares each page under its own spelling', () => {
    expect(canonicalPath(pageRoute('/Gallery/Public/g1/'), '/Gallery/Public/g1/')).toBe(
      '/gallery/public/g1',
    );
    expect(canonicalPath(pageRoute('/client/t%20k'), '/client/t%20k')).toBe('/client/t%20k');
    expect(canonicalPath(pageRoute('/nope/'), '/nope/')).toBe('/nope/');
  });
});

describe('publicPhotoAddress', () => {
  const config = { config: { supabaseUrl: BACKEND, supabaseAnonKey: 'key' } };
  it.each([
    '/storage/v1/object/public/photos/a1/p1.thumb.webp',
    'http://127.0.0.1:8080/storage/v1/object/public/photos/a1/p1.thumb.webp',
    '/storage/v1/object/public/photos/a1/caf%C3%A9%20photo.webp',
    '/storage/v1/object/public/photos/hero-bg-1.jpg?v=2',
  ])('points %s at the backend as the app does', (stored) => {
    expect(publicPhotoAddress(`${BACKEND}/`, stored)).toBe(resolveStorageUrl(config, stored));
  });

  it('gives no address for a private original, another site or nothing', () => {
    expect(
      publicPhotoAddress(BACKEND, '/storage/v1/object/authenticated/originals/a1/p1.jpg'),
    ).toBeNull();
    expect(publicPhotoAddress(BACKEND, 'https://elsewhere.example/x.jpg')).toBeNull();
    expect(publicPhotoAddress(BACKEND, '/storage/v1/object/public/photos/')).toBeNull();
    expect(publicPhotoAddress(BACKEND, null)).toBeNull();
  });
});

describe('thumbnailImage', () => {
  it.each([
    [1200, 800],
    [800, 1200],
    [300, 200],
    [4000, 4000],
  ])('sizes the thumbnail of a %i×%i photo as the app does', (width, height) => {
    expect(renditionSize({ width, height }, 480)).toEqual(appRenditionSize({ width, height }, 480));
    const image = thumbnailImage(
      BACKEND,
      { thumb_url: '/storage/v1/object/public/photos/a/p.thumb.webp', width, height },
      'Alt',
    );
    expect(image).toEqual({
      url: `${BACKEND}/storage/v1/object/public/photos/a/p.thumb.webp`,
      ...appRenditionSize({ width, height }, 480),
      alt: 'Alt',
    });
  });

  it('takes the caption as its text, and no size it does not know', () => {
    const photo = {
      thumb_url: '/storage/v1/object/public/photos/a/p.thumb.webp',
      width: null,
      height: null,
      caption: 'Blossom',
    };
    expect(thumbnailImage(BACKEND, photo, 'Alt')).toEqual({
      url: `${BACKEND}/storage/v1/object/public/photos/a/p.thumb.webp`,
      alt: 'Blossom',
    });
    expect(thumbnailImage(BACKEND, { ...photo, thumb_url: null }, 'Alt')).toBeNull();
  });
});

describe('homeHead', () => {
  const site = siteFacts(
    { site_name: ' Willow ', subtitle: '' },
    'https://willow.example/some/path',
  );
  const gallery = {
    title: 'Spring',
    first: {
      thumb_url: '/storage/v1/object/public/photos/a/p.thumb.webp',
      width: 1200,
      height: 800,
    },
  };

  it('fills in the profile as the app does', () => {
    expect(site).toEqual({ siteName: 'Willow', subtitle: null, origin: 'https://willow.example' });
    expect(siteFacts(null, 'https://x.example').siteName).toBe('Photography Portfolio');
  });

  it("shows the hero when it is a photo of the site, else the first featured gallery's cover", () => {
    const hero = '/storage/v1/object/public/photos/hero-bg-1.jpg';
    const image = (
      heroSetting: string | null,
      heroSection: string | null,
      galleries: HomeRows['galleries'] = [gallery],
    ) => homeHead(site, BACKEND, { heroSetting, heroSection, galleries }).card.image?.url ?? null;
    expect(image(hero, null)).toBe(`${BACKEND}${hero}`);
    expect(image(null, hero)).toBe(`${BACKEND}${hero}`);
    expect(image('  ', hero)).toBe(`${BACKEND}${hero}`);
    // The page shows another site's hero: that is the hero, but not a preview's image.
    expect(image('https://elsewhere.example/x.jpg', hero)).toBe(
      `${BACKEND}/storage/v1/object/public/photos/a/p.thumb.webp`,
    );
    // A private original is shown by no page: the section's hero is.
    expect(image('/storage/v1/object/authenticated/originals/a/p.jpg', hero)).toBe(
      `${BACKEND}${hero}`,
    );
    expect(image(null, null, [{ title: 'Empty', first: null }, gallery])).toBe(
      `${BACKEND}/storage/v1/object/public/photos/a/p.thumb.webp`,
    );
    expect(image(null, null, [])).toBeNull();
  });
});

describe('withPageHead', () => {
  it("replaces a page's title and description when it has no marks, and nothing else", () => {
    const html =
      '<head>\n    <meta charset="UTF-8" />\n    <meta name="description" content="old" />\n    <title>Old</title>\n  </head>';
    expect(withPageHead(html, '<title>New</title>')).toBe(
      '<head>\n    <meta charset="UTF-8" />\n    <title>New</title>\n  </head>',
    );
    expect(withPageHead(html, '<title>$& $1</title>')).toContain('<title>$& $1</title>');
    expect(withPageHead('<p>not the page</p>', '<title>New</title>')).toBeNull();
  });
});
