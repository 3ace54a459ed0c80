import { describe, expect, it } from 'vitest';
import type {
  AdminAlbumSimple,
  AdminPhoto,
  AdminPublicGallery,
} from '@/lib/backend/database.types';
import { newChange } from '@/offline/outbox/registry';
import { overlayGalleries } from '@/features/admin-public-galleries/galleries-overlay';
import { pendingGalleryPhotoIds } from '@/offline/outbox/kinds/galleries';
import {
  overlayPickerAlbums,
  overlayPickerPhotos,
  toggleSelection,
} from '@/features/admin-public-galleries/picker-overlay';
import { queued } from './queued-change';

const gallery = (
  id: string,
  createdAt: string,
  extra: Partial<AdminPublicGallery> = {},
): AdminPublicGallery => ({
  id,
  title: `Gallery ${id}`,
  description: null,
  is_active: true,
  visitor_downloads: 'web',
  photo_layout: 'square',
  created_at: createdAt,
  photo_count: 2,
  cover_photo_url: `http://x/storage/v1/object/public/photos/a/${id}.jpg`,
  ...extra,
});

describe('overlayGalleries', () => {
  const server = [
    gallery('older', '2026-11-01T00:00:00Z'),
    gallery('newer', '2026-11-20T00:00:00Z'),
  ];

  it('shows the server list newest first when nothing waits', () => {
    expect(overlayGalleries(server, []).map((shown) => [shown.id, shown.pending])).toEqual([
      ['newer', undefined],
      ['older', undefined],
    ]);
  });

  it('puts a gallery created offline first, marked pending, counting its photos', () => {
    const save = queued(
      newChange('gallery.save', {
        id: 'fresh',
        isNew: true,
        title: 'Weddings',
        description: null,
        isActive: true,
        photoIds: ['p1', 'p2', 'p3'],
      }),
    );
    const [first, ...rest] = overlayGalleries(server, [save]);
    expect(first).toMatchObject({
      id: 'fresh',
      title: 'Weddings',
      photo_count: 3,
      is_active: true,
      pending: true,
      cover_photo_url: null,
    });
    expect(rest.map((shown) => shown.id)).toEqual(['newer', 'older']);
  });

  it('merges a waiting edit, keeping the cover and the place in the list, and shows a refusal', () => {
    const edit = queued(
      newChange('gallery.save', {
        id: 'older',
        isNew: false,
        title: 'Renamed',
        description: 'Now with words',
        isActive: false,
        photoIds: ['p9'],
      }),
      { status: 'failed', failure: { kind: 'refused', status: 400, message: 'Title is required' } },
    );
    const shown = overlayGalleries(server, [edit]);
    expect(shown.map((item) => item.id)).toEqual(['newer', 'older']);
    expect(shown[1]).toMatchObject({
      title: 'Renamed',
      description: 'Now with words',
      is_active: false,
      photo_count: 1,
      created_at: '2026-11-01T00:00:00Z',
      cover_photo_url: server[0]!.cover_photo_url,
      pending: true,
      syncError: 'Title is required',
    });
  });

  it('drops the cover of a gallery emptied offline, and hides deleted galleries', () => {
    const emptied = queued(
      newChange('gallery.save', {
        id: 'newer',
        isNew: false,
        title: 'x',
        description: null,
        isActive: true,
        photoIds: [],
      }),
    );
    const deleted = queued(newChange('gallery.delete', { id: 'older', title: 'Gallery older' }));
    const shown = overlayGalleries(server, [emptied, deleted]);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ id: 'newer', cover_photo_url: null, photo_count: 0 });
  });

  it('ignores changes of other areas', () => {
    expect(
      overlayGalleries(server, [queued(newChange('album.delete', { id: 'older', name: 'x' }))]),
    ).toHaveLength(2);
  });
});

describe('pendingGalleryPhotoIds', () => {
  it('gives the photos of the latest waiting save of that gallery only', () => {
    const items = [
      queued(
        newChange('gallery.save', {
          id: 'g1',
          isNew: true,
          title: 'a',
          description: null,
          isActive: true,
          photoIds: ['p1'],
        }),
      ),
      queued(
        newChange('gallery.save', {
          id: 'g2',
          isNew: true,
          title: 'b',
          description: null,
          isActive: true,
          photoIds: ['p7'],
        }),
      ),
      queued(
        newChange('gallery.save', {
          id: 'g1',
          isNew: false,
          title: 'a',
          description: null,
          isActive: true,
          photoIds: ['p3', 'p1'],
        }),
      ),
    ];
    expect(pendingGalleryPhotoIds('g1', items)).toEqual(['p3', 'p1']);
    expect(pendingGalleryPhotoIds('g3', items)).toBeUndefined();
  });
});

