import { describe, expect, it } from 'vitest';
import {
  keptOutOfSearch,
  matchPattern,
  matchRoute,
  NOT_FOUND,
  ROBOTS_RULES,
  ROUTES,
  routePath,
  type RouteName,
} from '@/lib/routes/route-table';

const names = Object.keys(ROUTES) as RouteName[];

describe('the route table', () => {
  it('declares every route of SPEC §2', () => {
    // Dropping a route (or adding one) is a change to the site's addresses: this says so.
    expect(names.sort()).toEqual(['admin', 'album', 'clientLink', 'home', 'publicGallery']);
    expect(names.map((name) => ROUTES[name].pattern)).toEqual([
      '/admin/*',
      '/gallery/:id',
      '/client/:accessToken',
      '/',
      '/gallery/public/:id',
    ]);
    expect(names.every((name) => ROUTES[name].examples.length > 0)).toBe(true);
  });

  it.each(names.flatMap((name) => ROUTES[name].examples.map((example) => [name, example])))(
    '%s matches its example %s',
    (name, example) => {
      expect(matchRoute(example).name).toBe(name);
    },
  );

  it.each([
    ['/admin/albums/:id', '/admin/albums/a%20b', { param: 'a b' }],
    ['/admin/albums/:id', '/ADMIN/Albums/a1/', { param: 'a1' }],
    ['/admin/albums/:id', '/admin/albums', null],
    ['/admin/albums/:id', '/admin/albums/a1/photos', null],
    ['/admin', '/admin/', { param: undefined }],
    ['/admin', '/admin/albums', null],
    ['/admin/albums/*', '/admin/albums', { param: undefined }],
    ['/admin/albums/*', '/admin/albums/a1', { param: undefined }],
    ['/admin/albums/*', '/admin/albumsx', null],
  ])(
    'matches the pattern %s against %s (the admin screens and the sidebar)',
    (pattern, path, match) => {
      expect(matchPattern(pattern, path)).toEqual(match);
    },
  );

  it.each(NOT_FOUND.examples)('sends %s to the not-found rule', (pathname) => {
    expect(matchRoute(pathname)).toEqual({ name: 'notFound', param: undefined });
  });

  it('decodes the parameter, and builds each address back', () => {
    expect(matchRoute('/client/a%20b/')).toEqual({ name: 'clientLink', param: 'a b' });
    expect(matchRoute('/gallery/public/g1')).toEqual({ name: 'publicGallery', param: 'g1' });
    expect(routePath('home')).toBe('/');
    expect(routePath('publicGallery', 'g 1')).toBe('/gallery/public/g%201');
    expect(routePath('album', 'a1')).toBe('/gallery/a1');
    expect(routePath('clientLink', 't')).toBe('/client/t');
    expect(routePath('admin')).toBe('/admin');
    for (const name of names) {
      const path = routePath(name, 'x');
      expect(matchRoute(path).name).toBe(name);
    }
  });

  it('keeps the admin area and the client links out of search engines, and robots.txt says so', () => {
    expect(ROBOTS_RULES).toEqual([
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /client/',
      'Allow: /',
    ]);
    expect(
      ['/admin', '/admin/albums', '/client/t', '/client', '/client/a/b'].map(keptOutOfSearch),
    ).toEqual([true, true, true, true, true]);
    expect(
      ['/', '/gallery/g1', '/gallery/public/g1', '/administrator'].map(keptOutOfSearch),
    ).toEqual([false, false, false, false]);
  });
});
