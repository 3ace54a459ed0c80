import { beforeAll, describe, expect, it } from 'vitest';
import {
  getGalleryLinkByToken,
  setGalleryContext,
  streamAlbumPhotosByToken,
  validateGalleryPasscode,
} from '@/lib/backend/client-links';
import { listPhotos } from '@/lib/backend/albums';
import { createGalleryLink, generateAccessToken } from '@/lib/backend/gallery-links';
import { FIRST_PAGE_ROWS } from '@/lib/backend/pages';
import { streamPublicAlbumPhotos } from '@/lib/backend/public-galleries-read';
import {
  anonymous,
  backendAs,
  failureOf,
  insertAlbum,
  insertPhoto,
  signedInAdmin,
  sql,
} from './helpers';

/** The pages of a streamed list, as they arrived. */
async function pagesOf<T>(stream: AsyncIterable<T[]>): Promise<T[][]> {
  const pages: T[][] = [];
  for await (const page of stream) pages.push(page);
  return pages;
}
const getAlbumPhotosByToken = async (...args: Parameters<typeof streamAlbumPhotosByToken>) =>
  (await pagesOf(streamAlbumPhotosByToken(...args))).flat();

let albumId: string;
let photoIds: string[];

beforeAll(async () => {
  albumId = await insertAlbum({ name: 'Private session', is_public: false });
  photoIds = [await insertPhoto(albumId), await insertPhoto(albumId)];
});

async function newLink(
  fields: { passcode?: string | null; isActive?: boolean; expiresAt?: string | null } = {},
) {
  const admin = backendAs(await signedInAdmin());
  const token = await generateAccessToken(admin);
  const id = crypto.randomUUID();
  await createGalleryLink(admin, {
    id,
    albumId,
    accessToken: token,
    passcode: fields.passcode ?? null,
    allowDownloads: true,
    expiresAt: fields.expiresAt ?? null,
  });
  if (fields.isActive === false)
    await sql('update public.gallery_links set is_active = false where id = $1', [id]);
  return { id, token };
}

