import Dexie from 'dexie';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClientLink, ClientPhoto } from '@/lib/backend/database.types';

/**
 * What a client's device remembers of an album it opened (src/offline/visitors): the list in
 * parts, replaced whole, read back in order, forgotten with the link, and a list kept by the
 * version before parts moved into them when the device opens the database again. Isolated
 * (tests/unit/isolated-files.ts): the first test makes the older database before the module
 * opens it.
 */

const link: ClientLink = {
  id: 'link-1',
  album_id: 'album-1',
  album_name: 'Harbour Wedding',
  album_description: null,
  allow_downloads: true,
  allow_favourites: true,
  download_size: 'original',
  expires_at: null,
  has_passcode: true,
  is_active: true,
  photo_layout: 'square',
};

const photos = (count: number, from = 0): ClientPhoto[] =>
  Array.from({ length: count }, (_, index) => {
    const id = `photo-${String(from + index).padStart(5, '0')}`;
    return {
      id,
      album_id: 'album-1',
      caption: null,
      created_at: '2026-11-28T10:00:00Z',
      file_size: 4_200_000,
      file_url: `originals/album-1/${id}.jpg`,
      filename: `${id}.jpg`,
      height: 2000,
      width: 3000,
      mime_type: 'image/jpeg',
      original_filename: `IMG_${from + index}.jpg`,
      preview_url: `photos/album-1/${id}-preview.webp`,
      thumb_url: `photos/album-1/${id}-thumb.webp`,
    };
  });

const store = () => import('@/offline/visitors/offline-albums');
const database = async () => (await import('@/offline/visitors/visitor-db')).db();

describe('albums remembered for offline', () => {
  beforeAll(async () => {
    // A device that remembered an album with the version before parts: the list in the album.
    const older = new Dexie('photo-site-visitor');
    older.version(2).stores({ albums: 'token', favourites: 'token' });
    await older.table('albums').put({
      token: 'older-token',
      link,
      passcode: '4821',
      photos: photos(1_234),
      openedAt: 1,
      saved: { at: 2, bytes: 3 },
    });
    older.close();
  });

  it('moves a list kept whole by the older version into parts, every photo kept in order', async () => {
    const { readOfflineAlbum, readOfflineAlbumPhotos } = await store();
    const album = await readOfflineAlbum('older-token');
    expect(album).toMatchObject({
      passcode: '4821',
      saved: { at: 2, bytes: 3 },
      photoCount: 1_234,
    });
    expect(album).not.toHaveProperty('photos');
    expect(await readOfflineAlbumPhotos('older-token')).toEqual(photos(1_234));
    const parts = await (await database()).albumParts.toArray();
    expect(parts.map((part) => [part.part, part.photos.length])).toEqual([
      [0, 500],
      [1, 500],
      [2, 234],
    ]);
  });

  it('replaces a list whole and keeps whether the album was saved', async () => {
    const { readOfflineAlbum, readOfflineAlbumPhotos, rememberOpenedAlbum } = await store();
    await rememberOpenedAlbum('older-token', link, '4821', photos(600, 7));
    expect(await readOfflineAlbumPhotos('older-token')).toEqual(photos(600, 7));
    expect(await readOfflineAlbum('older-token')).toMatchObject({
      photoCount: 600,
      saved: { at: 2, bytes: 3 },
    });
    // The older generation's three parts are gone: two parts, both of the album's generation.
    const { generation } = (await readOfflineAlbum('older-token'))!;
    const parts = await (await database()).albumParts.toArray();
    expect(parts.map((part) => [part.generation === generation, part.photos.length])).toEqual([
      [true, 500],
      [true, 100],
    ]);
  });

  it('keeps the list it had when a write stopped halfway, and drops the stray parts next time', async () => {
    const { readOfflineAlbumPhotos, rememberOpenedAlbum } = await store();
    // A tab closed after writing one part of a new list.
    await (
      await database()
    ).albumParts.put({ token: 'older-token', generation: 'cut-short', part: 0, photos: photos(3) });
    expect(await readOfflineAlbumPhotos('older-token')).toEqual(photos(600, 7));

    await rememberOpenedAlbum('older-token', link, '4821', photos(2));
    expect(await readOfflineAlbumPhotos('older-token')).toEqual(photos(2));
    const generations = (await (await database()).albumParts.toArray()).map((p) => p.generation);
    expect(generations).toHaveLength(1);
    expect(generations).not.toContain('cut-short');
  });

  it('remembers an album with no photos, and a new link beside it', async () => {
    const { readOfflineAlbumPhotos, rememberOpenedAlbum } = await store();
    await rememberOpenedAlbum('empty-token', link, null, []);
    expect(await readOfflineAlbumPhotos('empty-token')).toEqual([]);
    expect(await readOfflineAlbumPhotos('older-token')).toEqual(photos(2));
    expect(await readOfflineAlbumPhotos('unknown-token')).toBeUndefined();
  });

  it('forgets a link with every part of its list, and its waiting hearts', async () => {
    const { forgetOfflineAlbum, readOfflineAlbum, readOfflineAlbumPhotos } = await store();
    const db = await database();
    await db.favourites.put({ token: 'older-token', name: 'Jane', server: [], pending: {} });
    await forgetOfflineAlbum('older-token', (url) => url);
    expect(await readOfflineAlbum('older-token')).toBeUndefined();
    expect(await readOfflineAlbumPhotos('older-token')).toBeUndefined();
    expect(await db.favourites.get('older-token')).toBeUndefined();
    // No part is left: the other link's list is empty.
    expect((await db.albumParts.toArray()).map((part) => part.token)).toEqual([]);
    expect(await readOfflineAlbumPhotos('empty-token')).toEqual([]);
  });
});
