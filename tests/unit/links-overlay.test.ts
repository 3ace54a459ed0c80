import { describe, expect, it } from 'vitest';
import { overlayAlbumOptions, overlayLinks } from '@/features/admin-links/links-overlay';
import type { AdminGalleryLink } from '@/lib/backend/database.types';
import { newChange } from '@/offline/outbox/registry';
import { adminLink } from './link-fixture';
import { queued } from './queued-change';

const serverLink = (
  id: string,
  createdAt: string,
  extra: Partial<AdminGalleryLink> = {},
): AdminGalleryLink =>
  adminLink({ id, access_token: `token-${id}`.padEnd(43, 'x'), created_at: createdAt, ...extra });

describe('overlayLinks', () => {
  const older = serverLink('a', '2026-11-01T10:00:00.000000+00:00');
  const newer = serverLink('b', '2026-11-10T10:00:00.000000+00:00', {
    album_id: 'album-2',
    album_name: 'Beach Shoot',
  });

  it('shows the server list newest first when nothing waits', () => {
    expect(overlayLinks([older, newer], []).map((link) => link.id)).toEqual(['b', 'a']);
  });

  it('adds a queued link on top, pending, with its token and the collection name', () => {
    const create = queued(
      newChange('link.create', {
        id: 'new',
        albumId: 'album-2',
        accessToken: 'T'.repeat(43),
        passcode: '1234',
        allowDownloads: false,
        expiresAt: '2026-12-22T22:59:59.999Z',
        albumName: 'Beach Shoot',
      }),
    );
    const [first, ...rest] = overlayLinks([older, newer], [create]);
    expect(rest.map((link) => link.id)).toEqual(['b', 'a']);
    expect(first).toMatchObject({
      id: 'new',
      album_id: 'album-2',
      album_name: 'Beach Shoot',
      access_token: 'T'.repeat(43),
      passcode: '1234',
      is_active: true,
      allow_downloads: false,
      expires_at: '2026-12-22T22:59:59.999Z',
      pending: true,
      syncError: undefined,
    });
  });

  it('prefers the current collection name over the one in the label', () => {
    const create = queued(
      newChange('link.create', {
        id: 'new',
        albumId: 'album-9',
        accessToken: 'T'.repeat(43),
        passcode: null,
        allowDownloads: true,
        expiresAt: null,
        albumName: 'Old',
      }),
    );
    expect(overlayLinks([], [create], [{ id: 'album-9', name: 'Renamed' }])[0]?.album_name).toBe(
      'Renamed',
    );
    expect(overlayLinks([], [create])[0]?.album_name).toBe('Old');
  });

  it('merges queued edits and status changes, and marks a refused change', () => {
    const edit = queued(
      newChange('link.update', {
        id: 'a',
        albumName: 'Rivera Family',
        changes: { passcode: '9999', allow_downloads: false, expires_at: null },
      }),
    );
    const off = queued(
      newChange('link.update', {
        id: 'a',
        albumName: 'Rivera Family',
        changes: { is_active: false },
      }),
      {
        status: 'failed',
        failure: { kind: 'refused', status: 400, message: 'Failed to update link status' },
      },
    );
    const shown = overlayLinks([older], [edit, off]).find((link) => link.id === 'a');
    expect(shown).toMatchObject({
      passcode: '9999',
      allow_downloads: false,
      is_active: false,
      pending: true,
      syncError: 'Failed to update link status',
    });
  });

  it('hides links deleted in the outbox, and the links of a deleted collection', () => {
    const removeLink = queued(newChange('link.delete', { id: 'a', albumName: 'Rivera Family' }));
    expect(overlayLinks([older, newer], [removeLink]).map((link) => link.id)).toEqual(['b']);
    const removeAlbum = queued(newChange('album.delete', { id: 'album-2', name: 'Beach Shoot' }));
    expect(overlayLinks([older, newer], [removeAlbum]).map((link) => link.id)).toEqual(['a']);
  });

  it('does not duplicate a link the server already has', () => {
    const create = queued(
      newChange('link.create', {
        id: 'a',
        albumId: 'album-1',
        accessToken: 'T'.repeat(43),
        passcode: null,
        allowDownloads: true,
        expiresAt: null,
        albumName: 'Rivera Family',
      }),
    );
    const shown = overlayLinks([older], [create]);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.pending).toBeUndefined();
  });
});

describe('overlayAlbumOptions', () => {
  const server = [
    { id: 'album-2', name: 'Beach Shoot' },
    { id: 'album-1', name: 'Rivera Family' },
  ];

  it('adds collections created offline first, applies renames and drops deleted ones', () => {
    const created = queued(
      newChange('album.create', { id: 'album-3', name: 'Wedding', description: null }),
    );
    const renamed = queued(
      newChange('album.update', {
        id: 'album-1',
        name: 'Rivera Family (autumn)',
        description: null,
      }),
    );
    const deleted = queued(newChange('album.delete', { id: 'album-2', name: 'Beach Shoot' }));
    expect(overlayAlbumOptions(server, [created, renamed, deleted])).toEqual([
      { id: 'album-3', name: 'Wedding' },
      { id: 'album-1', name: 'Rivera Family (autumn)' },
    ]);
  });

  it('leaves the server list alone when nothing waits', () => {
    expect(overlayAlbumOptions(server, [])).toEqual(server);
  });
});