describe('client links', () => {
  it('makes URL-safe tokens of 32 random bytes', async () => {
    const tokens = await Promise.all([1, 2, 3].map(() => generateAccessToken(anonymous())));
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(tokens).size).toBe(3);
  });

  it('opens an unprotected link: album details and photos, never a passcode field', async () => {
    const { id, token } = await newLink();
    const link = await getGalleryLinkByToken(anonymous(), token);
    expect(link).toEqual({
      id,
      album_id: albumId,
      has_passcode: false,
      is_active: true,
      allow_downloads: true,
      expires_at: null,
      album_name: 'Private session',
      album_description: null,
      // No cover chosen (when chosen, an id: its address comes only with the photos).
      photo_layout: 'square',
      allow_favourites: true,
      download_size: 'original',
    });
    expect(await setGalleryContext(anonymous(), token)).toBe(true);
    expect((await getAlbumPhotosByToken(anonymous(), token)).map((photo) => photo.id)).toEqual(
      photoIds,
    );
  });

  it('keeps photos of a protected link behind its passcode, checked by the server', async () => {
    const { token } = await newLink({ passcode: '4321' });
    const link = await getGalleryLinkByToken(anonymous(), token);
    expect(link).toMatchObject({ has_passcode: true });
    expect(JSON.stringify(link)).not.toContain('4321');

    expect(await getAlbumPhotosByToken(anonymous(), token)).toEqual([]);
    expect(await getAlbumPhotosByToken(anonymous(), token, '0000')).toEqual([]);
    expect(await validateGalleryPasscode(anonymous(), token, '0000')).toBe(false);
    expect(await validateGalleryPasscode(anonymous(), token, '4321')).toBe(true);
    expect(await getAlbumPhotosByToken(anonymous(), token, '4321')).toHaveLength(2);
  });

  it('throttles passcode guesses per link and source (more in tests/security/guessing.test.ts)', async () => {
    const { token } = await newLink({ passcode: '8642' });
    for (let guess = 0; guess < 5; guess++) {
      expect(await validateGalleryPasscode(anonymous(), token, String(1000 + guess))).toBe(false);
    }
    const refused = await failureOf(validateGalleryPasscode(anonymous(), token, '8642'));
    expect(refused.message).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(refused.status).toBe(429);
    expect((await failureOf(getAlbumPhotosByToken(anonymous(), token, '8642'))).status).toBe(429);
  });

  it('treats deactivated, expired and unknown links as not found', async () => {
    const inactive = await newLink({ isActive: false });
    const expired = await newLink({ expiresAt: new Date(Date.now() - 60_000).toISOString() });
    const future = await newLink({ expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    for (const token of [inactive.token, expired.token, 'x'.repeat(43)]) {
      expect(await getGalleryLinkByToken(anonymous(), token)).toBeNull();
      expect(await setGalleryContext(anonymous(), token)).toBe(false);
      expect(await getAlbumPhotosByToken(anonymous(), token)).toEqual([]);
      expect(await validateGalleryPasscode(anonymous(), token, '1234')).toBe(false);
    }
    expect(await getGalleryLinkByToken(anonymous(), future.token)).toMatchObject({
      album_id: albumId,
    });
  });

  it('streams every photo of an album longer than one PostgREST answer (1,000 rows), in order, the first page small', async () => {
    const bigAlbum = await insertAlbum({ name: 'Big wedding', is_public: true });
    await sql(
      `insert into public.photos (album_id, filename, file_url, original_filename, file_size, mime_type, created_at)
       select $1::uuid, n || '.jpg', 'http://127.0.0.1/storage/v1/object/public/photos/' || $1::text || '/' || n || '.jpg',
              'IMG_' || lpad(n::text, 4, '0') || '.jpg', 1000, 'image/jpeg', now() + n * interval '1 second'
         from generate_series(1, 1005) as n`,
      [bigAlbum],
    );
    const expected = Array.from(
      { length: 1005 },
      (_, index) => `IMG_${String(index + 1).padStart(4, '0')}.jpg`,
    );
    const admin = backendAs(await signedInAdmin());
    const token = await generateAccessToken(admin);
    await createGalleryLink(admin, {
      id: crypto.randomUUID(),
      albumId: bigAlbum,
      accessToken: token,
      passcode: null,
      allowDownloads: true,
      expiresAt: null,
    });
    // A small first page (the grid's first screens), then the rest up to 1,000 rows at a time.
    for (const pages of [
      await pagesOf(streamAlbumPhotosByToken(anonymous(), token)),
      await pagesOf(streamPublicAlbumPhotos(anonymous(), bigAlbum)),
    ]) {
      expect(pages.map((page) => page.length)).toEqual([FIRST_PAGE_ROWS, 1005 - FIRST_PAGE_ROWS]);
      expect(pages.flat().map((photo) => photo.original_filename)).toEqual(expected);
    }
    expect((await listPhotos(admin, bigAlbum)).map((photo) => photo.original_filename)).toEqual(
      expected,
    );
  });

  it('reads one page of the album in the function, and refuses a page it could not answer whole', async () => {
    const { token } = await newLink();
    const visitor = await anonymous().publicClient();
    const ask = (page: { p_offset?: number; p_limit?: number }) =>
      visitor.rpc('get_album_photos_by_token', { p_access_token: token, ...page });
    const all = (await ask({})).data!.map((photo) => photo.id);
    expect(all).toEqual(photoIds);
    expect((await ask({ p_offset: 1, p_limit: 1 })).data!.map((photo) => photo.id)).toEqual([
      photoIds[1],
    ]);
    expect((await ask({ p_offset: 2, p_limit: 30 })).data).toEqual([]);
    for (const page of [{ p_limit: 0 }, { p_limit: 1001 }, { p_offset: -1, p_limit: 30 }]) {
      const { error, status } = await ask(page);
      expect({ status, message: error?.message }).toEqual({
        status: 400,
        message: 'A page starts at 0 or later and holds 1 to 1000 photos',
      });
    }
  });

  it('does not let a client read links, albums or photos directly', async () => {
    await newLink({ passcode: '1357' });
    const client = await anonymous().publicClient();
    expect((await client.from('gallery_links').select('*')).data).toEqual([]);
    expect((await client.from('albums').select('id').eq('id', albumId)).data).toEqual([]);
    expect((await client.from('photos').select('id').eq('album_id', albumId)).data).toEqual([]);
  });
});
