import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAlbum,
  getAlbum,
  listAlbums,
  listPhotos,
  setPhotoCaption,
  updateAlbum,
} from '@/lib/backend/albums';
import type { Backend } from '@/lib/backend/client';
import { getGalleryLinkByToken, streamAlbumPhotosByToken } from '@/lib/backend/client-links';
import { createGalleryLink, generateAccessToken } from '@/lib/backend/gallery-links';
import {
  createPublicGallery,
  listPublicGalleries,
  setGalleryPhotos,
  updatePublicGallery,
} from '@/lib/backend/public-galleries';
import {
  readPublicAlbum,
  readPublicGallery,
  streamPublicAlbumPhotos,
  streamPublicGalleryPhotos,
} from '@/lib/backend/public-galleries-read';
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

// Issue 20, item 5: captions (the photos' alt text) and the layout of a gallery or collection.

let admin: Backend;
beforeAll(async () => {
  admin = backendAs(await signedInAdmin());
});

const storedCaption = async (photoId: string) =>
  (
    await sql<{ caption: string | null }>('select caption from public.photos where id = $1', [
      photoId,
    ])
  )[0]?.caption;

async function linkTo(albumId: string, passcode: string | null = null) {
  const token = await generateAccessToken(admin);
  await createGalleryLink(admin, {
    id: crypto.randomUUID(),
    albumId,
    accessToken: token,
    passcode,
    allowDownloads: false,
    expiresAt: null,
  });
  return token;
}

describe('captions', () => {
  it('are set, cleaned to one line, cleared, and safe to replay', async () => {
    const albumId = await insertAlbum();
    const photoId = await insertPhoto(albumId);
    expect(await storedCaption(photoId)).toBeNull();

    await setPhotoCaption(admin, photoId, '  The first dance,\n\tunder   the lights  ');
    await setPhotoCaption(admin, photoId, '  The first dance,\n\tunder   the lights  '); // a replay
    expect(await storedCaption(photoId)).toBe('The first dance, under the lights');
    expect((await listPhotos(admin, albumId))[0]!.caption).toBe(
      'The first dance, under the lights',
    );

    await setPhotoCaption(admin, photoId, '   ');
    expect(await storedCaption(photoId)).toBeNull();
    await setPhotoCaption(admin, photoId, 'Again');
    await setPhotoCaption(admin, photoId, null);
    expect(await storedCaption(photoId)).toBeNull();
  });

  it('refuses more than 300 characters with a clear message and keeps the caption', async () => {
    const photoId = await insertPhoto(await insertAlbum());
    await setPhotoCaption(admin, photoId, 'Kept');
    const refused = await failureOf(setPhotoCaption(admin, photoId, 'x'.repeat(301)));
    expect(refused).toMatchObject({
      status: 400,
      message: 'Caption is too long (at most 300 characters)',
    });
    expect(await storedCaption(photoId)).toBe('Kept');
    await setPhotoCaption(admin, photoId, 'é'.repeat(300));
    expect(await storedCaption(photoId)).toBe('é'.repeat(300));
  });

  it('changes nothing for a photo deleted meanwhile (a change queued on another device)', async () => {
    await expect(setPhotoCaption(admin, crypto.randomUUID(), 'Gone')).resolves.toBeUndefined();
  });

  it('reach visitors of a public album and gallery, and clients once the link opens', async () => {
    const albumId = await insertAlbum({ is_public: true });
    const photoId = await insertPhoto(albumId);
    await setPhotoCaption(admin, photoId, 'Rings on the old oak table');

    expect((await readAll(streamPublicAlbumPhotos(anonymous(), albumId)))[0]!.caption).toBe(
      'Rings on the old oak table',
    );

    const galleryId = crypto.randomUUID();
    await createPublicGallery(admin, galleryId, {
      title: 'Details',
      description: null,
      isActive: true,
    });
    await setGalleryPhotos(admin, galleryId, [photoId]);
    expect((await readAll(streamPublicGalleryPhotos(anonymous(), galleryId)))[0]!.caption).toBe(
      'Rings on the old oak table',
    );

    const token = await linkTo(albumId, '4321');
    expect(await readAll(streamAlbumPhotosByToken(anonymous(), token))).toEqual([]);
    expect((await readAll(streamAlbumPhotosByToken(anonymous(), token, '4321')))[0]!.caption).toBe(
      'Rings on the old oak table',
    );
  });

  it('of a private collection stay private: an outsider reads none', async () => {
    const albumId = await insertAlbum();
    const photoId = await insertPhoto(albumId);
    await setPhotoCaption(admin, photoId, 'Private moment');
    const { data, error } = await (
      await anonymous().publicClient()
    )
      .from('photos')
      .select('id, caption')
      .eq('id', photoId);
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect(await readAll(streamPublicAlbumPhotos(anonymous(), albumId))).toEqual([]);
  });

  it('cannot be written by an outsider, directly or through the RPC', async () => {
    const albumId = await insertAlbum({ is_public: true });
    const photoId = await insertPhoto(albumId);
    // Refused by the grants (photos have no update grant for outsiders); either way no row changes.
    await (
      await anonymous().publicClient()
    )
      .from('photos')
      .update({ caption: 'Defaced' } as never)
      .eq('id', photoId);
    const rpc = await (
      await anonymous().publicClient()
    ).rpc('admin_set_photo_caption', {
      p_photo_id: photoId,
      p_caption: 'Defaced',
    } as never);
    expect(rpc.status).toBe(401);
    expect(await storedCaption(photoId)).toBeNull();
  });
});

