import { beforeAll, describe, expect, it } from 'vitest';
import {
  addPhoto,
  createAlbum,
  deleteAlbum,
  deletePhoto,
  getAlbum,
  listAlbums,
  listAlbumsSimple,
  listPhotos,
  updateAlbum,
  type PhotoRecord,
} from '@/lib/backend/albums';
import type { Backend } from '@/lib/backend/client';
import { getDashboardStats } from '@/lib/backend/dashboard';
import {
  createPublicGallery,
  deletePublicGallery,
  listGalleryPhotoIds,
  listPublicGalleries,
  setGalleryPhotos,
  updatePublicGallery,
} from '@/lib/backend/public-galleries';
import { readSiteSettings, saveSiteSettings } from '@/lib/backend/site-settings';
import { backendAs, failureOf, signedInAdmin, sql, uniqueName } from './helpers';
import { workerStack } from '../support/stack-context';

let admin: Backend;
beforeAll(async () => {
  admin = backendAs(await signedInAdmin());
});

/** How the database keeps a photo URL: the path on the backend, without its host (docs/SECURITY.md). */
const stored = (url: string | null) => (url === null ? null : new URL(url).pathname);

function photoRecord(albumId: string, overrides: Partial<PhotoRecord> = {}): PhotoRecord {
  const id = crypto.randomUUID();
  const base = `${workerStack().url}/storage/v1/object/public/photos/${albumId}/${id}`;
  return {
    id,
    albumId,
    filename: `${id}.jpg`,
    originalFilename: 'IMG_0042.jpg',
    // Absolute, as a caller may send it; stored as a path. The original is in the private bucket.
    fileUrl: `${workerStack().url}/storage/v1/object/authenticated/originals/${albumId}/${id}.jpg`,
    thumbUrl: `${base}.thumb.webp`,
    previewUrl: `${base}.preview.webp`,
    fileSize: 2_400_000,
    width: 6000,
    height: 4000,
    mimeType: 'image/jpeg',
    ...overrides,
  };
}

