import { beforeAll, describe, expect, it } from 'vitest';
import {
  getAlbumCoverByToken,
  getGalleryLinkByToken,
  isGalleryLinkExpired,
} from '@/lib/backend/client-links';
import type { Rendition } from '@/lib/backend/photo-objects';
import {
  anonymous,
  insertAlbum,
  insertPhoto,
  insertPhotoWithRenditions,
  renditionPath,
  sql,
} from './helpers';

/**
 * The client's first screen (issue 20, item 6), against the real database and PostgREST: the
 * cover comes only once the link opens (its passcode given), and an expired link says that it
 * expired and nothing else — not the album's name, nor its cover.
 */

let albumId: string;
let cover: string;

beforeAll(async () => {
  albumId = await insertAlbum({ name: 'Secret Wedding' });
  await insertPhoto(albumId);
  cover = (
    await sql<{ cover_photo_url: string }>(
      'select cover_photo_url from public.albums where id = $1',
      [albumId],
    )
  )[0]!.cover_photo_url;
  expect(cover).toMatch(/\/storage\/v1\/object\/public\/photos\//);
});

async function link(
  fields: { passcode?: string | null; expiresAt?: Date | null; isActive?: boolean } = {},
): Promise<string> {
  const token = `${crypto.randomUUID().replaceAll('-', '')}${crypto.randomUUID().replaceAll('-', '')}`;
  await sql(
    `insert into public.gallery_links (album_id, access_token, passcode, expires_at, is_active) values ($1, $2, $3, $4, $5)`,
    [albumId, token, fields.passcode ?? null, fields.expiresAt ?? null, fields.isActive ?? true],
  );
  return token;
}

describe("the client's first screen", () => {
  it('gives the cover of an open link, and of a protected one only with its passcode', async () => {
    const visitor = anonymous();
    expect(await getAlbumCoverByToken(visitor, await link(), null)).toBe(cover);
    const protectedToken = await link({ passcode: '4821' });
    expect(await getAlbumCoverByToken(visitor, protectedToken, null)).toBeNull();
    expect(await getAlbumCoverByToken(visitor, protectedToken, '0000')).toBeNull();
    expect(await getAlbumCoverByToken(visitor, protectedToken, '4821')).toBe(cover);
  });

  it("gives the cover photo's cover rendition when it has one (a phone's first screen), chosen or not", async () => {
    const visitor = anonymous();
    const album = await insertAlbum({ name: 'Beach Wedding' });
    const path = (id: string, rendition: Rendition) => renditionPath(album, id, rendition);
    const first = await insertPhotoWithRenditions(album);
    const second = await insertPhotoWithRenditions(album);
    const token = `${crypto.randomUUID().replaceAll('-', '')}${crypto.randomUUID().replaceAll('-', '')}`;
    await sql(`insert into public.gallery_links (album_id, access_token) values ($1, $2)`, [
      album,
      token,
    ]);
    // The first photo is the cover until one is chosen.
    expect(await getAlbumCoverByToken(visitor, token, null)).toBe(path(first, 'cover'));
    await sql('update public.albums set cover_photo_id = $2 where id = $1', [album, second]);
    expect(await getAlbumCoverByToken(visitor, token, null)).toBe(path(second, 'cover'));
    // A photo uploaded before cover renditions existed: the album's cover address, as before.
    await sql('update public.photos set cover_url = null where id = $1', [second]);
    expect(await getAlbumCoverByToken(visitor, token, null)).toBe(
      (
        await sql<{ url: string }>(
          'select cover_photo_url as url from public.albums where id = $1',
          [album],
        )
      )[0]!.url,
    );
  });

  it('gives no cover for an expired, inactive or unknown link', async () => {
    const visitor = anonymous();
    expect(
      await getAlbumCoverByToken(
        visitor,
        await link({ expiresAt: new Date(Date.now() - 60_000) }),
        null,
      ),
    ).toBeNull();
    expect(await getAlbumCoverByToken(visitor, await link({ isActive: false }), null)).toBeNull();
    expect(await getAlbumCoverByToken(visitor, 'x'.repeat(43), null)).toBeNull();
  });

  it('says a link expired, and nothing of its album', async () => {
    const visitor = anonymous();
    const expired = await link({ expiresAt: new Date(Date.now() - 60_000), passcode: '4821' });
    expect(await isGalleryLinkExpired(visitor, expired)).toBe(true);
    // The album's name and cover stay hidden: the link itself is closed.
    expect(await getGalleryLinkByToken(visitor, expired)).toBeNull();
    const { data, error } = await (
      await visitor.publicClient()
    ).rpc('is_gallery_link_expired', {
      p_access_token: expired,
    });
    expect(error).toBeNull();
    expect(data).toBe(true);
    expect(JSON.stringify(data)).not.toContain('Secret Wedding');

    expect(await isGalleryLinkExpired(visitor, await link())).toBe(false);
    expect(
      await isGalleryLinkExpired(visitor, await link({ expiresAt: new Date(Date.now() + 60_000) })),
    ).toBe(false);
    expect(await isGalleryLinkExpired(visitor, await link({ isActive: false }))).toBe(false);
    expect(await isGalleryLinkExpired(visitor, 'x'.repeat(43))).toBe(false);
    expect(await isGalleryLinkExpired(visitor, 'x'.repeat(5000))).toBe(false);
  });

  it('refuses an over-long passcode with a clear message', async () => {
    const { error, status } = await (
      await anonymous().publicClient()
    ).rpc('get_album_cover_by_token', {
      p_access_token: await link({ passcode: '4821' }),
      p_passcode: '9'.repeat(101),
    });
    expect({ status, message: error?.message }).toEqual({
      status: 400,
      message: 'Passcode is too long',
    });
  });
});
