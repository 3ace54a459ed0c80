import { beforeAll, describe, expect, it } from 'vitest';
import { recordCoverRendition, setAlbumCover } from '@/lib/backend/albums';
import type { Backend } from '@/lib/backend/client';
import { readHomeAlbums, readHomeGalleries } from '@/lib/backend/home-page';
import {
  anonymous,
  backendAs,
  insertAlbum,
  insertPhotoWithRenditions,
  renditionPath,
  signedInAdmin,
  sql,
} from './helpers';

/**
 * The home page's collection cards (issue 34, item 1), against the real database and
 * PostgREST, read as a visitor: each card gets its cover photo's cover rendition beside the
 * thumbnail, a gallery's through the embed of its first photo, an album's from the column the
 * album row keeps (migration 20261201000100).
 */

let admin: Backend;
beforeAll(async () => {
  admin = backendAs(await signedInAdmin());
});

/** Two photos with all three renditions, in a new album. */
async function albumWithPhotos(isPublic: boolean): Promise<{ album: string; photos: string[] }> {
  const album = await insertAlbum({ is_public: isPublic });
  return {
    album,
    photos: [await insertPhotoWithRenditions(album), await insertPhotoWithRenditions(album)],
  };
}

const homeAlbum = async (id: string) =>
  (await readHomeAlbums(anonymous())).find((album) => album.id === id);

describe('collection cards', () => {
  it("give a gallery's first photo's cover rendition", async () => {
    const { album, photos } = await albumWithPhotos(false);
    const [gallery] = await sql<{ id: string }>(
      `insert into public.public_galleries (title) values ('Cards') returning id`,
    );
    for (const [order, photo] of [photos[1], photos[0]].entries())
      await sql(
        'insert into public.public_gallery_photos (public_gallery_id, photo_id, sort_order) values ($1, $2, $3)',
        [gallery!.id, photo, order],
      );
    expect(
      (await readHomeGalleries(anonymous())).find((row) => row.id === gallery!.id),
    ).toMatchObject({
      cover_photo: renditionPath(album, photos[1]!, 'thumb'),
      cover_rendition: renditionPath(album, photos[1]!, 'cover'),
    });
  });

  it("give a public album's card its cover photo's thumbnail and cover rendition, and a private album none", async () => {
    const open = await albumWithPhotos(true);
    expect(await homeAlbum(open.album)).toMatchObject({
      cover_photo_url: renditionPath(open.album, open.photos[0]!, 'thumb'),
      cover_rendition_url: renditionPath(open.album, open.photos[0]!, 'cover'),
    });
    expect(await homeAlbum((await albumWithPhotos(false)).album)).toBeUndefined();
  });

  it("keep the album card's cover rendition as the cover is chosen, made later and deleted", async () => {
    const album = await insertAlbum({ is_public: true });
    // An older upload: no cover rendition yet.
    const older = await insertPhotoWithRenditions(album);
    await sql('update public.photos set cover_url = null where id = $1', [older]);
    const newer = await insertPhotoWithRenditions(album);
    const card = async () => {
      const row = await homeAlbum(album);
      return [row?.cover_photo_url, row?.cover_rendition_url];
    };
    // The first photo is the cover: its thumbnail shows alone until it has a cover rendition.
    expect(await card()).toEqual([renditionPath(album, older, 'thumb'), null]);
    await setAlbumCover(admin, album, newer);
    expect(await card()).toEqual([
      renditionPath(album, newer, 'thumb'),
      renditionPath(album, newer, 'cover'),
    ]);
    await setAlbumCover(admin, album, null);
    expect(await card()).toEqual([renditionPath(album, older, 'thumb'), null]);
    // The admin app makes the older photo's cover rendition in the background.
    expect(await recordCoverRendition(admin, older, renditionPath(album, older, 'cover'))).toBe(
      true,
    );
    expect(await card()).toEqual([
      renditionPath(album, older, 'thumb'),
      renditionPath(album, older, 'cover'),
    ]);
    // The cover photo deleted: the next photo's renditions.
    await sql('delete from public.photos where id = $1', [older]);
    expect(await card()).toEqual([
      renditionPath(album, newer, 'thumb'),
      renditionPath(album, newer, 'cover'),
    ]);
    await sql('delete from public.photos where id = $1', [newer]);
    expect(await card()).toEqual([null, null]);
  });

  it("refuse a kept cover rendition outside the album's own folder", async () => {
    const album = await insertAlbum({ is_public: true });
    const other = await insertAlbum({ is_public: true });
    const photo = await insertPhotoWithRenditions(other);
    for (const address of [
      renditionPath(other, photo, 'cover'),
      'https://elsewhere.example/x.webp',
    ])
      await expect(
        sql('update public.albums set cover_rendition_url = $2 where id = $1', [album, address]),
      ).rejects.toThrow(/albums_cover_rendition_in_album_folder/);
  });

  // The computed field of 20261128000100, which the home page no longer reads, answers the
  // kept column, and nothing of a private album, whatever row a caller passes.
  it("never give a private album's cover rendition, even to a caller who passes its row to the function", async () => {
    const publicClient = await anonymous().publicClient();
    const ask = (album: string) =>
      publicClient.rpc(
        'album_cover_rendition' as never,
        { p_album: { id: album, name: 'x', is_public: true } } as never,
      );
    const hidden = await ask((await albumWithPhotos(false)).album);
    expect({ error: hidden.error, data: hidden.data }).toEqual({ error: null, data: null });
    // The same call for a public album answers, so the refusal above is the album's being private.
    const open = await albumWithPhotos(true);
    expect((await ask(open.album)).data).toBe(renditionPath(open.album, open.photos[0]!, 'cover'));
  });
});
