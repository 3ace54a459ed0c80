import { beforeAll, describe, expect, it } from 'vitest';
import {
  deletePhoto,
  getAlbum,
  listAlbums,
  listPhotos,
  setAlbumCover,
  setAlbumPhotoOrder,
} from '@/lib/backend/albums';
import type { Backend } from '@/lib/backend/client';
import { getAlbumCoverByToken, streamAlbumPhotosByToken } from '@/lib/backend/client-links';
import {
  addPhotosToGallery,
  createPublicGallery,
  listGalleryPhotoIds,
  setGalleryPhotos,
} from '@/lib/backend/public-galleries';
import { createGalleryLink, generateAccessToken } from '@/lib/backend/gallery-links';
import { readHomeAlbums } from '@/lib/backend/home-page';
import { streamPublicAlbumPhotos } from '@/lib/backend/public-galleries-read';
import {
  anonymous,
  backendAs,
  failureOf,
  insertAlbum,
  insertPhoto,
  readAll,
  signedInAdmin,
  sql,
} from './helpers';

let admin: Backend;
beforeAll(async () => {
  admin = backendAs(await signedInAdmin());
});

/** A public album of `count` photos, made one after the other, and an open client link to it. */
async function albumWithPhotos(count: number) {
  const albumId = await insertAlbum({ is_public: true });
  const photoIds: string[] = [];
  for (let i = 0; i < count; i += 1) photoIds.push(await insertPhoto(albumId));
  const token = await generateAccessToken(admin);
  await createGalleryLink(admin, {
    id: crypto.randomUUID(),
    albumId,
    accessToken: token,
    passcode: null,
    allowDownloads: false,
    expiresAt: null,
  });
  return { albumId, photoIds, token };
}

const adminOrder = async (albumId: string) =>
  (await listPhotos(admin, albumId)).map((photo) => photo.id);
const clientOrder = async (token: string) =>
  (await readAll(streamAlbumPhotosByToken(anonymous(), token))).map((photo) => photo.id);
const visitorOrder = async (albumId: string) =>
  (await readAll(streamPublicAlbumPhotos(anonymous(), albumId))).map((photo) => photo.id);
const coverUrl = async (albumId: string) =>
  (
    await sql<{ cover_photo_url: string | null }>(
      'select cover_photo_url from public.albums where id = $1',
      [albumId],
    )
  )[0]!.cover_photo_url;
const fileUrl = async (photoId: string) =>
  (
    await sql<{ file_url: string }>('select file_url from public.photos where id = $1', [photoId])
  )[0]!.file_url;

describe('photo order', () => {
  it('keeps upload order until reordered; a new photo goes last', async () => {
    const { albumId, photoIds } = await albumWithPhotos(3);
    expect(await adminOrder(albumId)).toEqual(photoIds);
    const positions = await sql<{ sort_order: number }>(
      'select sort_order from public.photos where album_id = $1 order by created_at, id',
      [albumId],
    );
    expect(positions.map((row) => row.sort_order)).toEqual([0, 1, 2]);
  });

  it('shows the order the admin set to the admin, to the client link and to visitors of the public album', async () => {
    const { albumId, photoIds, token } = await albumWithPhotos(4);
    const [a, b, c, d] = photoIds as [string, string, string, string];
    await setAlbumPhotoOrder(admin, albumId, [c, a, d, b]);
    expect(await adminOrder(albumId)).toEqual([c, a, d, b]);
    expect(await clientOrder(token)).toEqual([c, a, d, b]);
    expect(await visitorOrder(albumId)).toEqual([c, a, d, b]);

    const added = await insertPhoto(albumId);
    expect(await adminOrder(albumId)).toEqual([c, a, d, b, added]);
  });

  it('gives the same result when replayed, and the last order wins', async () => {
    const { albumId, photoIds } = await albumWithPhotos(3);
    const [a, b, c] = photoIds as [string, string, string];
    await setAlbumPhotoOrder(admin, albumId, [b, c, a]);
    await setAlbumPhotoOrder(admin, albumId, [b, c, a]);
    expect(await adminOrder(albumId)).toEqual([b, c, a]);
    await setAlbumPhotoOrder(admin, albumId, [c, b, a]);
    expect(await adminOrder(albumId)).toEqual([c, b, a]);
  });

  it('puts photos the order does not name after the named ones, and skips photos deleted meanwhile', async () => {
    const { albumId, photoIds } = await albumWithPhotos(3);
    const [a, b, c] = photoIds as [string, string, string];
    const gone = crypto.randomUUID();
    // Made on a device that knew only a and b; c arrived from another device meanwhile.
    await setAlbumPhotoOrder(admin, albumId, [b, gone, a, b]);
    expect(await adminOrder(albumId)).toEqual([b, a, c]);
  });

  it('refuses photos of another collection, a missing collection and oversized orders, and changes nothing', async () => {
    const { albumId, photoIds } = await albumWithPhotos(2);
    const other = await albumWithPhotos(1);
    const foreign = await failureOf(
      setAlbumPhotoOrder(admin, albumId, [other.photoIds[0]!, ...photoIds.reverse()]),
    );
    expect(foreign.message).toBe('Some of these photos are not in this collection');
    expect(await adminOrder(albumId)).toEqual(photoIds.reverse());
    expect(await adminOrder(other.albumId)).toEqual(other.photoIds);

    expect(
      (await failureOf(setAlbumPhotoOrder(admin, crypto.randomUUID(), photoIds))).message,
    ).toBe('Collection not found');
    const tooMany = Array.from({ length: 20_001 }, () => crypto.randomUUID());
    expect((await failureOf(setAlbumPhotoOrder(admin, albumId, tooMany))).message).toBe(
      'An order lists at most 20,000 photos',
    );
  });

  it('refuses a visitor (no admin session), whatever the headers', async () => {
    const { albumId, photoIds } = await albumWithPhotos(2);
    const reversed = [...photoIds].reverse();
    expect((await failureOf(setAlbumPhotoOrder(anonymous(), albumId, reversed))).status).toBe(401);
    const forged = backendAs({
      username: 'admin',
      token: 'not-a-session-token-at-all-000000000000',
    });
    expect((await failureOf(setAlbumPhotoOrder(forged, albumId, reversed))).status).toBe(401);
    expect((await failureOf(setAlbumCover(anonymous(), albumId, photoIds[1]!))).status).toBe(401);
    expect(await adminOrder(albumId)).toEqual(photoIds);
    expect(await coverUrl(albumId)).toBe(await fileUrl(photoIds[0]!));
  });
});

