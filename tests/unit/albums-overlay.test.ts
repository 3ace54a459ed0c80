import { describe, expect, it } from 'vitest';
import type { AdminAlbum, AdminPhoto } from '@/lib/backend/database.types';
import {
  coverPhotoId,
  inOrder,
  overlayAlbums,
  overlayPhotos,
} from '@/features/admin-albums/albums-overlay';
import type { ChangeKind, OutboxItem, OutboxItemOf, PayloadOf } from '@/offline/outbox/registry';

const album = (id: string, created: string, fields: Partial<AdminAlbum> = {}): AdminAlbum => ({
  id,
  name: `Album ${id}`,
  description: null,
  cover_photo_url: null,
  is_public: false,
  visitor_downloads: 'web',
  photo_layout: 'square',
  created_at: created,
  photo_count: 0,
  preview_photo: null,
  ...fields,
});

let seq = 0;
const item = <K extends ChangeKind>(
  kind: K,
  payload: PayloadOf<K>,
  fields: Partial<OutboxItem> = {},
): OutboxItem =>
  ({
    id: `item-${++seq}`,
    seq,
    kind,
    entity: 'x',
    dependsOn: [],
    payload,
    version: 1,
    label: kind,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: Date.parse('2026-11-22T10:00:00Z'),
    ...fields,
  }) as OutboxItemOf<K>;

describe('collections with waiting changes applied', () => {
  const server = [
    album('a', '2026-11-01T00:00:00Z', { photo_count: 2 }),
    album('b', '2026-11-10T00:00:00Z'),
  ];

  it('puts new collections first, marked pending', () => {
    const shown = overlayAlbums(server, [
      item('album.create', { id: 'c', name: 'New', description: null, isPublic: true }),
    ]);
    expect(shown.map((a) => [a.id, a.pending ?? false])).toEqual([
      ['c', true],
      ['b', false],
      ['a', false],
    ]);
    expect(shown[0]).toMatchObject({ name: 'New', is_public: true, photo_count: 0 });
  });

  it('merges edits, drops deletions and counts queued uploads and deletions', () => {
    const shown = overlayAlbums(server, [
      item('album.update', { id: 'a', name: 'Renamed', description: 'Now with words' }),
      item('album.delete', { id: 'b' }),
      item('photo.upload', {
        albumId: 'a',
        photoId: 'p9',
        filename: 'p9.jpg',
        originalFilename: 'nine.jpg',
        mimeType: 'image/jpeg',
        fileSize: 5,
      }),
      item('photo.delete', { id: 'p1', albumId: 'a', objectNames: [] }),
    ]);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      id: 'a',
      name: 'Renamed',
      description: 'Now with words',
      photo_count: 2,
      pending: true,
    });
  });

  it("shows a waiting 'Visitor downloads' choice; a change queued before it existed keeps the server's", () => {
    const original = album('o', '2026-11-05T00:00:00Z', {
      is_public: true,
      visitor_downloads: 'original',
    });
    const shown = overlayAlbums(
      [original, ...server],
      [
        item('album.update', {
          id: 'a',
          name: 'A',
          description: null,
          isPublic: true,
          visitorDownloads: 'off',
        }),
        item('album.update', { id: 'o', name: 'O', description: null }),
        item('album.create', { id: 'n', name: 'New', description: null, isPublic: true }),
      ],
    );
    expect(Object.fromEntries(shown.map((a) => [a.id, a.visitor_downloads]))).toEqual({
      a: 'off',
      o: 'original',
      n: 'web',
      b: 'web',
    });
  });

  it('shows a waiting cover choice on the card at once, the last one winning', () => {
    const shown = overlayAlbums(server, [
      item('album.setCover', { albumId: 'a', photoId: 'p1', coverUrl: '/p1.thumb.webp' }),
      item('album.setCover', { albumId: 'a', photoId: 'p2', coverUrl: '/p2.thumb.webp' }),
    ]);
    expect(shown.find((a) => a.id === 'a')).toMatchObject({
      preview_photo: '/p2.thumb.webp',
      cover_photo_url: '/p2.thumb.webp',
      pending: true,
    });
    expect(shown.find((a) => a.id === 'b')).toMatchObject({ preview_photo: null });
    expect(shown.find((a) => a.id === 'b')?.pending).toBeUndefined();
  });

  it('shows why a change was refused', () => {
    const shown = overlayAlbums(server, [
      item(
        'album.update',
        { id: 'a', name: 'x', description: null },
        { status: 'failed', failure: { kind: 'refused', status: 400, message: 'Album not found' } },
      ),
    ]);
    expect(shown.find((a) => a.id === 'a')?.syncError).toBe('Album not found');
  });
});

