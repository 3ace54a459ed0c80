import { describe, expect, it } from 'vitest';
import { matchPublicPage as matchPublicPath } from '@/lib/routes/route-table';

// The rules the site's addresses were published under (React Router's, which the app used
// until it moved to wouter; these answers were its matchPath's): a trailing slash ignored,
// fixed segments case-insensitive, the parameter one decoded segment.
describe('matchPublicPath', () => {
  it.each([
    ['/', { page: 'home', param: undefined }],
    [
      '/gallery/public/6f1c2a9e-2b1d-4c3e-9f00-0a1b2c3d4e5f',
      { page: 'publicGallery', param: '6f1c2a9e-2b1d-4c3e-9f00-0a1b2c3d4e5f' },
    ],
    ['/gallery/public/6f1c2a9e/', { page: 'publicGallery', param: '6f1c2a9e' }],
    ['/Gallery/Public/abc', { page: 'publicGallery', param: 'abc' }],
    ['/gallery/6f1c2a9e', { page: 'album', param: '6f1c2a9e' }],
    ['/gallery/public', { page: 'album', param: 'public' }],
    ['/client/AbC_-123', { page: 'clientLink', param: 'AbC_-123' }],
    ['/client/a%20b', { page: 'clientLink', param: 'a b' }],
    ['/client/a%2Fb', { page: 'clientLink', param: 'a/b' }],
    ['/client/%E2%82%AC', { page: 'clientLink', param: '€' }],
    ['/client/%ZZ', { page: 'clientLink', param: '%ZZ' }],
    ['/client', null],
    ['/client/a/b', null],
    ['/admin', null],
    ['/admin/albums', null],
    ['/unknown/page', null],
  ])('matches %s as the site always has', (pathname, expected) => {
    expect(matchPublicPath(pathname)).toEqual(expected);
  });

  it('finds each page with its parameter', () => {
    expect(matchPublicPath('/')).toEqual({ page: 'home', param: undefined });
    expect(matchPublicPath('/gallery/public/g1')).toEqual({ page: 'publicGallery', param: 'g1' });
    expect(matchPublicPath('/gallery/a1')).toEqual({ page: 'album', param: 'a1' });
    expect(matchPublicPath('/client/t%20k')).toEqual({ page: 'clientLink', param: 't k' });
    expect(matchPublicPath('/admin/albums')).toBeNull();
  });
});