describe('collections', () => {
  it('creates an album once even when the call is replayed, and lists it newest first', async () => {
    const id = crypto.randomUUID();
    const name = uniqueName('Smith Family');
    expect(await createAlbum(admin, id, { name, description: 'Autumn in the park' })).toBe(id);
    expect(await createAlbum(admin, id, { name, description: 'Autumn in the park' })).toBe(id);
    expect(
      await sql('select name, description, is_public from public.albums where id = $1', [id]),
    ).toEqual([{ name, description: 'Autumn in the park', is_public: false }]);
    const albums = await listAlbums(admin);
    expect(albums[0]).toMatchObject({ id, name, photo_count: 0, preview_photo: null });
    expect((await listAlbumsSimple(admin)).find((album) => album.id === id)).toMatchObject({
      name,
      photo_count: 0,
    });
  });

  it("refuses a blank name with 'Collection name is required' and saves an empty description as null", async () => {
    const refused = await failureOf(
      createAlbum(admin, crypto.randomUUID(), { name: '   ', description: null }),
    );
    expect(refused.message).toBe('Collection name is required');
    const id = crypto.randomUUID();
    await createAlbum(admin, id, { name: 'Trimmed  ', description: '  ' });
    expect(await sql('select name, description from public.albums where id = $1', [id])).toEqual([
      { name: 'Trimmed', description: null },
    ]);
  });

  it('updates name, description and visibility, and reports a missing album', async () => {
    const id = crypto.randomUUID();
    await createAlbum(admin, id, { name: 'Before', description: null });
    await updateAlbum(admin, id, { name: 'After', description: 'Now described', isPublic: true });
    expect(await getAlbum(admin, id)).toMatchObject({
      name: 'After',
      description: 'Now described',
      is_public: true,
      photo_count: 0,
    });
    await updateAlbum(admin, id, { name: 'After again', description: null });
    expect(await getAlbum(admin, id)).toMatchObject({ is_public: true });
    expect(await getAlbum(admin, crypto.randomUUID())).toBeNull();
    expect(
      (await failureOf(updateAlbum(admin, crypto.randomUUID(), { name: 'x', description: null })))
        .message,
    ).toBe('Album not found');
  });

  it('records photos idempotently, counts them, and makes the first one the cover', async () => {
    const albumId = crypto.randomUUID();
    await createAlbum(admin, albumId, { name: uniqueName('Wedding'), description: null });
    const first = photoRecord(albumId);
    const second = photoRecord(albumId, { width: 4000, height: 6000 });
    await addPhoto(admin, first);
    await addPhoto(admin, first);
    await addPhoto(admin, second);

    const photos = await listPhotos(admin, albumId);
    expect(photos.map((photo) => photo.id)).toEqual([first.id, second.id]);
    expect(photos[0]).toMatchObject({
      original_filename: 'IMG_0042.jpg',
      file_size: 2_400_000,
      width: 6000,
      height: 4000,
    });
    expect(await getAlbum(admin, albumId)).toMatchObject({
      photo_count: 2,
      cover_photo_url: stored(first.thumbUrl),
    });
    expect((await listAlbums(admin)).find((album) => album.id === albumId)).toMatchObject({
      photo_count: 2,
      preview_photo: stored(first.thumbUrl),
    });
  });

  it('refuses photo URLs outside the album folder', async () => {
    const albumId = crypto.randomUUID();
    await createAlbum(admin, albumId, { name: uniqueName('Elsewhere'), description: null });
    const stray = photoRecord(albumId, {
      fileUrl: 'https://evil.example/storage/v1/object/public/photos/other/x.jpg',
    });
    const refusal =
      "Photo URLs must point to the album's folder in storage (the original in bucket originals)";
    expect((await failureOf(addPhoto(admin, stray))).message).toBe(refusal);
    // An original in the public bucket is refused too: originals are private (docs/SECURITY.md class 6).
    const publicOriginal = photoRecord(albumId);
    expect(
      (
        await failureOf(
          addPhoto(admin, {
            ...publicOriginal,
            fileUrl: publicOriginal.thumbUrl!.replace('.thumb.webp', '.jpg'),
          }),
        )
      ).message,
    ).toBe(refusal);
    expect((await failureOf(addPhoto(admin, photoRecord(crypto.randomUUID())))).message).toBe(
      'Album not found',
    );
  });

  it('deleting a photo removes it from galleries and moves the cover on', async () => {
    const albumId = crypto.randomUUID();
    await createAlbum(admin, albumId, { name: uniqueName('Portraits'), description: null });
    const first = photoRecord(albumId);
    const second = photoRecord(albumId);
    await addPhoto(admin, first);
    await addPhoto(admin, second);
    const galleryId = crypto.randomUUID();
    await createPublicGallery(admin, galleryId, {
      title: 'Best of',
      description: null,
      isActive: true,
    });
    await setGalleryPhotos(admin, galleryId, [first.id, second.id]);

    await deletePhoto(admin, first.id, []);
    expect((await listPhotos(admin, albumId)).map((photo) => photo.id)).toEqual([second.id]);
    expect(await listGalleryPhotoIds(admin, galleryId)).toEqual([second.id]);
    expect(await getAlbum(admin, albumId)).toMatchObject({
      cover_photo_url: stored(second.thumbUrl),
      photo_count: 1,
    });
    await deletePhoto(admin, first.id, []); // a replay changes nothing
  });

  it('admin_delete_photo returns the storage objects to remove', async () => {
    const albumId = crypto.randomUUID();
    await createAlbum(admin, albumId, { name: uniqueName('Paths'), description: null });
    const photo = photoRecord(albumId);
    await addPhoto(admin, photo);
    const { p_username, p_token } = {
      p_username: admin.credentials()!.username,
      p_token: admin.credentials()!.token,
    };
    const { data } = await admin.adminClient.rpc('admin_delete_photo', {
      p_username,
      p_token,
      p_photo_id: photo.id,
    });
    expect([...(data as string[])].sort()).toEqual(
      [
        `${albumId}/${photo.id}.jpg`,
        `${albumId}/${photo.id}.thumb.webp`,
        `${albumId}/${photo.id}.preview.webp`,
      ].sort(),
    );
  });

  it('deleting an album removes it with its photos and links', async () => {
    const albumId = crypto.randomUUID();
    await createAlbum(admin, albumId, { name: uniqueName('Gone'), description: null });
    await addPhoto(admin, photoRecord(albumId));
    await sql(
      `insert into public.gallery_links (album_id, access_token) values ($1, repeat('z', 40) || substr(md5(random()::text), 1, 8))`,
      [albumId],
    );
    await deleteAlbum(admin, albumId);
    expect(await getAlbum(admin, albumId)).toBeNull();
    expect(
      await sql(
        'select 1 from public.photos where album_id = $1 union all select 1 from public.gallery_links where album_id = $1',
        [albumId],
      ),
    ).toEqual([]);
    await deleteAlbum(admin, albumId);
  });

  it('counts collections, photos and links on the dashboard', async () => {
    const before = await getDashboardStats(admin);
    const albumId = crypto.randomUUID();
    await createAlbum(admin, albumId, { name: uniqueName('Counted'), description: null });
    await addPhoto(admin, photoRecord(albumId));
    const after = await getDashboardStats(admin);
    expect(after.albums - before.albums).toBeGreaterThanOrEqual(1);
    expect(after.photos - before.photos).toBeGreaterThanOrEqual(1);
    const [counts] = await sql<{ albums: number; photos: number; links: number }>(
      `select (select count(*)::int from public.albums) as albums, (select count(*)::int from public.photos) as photos,
              (select count(*)::int from public.gallery_links) as links`,
    );
    const now = await getDashboardStats(admin);
    expect(now).toEqual({
      albums: counts!.albums,
      photos: counts!.photos,
      gallery_links: counts!.links,
    });
  });
});

