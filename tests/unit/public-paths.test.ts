import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { matchPublicPage as matchPublicPath, PUBLIC_PAGES, ROUTES } from '@/lib/routes/route-table';

/** What React Router's own matcher makes of a path: the first public route that matches, and its parameter. */
function routerMatch(pathname: string) {
  for (const page of PUBLIC_PAGES) {
    const match = matchPath(ROUTES[page].pattern, pathname);
    if (match) return { page, param: Object.values(match.params)[0] };
  }
  return null;
}

describe('matchPublicPath', () => {
  it.each([
    '/',
    '/gallery/public/6f1c2a9e-2b1d-4c3e-9f00-0a1b2c3d4e5f',
    '/gallery/public/6f1c2a9e/',
    '/Gallery/Public/abc',
    '/gallery/6f1c2a9e',
    '/gallery/public',
    '/client/AbC_-123',
    '/client/a%20b',
    '/client/a%2Fb',
    '/client/%E2%82%AC',
    '/client/%ZZ',
    '/client',
    '/client/a/b',
    '/admin',
    '/admin/albums',
    '/unknown/page',
  ])('matches %s as the router does', (pathname) => {
    // The router matches the decoded path (decodeURI per segment, '/' kept encoded).
    const decoded = pathname
      .split('/')
      .map((segment) => {
        try {
          return decodeURIComponent(segment).replace(/\//g, '%2F');
        } catch {
          return segment;
        }
      })
      .join('/');
    const expected = routerMatch(decoded);
    expect(matchPublicPath(pathname)).toEqual(
      expected && { page: expected.page, param: expected.param?.replace(/%2F/g, '/') },
    );
  });

  it('finds each page with its parameter', () => {
    expect(matchPublicPath('/')).toEqual({ page: 'home', param: undefined });
    expect(matchPublicPath('/gallery/public/g1')).toEqual({ page: 'publicGallery', param: 'g1' });
    expect(matchPublicPath('/gallery/a1')).toEqual({ page: 'album', param: 'a1' });
    expect(matchPublicPath('/client/t%20k')).toEqual({ page: 'clientLink', param: 't k' });
    expect(matchPublicPath('/admin/albums')).toBeNull();
  });
});