describe('adding photos to a public gallery', () => {
  it('puts them after the photos it shows, once, however often it is replayed', async () => {
    const { photoIds } = await albumWithPhotos(3);
    const [a, b, c] = photoIds as [string, string, string];
    const galleryId = crypto.randomUUID();
    await createPublicGallery(admin, galleryId, {
      title: 'Best of',
      description: null,
      isActive: true,
    });
    await setGalleryPhotos(admin, galleryId, [b]);
    await addPhotosToGallery(admin, galleryId, [c, b, a]);
    await addPhotosToGallery(admin, galleryId, [c, b, a]);
    expect(await listGalleryPhotoIds(admin, galleryId)).toEqual([b, c, a]);
    expect((await failureOf(addPhotosToGallery(anonymous(), galleryId, [a]))).status).toBe(401);
  });
});

describe('covers', () => {
  it('shows the chosen cover on the collections list, the home page and the client link', async () => {
    const { albumId, photoIds, token } = await albumWithPhotos(3);
    const [a, , c] = photoIds as [string, string, string];
    expect(await coverUrl(albumId)).toBe(await fileUrl(a));

    await setAlbumCover(admin, albumId, c);
    await setAlbumCover(admin, albumId, c); // a replay
    const cover = await fileUrl(c);
    const listed = (await listAlbums(admin)).find((album) => album.id === albumId)!;
    expect(listed.cover_photo_url).toBe(cover);
    expect(listed.preview_photo).toBe(cover);
    expect((await getAlbum(admin, albumId))!.cover_photo_id).toBe(c);
    expect(
      (await readHomeAlbums(anonymous())).find((album) => album.id === albumId)!.cover_photo_url,
    ).toBe(cover);
    expect(await getAlbumCoverByToken(anonymous(), token, null)).toBe(cover);

    // A reorder keeps a chosen cover.
    await setAlbumPhotoOrder(admin, albumId, [...photoIds].reverse());
    expect(await coverUrl(albumId)).toBe(cover);
  });

  it('without a choice, follows the first photo in order; deleting the chosen cover falls back to it', async () => {
    const { albumId, photoIds, token } = await albumWithPhotos(3);
    const [a, b, c] = photoIds as [string, string, string];
    await setAlbumPhotoOrder(admin, albumId, [b, c, a]);
    expect(await coverUrl(albumId)).toBe(await fileUrl(b));
    // The client's hero follows the cover.
    expect(await getAlbumCoverByToken(anonymous(), token, null)).toBe(await fileUrl(b));

    await setAlbumCover(admin, albumId, c);
    expect(await getAlbumCoverByToken(anonymous(), token, null)).toBe(await fileUrl(c));
    await deletePhoto(admin, c, []);
    expect(await coverUrl(albumId)).toBe(await fileUrl(b));
    expect((await getAlbum(admin, albumId))!.cover_photo_id).toBeNull();
    expect(await getAlbumCoverByToken(anonymous(), token, null)).toBe(await fileUrl(b));

    // A cover change queued before the photo was deleted elsewhere changes nothing.
    await setAlbumCover(admin, albumId, c);
    expect(await coverUrl(albumId)).toBe(await fileUrl(b));

    // Clearing the choice goes back to the first photo.
    await setAlbumCover(admin, albumId, a);
    await setAlbumCover(admin, albumId, null);
    expect(await coverUrl(albumId)).toBe(await fileUrl(b));
  });

  it('refuses a photo of another collection and a missing collection', async () => {
    const { albumId, photoIds } = await albumWithPhotos(1);
    const other = await albumWithPhotos(1);
    expect((await failureOf(setAlbumCover(admin, albumId, other.photoIds[0]!))).message).toBe(
      'That photo is not in this collection',
    );
    expect(await coverUrl(albumId)).toBe(await fileUrl(photoIds[0]!));
    expect((await failureOf(setAlbumCover(admin, crypto.randomUUID(), photoIds[0]!))).message).toBe(
      'Collection not found',
    );
  });

  it('deletes a collection whose cover was chosen', async () => {
    const { albumId, photoIds } = await albumWithPhotos(2);
    await setAlbumCover(admin, albumId, photoIds[1]!);
    await sql('delete from public.albums where id = $1', [albumId]);
    expect(await sql('select 1 from public.photos where album_id = $1', [albumId])).toEqual([]);
  });
});