describe('public galleries', () => {
  it('creates (idempotently), edits, sets photos in order, lists and deletes', async () => {
    const albumId = crypto.randomUUID();
    await createAlbum(admin, albumId, { name: uniqueName('Source'), description: null });
    const photos = [photoRecord(albumId), photoRecord(albumId), photoRecord(albumId)];
    for (const photo of photos) await addPhoto(admin, photo);

    const id = crypto.randomUUID();
    await createPublicGallery(admin, id, { title: 'Golden hour', description: '', isActive: true });
    await createPublicGallery(admin, id, { title: 'Golden hour', description: '', isActive: true });
    expect(
      await sql('select title, description, is_active from public.public_galleries where id = $1', [
        id,
      ]),
    ).toEqual([{ title: 'Golden hour', description: null, is_active: true }]);

    await setGalleryPhotos(admin, id, [photos[2]!.id, photos[0]!.id]);
    expect(await listGalleryPhotoIds(admin, id)).toEqual([photos[2]!.id, photos[0]!.id]);
    // Setting again replaces: dropped photos leave, the order follows the list.
    await setGalleryPhotos(admin, id, [photos[0]!.id, photos[1]!.id]);
    expect(await listGalleryPhotoIds(admin, id)).toEqual([photos[0]!.id, photos[1]!.id]);

    await updatePublicGallery(admin, id, {
      title: 'Golden hours',
      description: 'Summer evenings',
      isActive: false,
    });
    expect((await listPublicGalleries(admin)).find((gallery) => gallery.id === id)).toMatchObject({
      title: 'Golden hours',
      description: 'Summer evenings',
      is_active: false,
      photo_count: 2,
      cover_photo_url: stored(photos[0]!.thumbUrl),
    });

    await deletePublicGallery(admin, id);
    expect(await sql('select 1 from public.public_galleries where id = $1', [id])).toEqual([]);
    expect(await sql('select 1 from public.photos where album_id = $1', [albumId])).toHaveLength(3);
  });

  it("refuses a blank title with 'Title is required'", async () => {
    const refused = await failureOf(
      createPublicGallery(admin, crypto.randomUUID(), {
        title: ' ',
        description: null,
        isActive: true,
      }),
    );
    expect(refused.message).toBe('Title is required');
  });
});

describe('site settings', () => {
  it('saves all settings at once and reads them back', async () => {
    const original = await readSiteSettings(admin);
    await saveSiteSettings(admin, {
      ...original,
      primary_color: '#AA3355',
      hero_background_blur: '7',
      background_style: 'dreamy',
    });
    expect(await readSiteSettings(admin)).toMatchObject({
      primary_color: '#AA3355',
      hero_background_blur: '7',
      background_style: 'dreamy',
    });
    await saveSiteSettings(admin, original);
    expect(await readSiteSettings(admin)).toEqual(original);
  });

  it('refuses values outside the spec and keeps the saved ones', async () => {
    const original = await readSiteSettings(admin);
    const cases: Array<[Record<string, string>, string]> = [
      [{ primary_color: 'pink' }, 'Colours must be hex values like #E8C4C4'],
      [{ hero_background_blur: '21' }, 'Hero blur must be between 0 and 20'],
      [{ hero_background_opacity: '101' }, 'Hero opacity must be between 0 and 100'],
      [{ background_style: 'neon' }, 'Unknown background style'],
      [{ heading_font: 'Comic Sans' }, 'Unknown heading font'],
      [{ contact_method: 'fax' }, 'Unknown contact method'],
      [
        { hero_background_image: 'javascript:alert(1)' },
        'The hero image must be an http(s) address or a path on this site',
      ],
      [{ favourite_colour: 'red' }, 'Unknown setting: favourite_colour'],
    ];
    for (const [settings, message] of cases) {
      expect((await failureOf(saveSiteSettings(admin, { ...original, ...settings }))).message).toBe(
        message,
      );
    }
    expect(await readSiteSettings(admin)).toEqual(original);
  });
});