describe('photo layout', () => {
  it('is square unless chosen, kept by edits that do not name it, and read by visitors and clients', async () => {
    const albumId = crypto.randomUUID();
    await createAlbum(admin, albumId, { name: 'Layout', description: null, isPublic: true });
    expect((await getAlbum(admin, albumId))!.photo_layout).toBe('square');

    await updateAlbum(admin, albumId, { name: 'Layout', description: null, photoLayout: 'whole' });
    await updateAlbum(admin, albumId, { name: 'Layout renamed', description: null }); // an older app's change
    expect((await getAlbum(admin, albumId))!.photo_layout).toBe('whole');
    expect((await listAlbums(admin)).find((album) => album.id === albumId)!.photo_layout).toBe(
      'whole',
    );
    expect((await readPublicAlbum(anonymous(), albumId))!.photo_layout).toBe('whole');

    const token = await linkTo(albumId, '2468');
    // Shown before the passcode: how the album is laid out says nothing about its photos.
    expect((await getGalleryLinkByToken(anonymous(), token))!.photo_layout).toBe('whole');

    const created = crypto.randomUUID();
    await createAlbum(admin, created, {
      name: 'Whole from the start',
      description: null,
      photoLayout: 'whole',
    });
    expect((await getAlbum(admin, created))!.photo_layout).toBe('whole');
  });

  it('of a public gallery is chosen and read the same way', async () => {
    const galleryId = crypto.randomUUID();
    await createPublicGallery(admin, galleryId, {
      title: 'Frames',
      description: null,
      isActive: true,
      photoLayout: 'whole',
    });
    expect((await readPublicGallery(anonymous(), galleryId))!.photo_layout).toBe('whole');
    await updatePublicGallery(admin, galleryId, {
      title: 'Frames',
      description: null,
      isActive: true,
      photoLayout: 'square',
    });
    expect(
      (await listPublicGalleries(admin)).find((gallery) => gallery.id === galleryId)!.photo_layout,
    ).toBe('square');
    await updatePublicGallery(admin, galleryId, {
      title: 'Frames',
      description: null,
      isActive: true,
    });
    expect((await readPublicGallery(anonymous(), galleryId))!.photo_layout).toBe('square');
  });

  it('refuses an unknown layout with a clear message and changes nothing', async () => {
    const albumId = await insertAlbum();
    const refused = await failureOf(
      updateAlbum(admin, albumId, {
        name: 'x',
        description: null,
        photoLayout: 'masonry' as never,
      }),
    );
    expect(refused).toMatchObject({ status: 400, message: 'Photo layout must be square or whole' });
    expect((await getAlbum(admin, albumId))!.photo_layout).toBe('square');
  });

  it('cannot be changed by an outsider', async () => {
    const albumId = await insertAlbum({ is_public: true });
    await (
      await anonymous().publicClient()
    )
      .from('albums')
      .update({ photo_layout: 'whole' } as never)
      .eq('id', albumId);
    expect((await getAlbum(admin, albumId))!.photo_layout).toBe('square');
  });
});

describe('a client link before its passcode', () => {
  it('no longer names the cover photo', async () => {
    const albumId = await insertAlbum();
    await insertPhoto(albumId);
    const token = await linkTo(albumId, '1357');
    const link = (await getGalleryLinkByToken(anonymous(), token)) as Record<
      string,
      unknown
    > | null;
    expect(link).not.toBeNull();
    expect(Object.keys(link!)).not.toContain('cover_photo_id');
  });
});