describe('photos with waiting uploads applied', () => {
  const photo = (id: string): AdminPhoto => ({
    id,
    album_id: 'a',
    album_name: 'A',
    filename: `${id}.jpg`,
    file_url: `u/${id}`,
    thumb_url: null,
    preview_url: null,
    original_filename: `${id}.jpg`,
    file_size: 1,
    width: 1,
    height: 1,
    mime_type: 'image/jpeg',
    created_at: '2026-11-01T00:00:00Z',
    caption: null,
  });

  it('appends queued uploads of this album with their state, and hides queued deletions', () => {
    const sending = item('photo.upload', {
      photoId: 'p2',
      albumId: 'a',
      filename: 'p2.jpg',
      originalFilename: 'two.jpg',
      mimeType: 'image/jpeg',
      fileSize: 5,
    });
    const failed = item(
      'photo.upload',
      {
        photoId: 'p3',
        albumId: 'a',
        filename: 'p3.jpg',
        originalFilename: 'three.jpg',
        mimeType: 'image/jpeg',
        fileSize: 5,
      },
      {
        status: 'failed',
        failure: { kind: 'refused', status: 400, message: 'mime type image/heic is not supported' },
      },
    );
    const otherAlbum = item('photo.upload', {
      photoId: 'p4',
      albumId: 'b',
      filename: 'p4.jpg',
      originalFilename: 'four.jpg',
      mimeType: 'image/jpeg',
      fileSize: 5,
    });
    const shown = overlayPhotos(
      'a',
      'A',
      [photo('p1'), photo('p0')],
      [
        sending,
        failed,
        otherAlbum,
        item('photo.delete', { id: 'p0', albumId: 'a', objectNames: [] }),
      ],
      sending.id,
    );
    expect(shown.map((p) => [p.id, p.uploadState])).toEqual([
      ['p1', undefined],
      ['p2', 'sending'],
      ['p3', 'failed'],
    ]);
    expect(shown[2]!.syncError).toBe('mime type image/heic is not supported');
  });

  it('does not show an upload twice once the server has it', () => {
    const done = item('photo.upload', {
      photoId: 'p1',
      albumId: 'a',
      filename: 'p1.jpg',
      originalFilename: 'p1.jpg',
      mimeType: 'image/jpeg',
      fileSize: 1,
    });
    expect(overlayPhotos('a', 'A', [photo('p1')], [done], null)).toHaveLength(1);
  });

  it('applies the last waiting order of this album; photos it does not name follow in their order', () => {
    const upload = item('photo.upload', {
      photoId: 'p9',
      albumId: 'a',
      filename: 'p9.jpg',
      originalFilename: 'nine.jpg',
      mimeType: 'image/jpeg',
      fileSize: 5,
    });
    const server = [photo('p1'), photo('p2'), photo('p3'), photo('p4')];
    const shown = overlayPhotos(
      'a',
      'A',
      server,
      [
        item('album.reorderPhotos', { albumId: 'a', photoIds: ['p2', 'p1', 'p3'] }),
        upload,
        item('album.reorderPhotos', { albumId: 'a', photoIds: ['p3', 'p1', 'p2'] }),
        item('album.reorderPhotos', { albumId: 'b', photoIds: ['p4'] }),
      ],
      null,
    );
    expect(shown.map((p) => p.id)).toEqual(['p3', 'p1', 'p2', 'p4', 'p9']);
  });

  it('orders as the server does: first mention counts, unknown ids are skipped', () => {
    const rows = ['a', 'b', 'c', 'd'].map((id) => ({ id }));
    expect(inOrder(rows, ['c', 'gone', 'a', 'c']).map((row) => row.id)).toEqual([
      'c',
      'a',
      'b',
      'd',
    ]);
    expect(inOrder(rows, []).map((row) => row.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('marks the cover: a waiting choice, else the chosen one, else the first photo on the server', () => {
    const upload = item('photo.upload', {
      photoId: 'p0',
      albumId: 'a',
      filename: 'p0.jpg',
      originalFilename: 'zero.jpg',
      mimeType: 'image/jpeg',
      fileSize: 5,
    });
    const shown = overlayPhotos('a', 'A', [photo('p1'), photo('p2')], [upload], null);
    const ordered = [shown[1]!, shown[0]!, shown[2]!]; // p2, p1, the upload
    expect(coverPhotoId('a', null, ordered, [])).toBe('p2');
    expect(coverPhotoId('a', 'p1', ordered, [])).toBe('p1');
    // A chosen photo that is gone: the first again.
    expect(coverPhotoId('a', 'gone', ordered, [])).toBe('p2');
    expect(
      coverPhotoId('a', 'p2', ordered, [
        item('album.setCover', { albumId: 'a', photoId: 'p1', coverUrl: null }),
      ]),
    ).toBe('p1');
    expect(
      coverPhotoId('a', 'p1', ordered, [
        item('album.setCover', { albumId: 'a', photoId: null, coverUrl: null }),
      ]),
    ).toBe('p2');
    expect(
      coverPhotoId('a', 'p1', ordered, [
        item('album.setCover', { albumId: 'b', photoId: 'p2', coverUrl: null }),
      ]),
    ).toBe('p1');
    // Only an upload in the collection: no cover yet.
    expect(coverPhotoId('a', null, [shown[2]!], [])).toBeNull();
  });
});
