import { beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '@/lib/backend/client';
import { listLinkFavourites, syncFavourites } from '@/lib/backend/favourites';
import { listGalleryLinks } from '@/lib/backend/gallery-links';
import {
  anonymous,
  backendAs,
  failureOf,
  insertAlbum,
  insertPhoto,
  signedInAdmin,
  sql,
} from './helpers';

/**
 * Client favourites (issue 21, items 1-3), against the real database and PostgREST: who may set
 * and read a list, what a replay does, what deleting removes, and what the photographer sees.
 * Every refusal is checked against what the table then holds.
 */

let admin: Backend;
beforeAll(async () => {
  admin = backendAs(await signedInAdmin());
});

const newToken = () =>
  `${crypto.randomUUID().replaceAll('-', '')}${crypto.randomUUID().replaceAll('-', '')}`;

interface LinkFields {
  passcode?: string | null;
  expiresAt?: Date | null;
  isActive?: boolean;
  allowFavourites?: boolean;
}

async function linkTo(
  albumId: string,
  fields: LinkFields = {},
): Promise<{ id: string; token: string }> {
  const token = newToken();
  const [row] = await sql<{ id: string }>(
    `insert into public.gallery_links (album_id, access_token, passcode, expires_at, is_active, allow_favourites)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [
      albumId,
      token,
      fields.passcode ?? null,
      fields.expiresAt ?? null,
      fields.isActive ?? true,
      fields.allowFavourites ?? true,
    ],
  );
  return { id: row!.id, token };
}

/** An album with `count` photos and a link to it. */
async function albumWithLink(count: number, fields: LinkFields = {}) {
  const albumId = await insertAlbum();
  const photos: string[] = [];
  for (let i = 0; i < count; i++) photos.push(await insertPhoto(albumId));
  return { albumId, photos, ...(await linkTo(albumId, fields)) };
}

const stored = async (linkId: string) =>
  (
    await sql<{ client_name: string; photo_id: string }>(
      'select client_name, photo_id from public.link_favourites where link_id = $1 order by client_key, photo_id',
      [linkId],
    )
  ).map((row) => `${row.client_name}:${row.photo_id}`);

describe('a client', () => {
  it('adds and removes favourites under their name and reads their list back in the album order', async () => {
    const { id, token, photos } = await albumWithLink(4);
    const client = anonymous();
    expect(
      await syncFavourites(client, token, null, 'Anna', {
        add: [photos[2]!, photos[0]!],
        remove: [],
      }),
    ).toEqual([photos[0], photos[2]]);
    expect(
      await syncFavourites(client, token, null, 'Anna', {
        add: [photos[3]!],
        remove: [photos[0]!],
      }),
    ).toEqual([photos[2], photos[3]]);
    // Reading is a sync with nothing to change; a name differing only in case and spaces is the same list.
    expect(await syncFavourites(client, token, null, '  anna ')).toEqual([photos[2], photos[3]]);
    expect(await stored(id)).toHaveLength(2);
  });

  it('replays the same hearts without changing anything', async () => {
    const { id, token, photos } = await albumWithLink(2);
    const hearts = { add: [photos[0]!, photos[1]!], remove: [] };
    await syncFavourites(anonymous(), token, null, 'Ben', hearts);
    const before = await sql(
      'select * from public.link_favourites where link_id = $1 order by photo_id',
      [id],
    );
    await syncFavourites(anonymous(), token, null, 'Ben', hearts);
    await syncFavourites(anonymous(), token, null, 'Ben', { add: [], remove: [photos[0]!] });
    await syncFavourites(anonymous(), token, null, 'Ben', { add: [], remove: [photos[0]!] });
    expect(before).toHaveLength(2);
    expect(await stored(id)).toEqual([`Ben:${photos[1]}`]);
  });

  it('keeps a separate list for each name on one link', async () => {
    const { id, token, photos } = await albumWithLink(3);
    await syncFavourites(anonymous(), token, null, 'Chloe', { add: [photos[0]!], remove: [] });
    await syncFavourites(anonymous(), token, null, 'Dan', {
      add: [photos[1]!, photos[2]!],
      remove: [],
    });
    expect(await syncFavourites(anonymous(), token, null, 'Chloe')).toEqual([photos[0]]);
    expect(await syncFavourites(anonymous(), token, null, 'Dan')).toEqual([photos[1], photos[2]]);
    expect(await stored(id)).toHaveLength(3);
  });

  it("never stores or answers another album's photo", async () => {
    const { id, token, photos } = await albumWithLink(1);
    const other = await albumWithLink(1);
    expect(
      await syncFavourites(anonymous(), token, null, 'Eve', {
        add: [other.photos[0]!, photos[0]!],
        remove: [],
      }),
    ).toEqual([photos[0]]);
    expect(await stored(id)).toEqual([`Eve:${photos[0]}`]);
    expect(await stored(other.id)).toEqual([]);
  });

  it('is refused, and nothing is stored, for a link that is unknown, inactive or expired', async () => {
    const { albumId, photos } = await albumWithLink(1);
    const inactive = await linkTo(albumId, { isActive: false });
    const expired = await linkTo(albumId, { expiresAt: new Date(Date.now() - 60_000) });
    for (const token of [newToken(), inactive.token, expired.token]) {
      const failure = await failureOf(
        syncFavourites(anonymous(), token, null, 'Finn', { add: photos, remove: [] }),
      );
      expect([failure.status, failure.message]).toEqual([
        404,
        'This gallery link is not available',
      ]);
    }
    expect([...(await stored(inactive.id)), ...(await stored(expired.id))]).toEqual([]);
  });

  it('needs the passcode of a protected link, and a wrong one counts as a guess', async () => {
    const { id, token, photos } = await albumWithLink(1, { passcode: '4821' });
    for (const passcode of [null, '0000']) {
      const failure = await failureOf(
        syncFavourites(anonymous(), token, passcode, 'Gus', { add: photos, remove: [] }),
      );
      expect([failure.status, failure.message]).toEqual([403, 'Invalid passcode']);
    }
    expect(await stored(id)).toEqual([]);
    const [{ count }] = (await sql<{ count: string }>(
      `select count(*) from private.failed_attempts where scope = 'passcode' and subject = $1`,
      [id],
    )) as [{ count: string }];
    expect(Number(count)).toBe(2);
    expect(
      await syncFavourites(anonymous(), token, '4821', 'Gus', { add: photos, remove: [] }),
    ).toEqual(photos);
  });

  it('is refused when the photographer switched favourites off, after the passcode', async () => {
    const { id, token, photos } = await albumWithLink(1, {
      allowFavourites: false,
      passcode: '4821',
    });
    expect(
      (
        await failureOf(
          syncFavourites(anonymous(), token, '1111', 'Hana', { add: photos, remove: [] }),
        )
      ).message,
    ).toBe('Invalid passcode');
    const failure = await failureOf(
      syncFavourites(anonymous(), token, '4821', 'Hana', { add: photos, remove: [] }),
    );
    expect([failure.status, failure.message]).toEqual([
      403,
      'Favourites are switched off for this gallery',
    ]);
    expect(await stored(id)).toEqual([]);
  });

  it('must give a name of 1 to 60 characters, and at most 500 changes at a time', async () => {
    const { id, token, photos } = await albumWithLink(1);
    for (const name of ['', '   ', '\u0007', 'x'.repeat(61)]) {
      const failure = await failureOf(
        syncFavourites(anonymous(), token, null, name, { add: photos, remove: [] }),
      );
      expect(failure.status).toBe(400);
      expect(failure.message).toMatch(
        /^(Please enter your name|Your name can be at most 60 characters)$/,
      );
    }
    const many = Array.from({ length: 501 }, () => crypto.randomUUID());
    expect(
      (await failureOf(syncFavourites(anonymous(), token, null, 'Ian', { add: many, remove: [] })))
        .message,
    ).toBe('At most 500 favourites at a time');
    expect(await stored(id)).toEqual([]);
  });

  it('cannot start a 21st list on one link', async () => {
    const { id, token, photos } = await albumWithLink(1);
    for (let n = 1; n <= 20; n++)
      await syncFavourites(anonymous(), token, null, `Guest ${n}`, { add: photos, remove: [] });
    const failure = await failureOf(
      syncFavourites(anonymous(), token, null, 'Guest 21', { add: photos, remove: [] }),
    );
    expect([failure.status, failure.message]).toEqual([
      403,
      'This gallery already has favourites from 20 people',
    ]);
    // The twenty go on as before.
    expect(
      await syncFavourites(anonymous(), token, null, 'Guest 3', { add: [], remove: photos }),
    ).toEqual([]);
    expect(await stored(id)).toHaveLength(19);
  });

  it('is cut off after 600 calls from one place in 10 minutes', async () => {
    const { id, token, photos } = await albumWithLink(1);
    // One call, to learn where the gateway says this test's calls come from; then the 599 others, as the throttle counts them.
    await syncFavourites(anonymous(), token, null, 'Jo');
    const [{ subject }] = (await sql<{ subject: string }>(
      `select subject from private.failed_attempts where scope = 'favourites-source' and subject like $1 || '|%'`,
      [id],
    )) as [{ subject: string }];
    await sql(
      `insert into private.failed_attempts (scope, subject) select 'favourites-source', $1 from generate_series(1, 599)`,
      [subject],
    );
    const failure = await failureOf(
      syncFavourites(anonymous(), token, null, 'Jo', { add: photos, remove: [] }),
    );
    expect(failure.status).toBe(429);
    expect(await stored(id)).toEqual([]);
  });

  it('cannot read or write the table directly', async () => {
    const { id, token, photos } = await albumWithLink(1);
    await syncFavourites(anonymous(), token, null, 'Kai', { add: photos, remove: [] });
    for (const caller of [anonymous(), admin]) {
      const read = await caller.adminClient.from('link_favourites' as never).select('*');
      expect(read.error?.code).toBe('42501');
      const write = await caller.adminClient.from('link_favourites' as never).insert({
        link_id: id,
        client_name: 'Mallory',
        client_key: 'mallory',
        photo_id: photos[0],
      } as never);
      expect(write.error?.code).toBe('42501');
    }
    expect(await stored(id)).toEqual([`Kai:${photos[0]}`]);
  });
});

describe('deleting', () => {
  it('a photo, a link or an album removes their favourites', async () => {
    const first = await albumWithLink(2);
    await syncFavourites(anonymous(), first.token, null, 'Lea', { add: first.photos, remove: [] });
    await sql('delete from public.photos where id = $1', [first.photos[0]]);
    expect(await stored(first.id)).toEqual([`Lea:${first.photos[1]}`]);
    await sql('delete from public.gallery_links where id = $1', [first.id]);
    expect(await stored(first.id)).toEqual([]);

    const second = await albumWithLink(1);
    await syncFavourites(anonymous(), second.token, null, 'Max', {
      add: second.photos,
      remove: [],
    });
    await sql('delete from public.albums where id = $1', [second.albumId]);
    expect(
      await sql('select 1 from public.link_favourites where photo_id = $1', [second.photos[0]]),
    ).toEqual([]);
  });
});

describe('the photographer', () => {
  it("sees each name's picks with filenames, and a count of photos picked on the link", async () => {
    const { id, token, photos } = await albumWithLink(3);
    await sql(
      `update public.photos set original_filename = 'IMG_' || sort_order || '.jpg' where album_id = (select album_id from public.gallery_links where id = $1)`,
      [id],
    );
    await syncFavourites(anonymous(), token, null, 'Nora', {
      add: [photos[0]!, photos[2]!],
      remove: [],
    });
    await syncFavourites(anonymous(), token, null, 'Omar', { add: [photos[2]!], remove: [] });

    const picks = await listLinkFavourites(admin, id);
    expect(picks.map((pick) => [pick.client_name, pick.photo_id])).toEqual([
      ['Nora', photos[0]],
      ['Nora', photos[2]],
      ['Omar', photos[2]],
    ]);
    const files = await sql<{ id: string; original_filename: string; file_url: string }>(
      'select id, original_filename, file_url from public.photos where id = any($1)',
      [photos],
    );
    for (const pick of picks) {
      const photo = files.find((file) => file.id === pick.photo_id)!;
      expect([pick.original_filename, pick.file_url]).toEqual([
        photo.original_filename,
        photo.file_url,
      ]);
    }
    const link = (await listGalleryLinks(admin)).find((candidate) => candidate.id === id)!;
    expect([link.allow_favourites, link.favourite_count]).toEqual([true, 2]);
  });

  it('is the only one who reads them', async () => {
    const { id, token, photos } = await albumWithLink(1);
    await syncFavourites(anonymous(), token, null, 'Pia', { add: photos, remove: [] });
    expect((await failureOf(listLinkFavourites(anonymous(), id))).message).toBe(
      'Not authenticated',
    );
    expect(
      (await failureOf(listLinkFavourites(backendAs({ username: 'admin', token: 'forged' }), id)))
        .message,
    ).toBe('Not authenticated');
  });

  it('switches favourites per link, on by default', async () => {
    const { id } = await albumWithLink(0);
    await admin.adminClient.from('gallery_links').update({ allow_favourites: false }).eq('id', id);
    expect(
      (
        await sql<{ allow_favourites: boolean }>(
          'select allow_favourites from public.gallery_links where id = $1',
          [id],
        )
      )[0]!.allow_favourites,
    ).toBe(false);
    // A visitor cannot switch it back.
    await anonymous()
      .adminClient.from('gallery_links')
      .update({ allow_favourites: true })
      .eq('id', id);
    expect(
      (
        await sql<{ allow_favourites: boolean }>(
          'select allow_favourites from public.gallery_links where id = $1',
          [id],
        )
      )[0]!.allow_favourites,
    ).toBe(false);
  });
});
