import { beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '@/lib/backend/client';
import type { ClientLinkEvent } from '@/lib/backend/database.types';
import { syncFavourites } from '@/lib/backend/favourites';
import { listGalleryLinks } from '@/lib/backend/gallery-links';
import { listRecentLinkActivity } from '@/lib/backend/link-activity';
import {
  anonymous,
  backendAs,
  failureOf,
  insertAlbum,
  insertPhoto,
  signedInAdmin,
  sql,
  sqlClient,
} from './helpers';

/**
 * Link activity (issue 21, item 5), against the real database and PostgREST: what a client's
 * page may record, what it may not, and what the photographer reads. Every refusal is checked
 * against what the database then holds.
 */

let admin: Backend;
beforeAll(async () => {
  admin = backendAs(await signedInAdmin());
});

const newToken = () =>
  `${crypto.randomUUID().replaceAll('-', '')}${crypto.randomUUID().replaceAll('-', '')}`;

async function newLink(
  fields: {
    passcode?: string | null;
    isActive?: boolean;
    expiresAt?: Date | null;
    allowDownloads?: boolean;
    albumName?: string;
  } = {},
) {
  const albumId = await insertAlbum({ name: fields.albumName });
  const photoId = await insertPhoto(albumId);
  const token = newToken();
  const [row] = await sql<{ id: string }>(
    `insert into public.gallery_links (album_id, access_token, passcode, is_active, expires_at, allow_downloads)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [
      albumId,
      token,
      fields.passcode ?? null,
      fields.isActive ?? true,
      fields.expiresAt ?? null,
      fields.allowDownloads ?? true,
    ],
  );
  return { id: row!.id, token, albumId, photoId };
}

/** Calls the RPC as a client's page does, and answers what it said. */
async function record(
  token: string,
  kind: string,
  passcode: string | null = null,
): Promise<boolean> {
  const { data, error } = await (
    await anonymous().publicClient()
  ).rpc('record_link_event', {
    p_access_token: token,
    p_kind: kind as ClientLinkEvent,
    p_passcode: passcode,
  });
  if (error) throw new Error(error.message);
  return data;
}

const totals = async (linkId: string) =>
  (
    await sql<{ opened_count: number; download_count: number; opened: boolean }>(
      'select opened_count, download_count, last_opened_at is not null as opened from public.gallery_links where id = $1',
      [linkId],
    )
  )[0]!;
const events = async (linkId: string) =>
  (
    await sql<{ kind: string }>(
      'select kind from public.link_events where link_id = $1 order by id',
      [linkId],
    )
  ).map((row) => row.kind);

describe('a client page', () => {
  it('records opening and downloads; the photographer reads the totals and the latest events with the album', async () => {
    const link = await newLink({ albumName: 'Okafor Wedding' });
    expect(await record(link.token, 'opened')).toBe(true);
    expect(await record(link.token, 'opened')).toBe(true);
    expect(await record(link.token, 'downloaded')).toBe(true);
    expect(await record(link.token, 'downloaded_all')).toBe(true);
    expect(await totals(link.id)).toEqual({ opened_count: 2, download_count: 2, opened: true });

    const shown = (await listGalleryLinks(admin)).find((candidate) => candidate.id === link.id)!;
    expect([shown.opened_count, shown.download_count, shown.last_opened_at !== null]).toEqual([
      2,
      2,
      true,
    ]);
    const latest = (await listRecentLinkActivity(admin, 50)).filter(
      (event) => event.link_id === link.id,
    );
    expect(latest.map((event) => [event.kind, event.album_name])).toEqual([
      ['downloaded_all', 'Okafor Wedding'],
      ['downloaded', 'Okafor Wedding'],
      ['opened', 'Okafor Wedding'],
      ['opened', 'Okafor Wedding'],
    ]);
  });

  it('records nothing for a link that is unknown, inactive or expired, or for a kind it may not give', async () => {
    const inactive = await newLink({ isActive: false });
    const expired = await newLink({ expiresAt: new Date(Date.now() - 60_000) });
    const open = await newLink();
    for (const token of [newToken(), inactive.token, expired.token])
      expect(await record(token, 'opened')).toBe(false);
    for (const kind of ['favourited', 'deleted', '', 'opened; drop table'])
      expect(await record(open.token, kind)).toBe(false);
    expect([
      ...(await events(inactive.id)),
      ...(await events(expired.id)),
      ...(await events(open.id)),
    ]).toEqual([]);
    expect(await totals(open.id)).toEqual({ opened_count: 0, download_count: 0, opened: false });
  });

  it('needs the passcode of a protected link, and a wrong one counts as a guess', async () => {
    const link = await newLink({ passcode: '7391' });
    expect(await record(link.token, 'opened')).toBe(false);
    expect(await record(link.token, 'opened', '0000')).toBe(false);
    const [{ count }] = (await sql<{ count: string }>(
      `select count(*) from private.failed_attempts where scope = 'passcode' and subject = $1`,
      [link.id],
    )) as [{ count: string }];
    expect(Number(count)).toBe(2);
    expect(await events(link.id)).toEqual([]);
    expect(await record(link.token, 'opened', '7391')).toBe(true);
    expect(await events(link.id)).toEqual(['opened']);
  });

  it('records no download on a link without downloads', async () => {
    const link = await newLink({ allowDownloads: false });
    expect(await record(link.token, 'downloaded')).toBe(false);
    expect(await record(link.token, 'downloaded_all')).toBe(false);
    expect(await record(link.token, 'opened')).toBe(true);
    expect(await totals(link.id)).toEqual({ opened_count: 1, download_count: 0, opened: true });
  });

  it('is ignored past 120 calls from one place in 10 minutes, without an error', async () => {
    const link = await newLink();
    expect(await record(link.token, 'opened')).toBe(true);
    const [{ subject }] = (await sql<{ subject: string }>(
      `select subject from private.failed_attempts where scope = 'activity-source' and subject like $1 || '|%'`,
      [link.id],
    )) as [{ subject: string }];
    await sql(
      `insert into private.failed_attempts (scope, subject) select 'activity-source', $1 from generate_series(1, 119)`,
      [subject],
    );
    expect(await record(link.token, 'opened')).toBe(false);
    expect(await totals(link.id)).toEqual({ opened_count: 1, download_count: 0, opened: true });
  });

  it('cannot write the totals or the events directly', async () => {
    const link = await newLink();
    await anonymous()
      .adminClient.from('gallery_links')
      .update({ opened_count: 999 } as never)
      .eq('id', link.id);
    await admin.adminClient
      .from('gallery_links')
      .update({ download_count: 999 } as never)
      .eq('id', link.id);
    expect(await totals(link.id)).toEqual({ opened_count: 0, download_count: 0, opened: false });
    for (const caller of [anonymous(), admin]) {
      expect((await caller.adminClient.from('link_events' as never).select('*')).error?.code).toBe(
        '42501',
      );
      expect(
        (
          await caller.adminClient
            .from('link_events' as never)
            .insert({ link_id: link.id, kind: 'opened' } as never)
        ).error?.code,
      ).toBe('42501');
    }
    expect(await events(link.id)).toEqual([]);
  });
});

describe('favourites given', () => {
  it('are recorded with the name and how many, and a replay records nothing', async () => {
    const link = await newLink();
    const second = await insertPhoto(link.albumId);
    await syncFavourites(anonymous(), link.token, null, 'Ada', {
      add: [link.photoId, second],
      remove: [],
    });
    await syncFavourites(anonymous(), link.token, null, 'Ada', {
      add: [link.photoId, second],
      remove: [],
    });
    const rows = await sql<{ kind: string; client_name: string; quantity: number }>(
      'select kind, client_name, quantity from public.link_events where link_id = $1',
      [link.id],
    );
    expect(rows).toEqual([{ kind: 'favourited', client_name: 'Ada', quantity: 2 }]);
  });
});

describe('the photographer', () => {
  it('is the only one who reads the activity', async () => {
    expect((await failureOf(listRecentLinkActivity(anonymous()))).message).toBe(
      'Not authenticated',
    );
    expect(
      (await failureOf(listRecentLinkActivity(backendAs({ username: 'admin', token: 'forged' }))))
        .message,
    ).toBe('Not authenticated');
  });

  it('keeps the newest 200 events of a link; deleting the link deletes them', async () => {
    const link = await newLink();
    await sql(`select private.add_link_event($1, 'opened') from generate_series(1, 205)`, [
      link.id,
    ]);
    expect(await events(link.id)).toHaveLength(200);
    expect((await totals(link.id)).opened_count).toBe(205);
    await sql('delete from public.gallery_links where id = $1', [link.id]);
    expect(await events(link.id)).toEqual([]);
  });
});

describe('the throttles’ memory of client addresses (issue 32, item 4)', () => {
  /** Rows of this link's throttles that name a source address. */
  const addressRows = (linkId: string) =>
    sql<{ scope: string }>(
      `select scope from private.failed_attempts where subject like $1 || '|%' and scope like '%-source' order by scope`,
      [linkId],
    );

  it('keeps an address only for the window that counts it, removed on schedule with nobody calling', async () => {
    const link = await newLink({ passcode: '8642' });
    expect(await record(link.token, 'opened', '8642')).toBe(true);
    await syncFavourites(anonymous(), link.token, '8642', 'Ada', {
      add: [link.photoId],
      remove: [],
    });
    expect(await record(link.token, 'opened', '0000')).toBe(false);
    expect((await addressRows(link.id)).map((row) => row.scope)).toEqual([
      'activity-source',
      'favourites-source',
      'passcode-source',
    ]);

    // Still inside the window (14 minutes): the counters need them, and they stay.
    await sql(
      `update private.failed_attempts set attempted_at = now() - interval '14 minutes' where subject like $1 || '|%'`,
      [link.id],
    );
    await sql('select private.forget_stale_attempts()');
    expect(await addressRows(link.id)).toHaveLength(3);

    // Past it, the next scheduled sweep (every second in tests, every minute in npm start)
    // removes every one, though nobody mistyped anything and the address never came back.
    await sql(
      `update private.failed_attempts set attempted_at = now() - interval '16 minutes' where subject like $1 || '|%'`,
      [link.id],
    );
    await expect.poll(() => addressRows(link.id), { timeout: 10_000, interval: 250 }).toEqual([]);
  });

  it('forgets stale rows whenever a throttle is written, so a hosted project without pg_cron keeps none for long', async () => {
    const stale = await newLink();
    expect(await record(stale.token, 'opened')).toBe(true);
    // One transaction: the scheduled sweep cannot see the backdated rows, only the write can.
    const client = await sqlClient();
    try {
      await client.query('begin');
      await client.query(
        `update private.failed_attempts set attempted_at = now() - interval '16 minutes' where subject like $1 || '|%'`,
        [stale.id],
      );
      await client.query(
        `insert into private.failed_attempts (scope, subject) values ('activity-source', $1)`,
        [`${crypto.randomUUID()}|192.0.2.1`],
      );
      const { rows } = await client.query(
        `select 1 from private.failed_attempts where subject like $1 || '|%'`,
        [stale.id],
      );
      expect(rows).toEqual([]);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
