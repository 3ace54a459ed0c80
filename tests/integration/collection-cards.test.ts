import { describe, expect, it } from 'vitest';
import { readHomeAlbums, readHomeGalleries } from '@/lib/backend/home-page';
import { anonymous, insertAlbum, insertPhotoWithRenditions, renditionPath, sql } from './helpers';

/**
 * The home page's collection cards (issue 34, item 1), against the real database and
 * PostgREST: each card gets its cover photo's cover rendition beside the thumbnail, read as a
 * visitor; a private album's never, however it is asked for.
 */

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
  it("give a public album's cover photo's cover rendition, chosen or not, and none before it has one", async () => {
    const { album, photos } = await albumWithPhotos(true);
    const [first, second] = photos as [string, string];
    expect(await homeAlbum(album)).toMatchObject({
      cover_photo_url: renditionPath(album, first, 'thumb'),
      cover_rendition: renditionPath(album, first, 'cover'),
    });
    await sql('update public.albums set cover_photo_id = $2 where id = $1', [album, second]);
    expect((await homeAlbum(album))?.cover_rendition).toBe(renditionPath(album, second, 'cover'));
    // Uploaded before cover renditions existed: the thumbnail alone, until the admin app makes one.
    await sql('update public.photos set cover_url = null where id = $1', [second]);
    expect((await homeAlbum(album))?.cover_rendition).toBeNull();
  });

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

  it("never give a private album's, even to a caller who passes its row to the function", async () => {
    const { album } = await albumWithPhotos(false);
    expect(await homeAlbum(album)).toBeUndefined();
    const { publicClient } = anonymous();
    const called = await publicClient.rpc(
      'album_cover_rendition' as never,
      {
        p_album: { id: album, name: 'x', is_public: true },
      } as never,
    );
    expect({ error: called.error, data: called.data }).toEqual({ error: null, data: null });
    // The same call for a public album answers, so the refusal above is the album's being private.
    const open = await albumWithPhotos(true);
    const answered = await publicClient.rpc(
      'album_cover_rendition' as never,
      {
        p_album: { id: open.album, name: 'x', is_public: true },
      } as never,
    );
    expect(answered.data).toBe(renditionPath(open.album, open.photos[0]!, 'cover'));
  });
});
