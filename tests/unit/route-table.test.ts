import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  keptOutOfSearch,
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
    // The parameters are named as the screens read them (useParams).
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

  it.each(names.flatMap((name) => ROUTES[name].examples.map((example) => [name, example])))(
    "%s's example %s is the route React Router matches too",
    (name, example) => {
      const decoded = example
        .split('/')
        .map((segment) => {
          try {
            return decodeURIComponent(segment);
          } catch {
            return segment;
          }
        })
        .join('/');
      expect(matchPath({ path: ROUTES[name as RouteName].pattern, end: true }, decoded)).not.toBe(
        null,
      );
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