const album = (
  id: string,
  name: string,
  photoCount: number,
  createdAt = '2026-11-01T00:00:00Z',
): AdminAlbumSimple => ({
  id,
  name,
  photo_count: photoCount,
  created_at: createdAt,
});
const photo = (id: string, albumId: string, albumName: string, createdAt: string): AdminPhoto => ({
  id,
  album_id: albumId,
  album_name: albumName,
  filename: `${id}.jpg`,
  file_url: `http://x/storage/v1/object/public/photos/${albumId}/${id}.jpg`,
  thumb_url: null,
  preview_url: null,
  original_filename: `${id}.jpg`,
  file_size: 1000,
  width: 10,
  height: 10,
  mime_type: 'image/jpeg',
  created_at: createdAt,
  caption: null,
});
const upload = (photoId: string, albumId: string) =>
  newChange('photo.upload', {
    photoId,
    albumId,
    filename: `${photoId}.jpg`,
    originalFilename: `${photoId}-original.jpg`,
    mimeType: 'image/jpeg',
    fileSize: 5,
  });

describe('overlayPickerAlbums', () => {
  it('orders by name and counts queued uploads, deletions and collections made offline', () => {
    const server = [album('b', 'beach', 2), album('a', 'Autumn', 1)];
    const items = [
      queued(newChange('album.create', { id: 'c', name: 'Christmas', description: null })),
      queued(upload('u1', 'c')),
      queued(upload('u2', 'a')),
      queued(
        newChange('photo.delete', { id: 'p1', albumId: 'b', filename: 'p1.jpg', name: 'p1.jpg' }),
      ),
      queued(newChange('album.update', { id: 'b', name: 'Beach Day', description: null })),
    ];
    expect(
      overlayPickerAlbums(server, items).map((shown) => [shown.name, shown.photo_count]),
    ).toEqual([
      ['Autumn', 2],
      ['Beach Day', 1],
      ['Christmas', 1],
    ]);
  });

  it('hides collections deleted offline', () => {
    const items = [queued(newChange('album.delete', { id: 'a', name: 'Autumn' }))];
    expect(overlayPickerAlbums([album('a', 'Autumn', 1)], items)).toEqual([]);
  });
});

describe('overlayPickerPhotos', () => {
  const albums = [album('a', 'Autumn', 2), album('b', 'Beach', 1)];
  const server = [
    photo('b1', 'b', 'Beach', '2026-11-01T00:00:00Z'),
    photo('a2', 'a', 'Autumn', '2026-11-02T00:00:00Z'),
    photo('a1', 'a', 'Autumn', '2026-11-01T00:00:00Z'),
  ];

  it('lists photos album by album in the filter order, oldest first within one', () => {
    expect(overlayPickerPhotos(albums, server, []).map((shown) => shown.id)).toEqual([
      'a1',
      'a2',
      'b1',
    ]);
  });

  it('adds queued uploads with their album name and drops queued deletions and photos of gone albums', () => {
    const items = [
      queued(upload('new', 'b')),
      queued(
        newChange('photo.delete', { id: 'a2', albumId: 'a', filename: 'a2.jpg', name: 'a2.jpg' }),
      ),
    ];
    const shown = overlayPickerPhotos([albums[1]!], server, items);
    expect(shown.map((item) => [item.id, item.album_name, item.pending])).toEqual([
      ['b1', 'Beach', undefined],
      ['new', 'Beach', true],
    ]);
    expect(shown[1]).toMatchObject({
      original_filename: 'new-original.jpg',
      file_url: '',
      thumb_url: null,
    });
  });

  it('does not list an upload twice once the server has it', () => {
    const items = [queued(upload('b1', 'b'))];
    expect(
      overlayPickerPhotos(albums, server, items).filter((shown) => shown.id === 'b1'),
    ).toHaveLength(1);
  });
});

describe('toggleSelection', () => {
  it('keeps the order photos were picked in, and unpicks', () => {
    let selected: string[] = [];
    for (const id of ['c', 'a', 'b']) selected = toggleSelection(selected, id);
    expect(selected).toEqual(['c', 'a', 'b']);
    selected = toggleSelection(selected, 'a');
    expect(selected).toEqual(['c', 'b']);
    expect(toggleSelection(selected, 'a')).toEqual(['c', 'b', 'a']);
  });
});
