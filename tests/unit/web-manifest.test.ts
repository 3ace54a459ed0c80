import { describe, expect, it } from 'vitest';
import {
  ADMIN_MANIFEST_PATH,
  isAdminPath,
  manifestHref,
  PUBLIC_MANIFEST_PATH,
} from '@/lib/routes/route-table';

describe('manifestHref', () => {
  it.each([
    ['/admin', ADMIN_MANIFEST_PATH],
    ['/admin/', ADMIN_MANIFEST_PATH],
    ['/admin/dashboard', ADMIN_MANIFEST_PATH],
    ['/admin/albums/6f1c2a9e-2b1d-4c3e-9f00-0a1b2c3d4e5f', ADMIN_MANIFEST_PATH],
    ['/admin/no-such-screen', ADMIN_MANIFEST_PATH],
    ['/ADMIN/Albums', ADMIN_MANIFEST_PATH],
    ['/%61dmin/albums', ADMIN_MANIFEST_PATH],
    ['/', PUBLIC_MANIFEST_PATH],
    ['/gallery/public/6f1c2a9e', PUBLIC_MANIFEST_PATH],
    ['/gallery/6f1c2a9e', PUBLIC_MANIFEST_PATH],
    ['/client/AbC_-123', PUBLIC_MANIFEST_PATH],
    ['/client/admin', PUBLIC_MANIFEST_PATH],
    ['/administrator', PUBLIC_MANIFEST_PATH],
    ['/admin-area', PUBLIC_MANIFEST_PATH],
    ['/admin%2Fdashboard', PUBLIC_MANIFEST_PATH],
    ['/no-such-page', PUBLIC_MANIFEST_PATH],
    ['/%ZZ', PUBLIC_MANIFEST_PATH],
  ])('%s → %s', (pathname, href) => {
    expect(manifestHref(pathname)).toBe(href);
  });

  it.each([
    ['/admin', true],
    ['/admin/', true],
    ['/admin/albums', true],
    ['/Admin/Links', true],
    ['/administrator', false],
    ['/admin-x', false],
    ['/', false],
    ['/client/admin', false],
    ['/gallery/admin', false],
  ])('calls %s the admin area: %s', (pathname, admin) => {
    expect(isAdminPath(pathname)).toBe(admin);
  });

  it('names the files the build writes', () => {
    expect([PUBLIC_MANIFEST_PATH, ADMIN_MANIFEST_PATH]).toEqual([
      '/manifest.webmanifest',
      '/admin.webmanifest',
    ]);
  });
});
