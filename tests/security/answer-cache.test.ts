import { randomBytes } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertAlbum, insertPhotoWithRenditions, sql, sqlClient } from '../integration/helpers';
import { workerStack } from '../support/stack-context';

/**
 * The gateway's kept answers (supabase/local/gateway/plugins/answer-cache.ts, docs/SECURITY.md
 * "Kept answers"): a client album's photo list is given from memory only while nothing it was
 * read from has changed, so revoking a link takes effect with its commit, and a link with a
 * passcode is never answered from memory (each guess reaches the database, which throttles
 * and counts).
 *
 * To see whether an answer came from memory, a photo is renamed behind the gateway's back: as
 * the superuser, with the database's triggers off (session_replication_role = replica), so no
 * new version is made. An answer still naming the old file came from memory.
 */

const token = () => randomBytes(24).toString('base64url');

async function link(album: string, fields: { passcode?: string; expiresAt?: Date } = {}) {
  const accessToken = token();
  await sql(
    `insert into public.gallery_links (album_id, access_token, passcode, expires_at) values ($1, $2, $3, $4)`,
    [album, accessToken, fields.passcode ?? null, fields.expiresAt ?? null],
  );
  return accessToken;
}

/** An album of two photos, open through a new link. */
async function openAlbum(fields: { passcode?: string; expiresAt?: Date } = {}) {
  const album = await insertAlbum();
  const photos = [await insertPhotoWithRenditions(album), await insertPhotoWithRenditions(album)];
  return { album, photos, token: await link(album, fields) };
}

/** Renames a photo without the database telling anyone (no trigger runs). */
async function renameUnheard(photo: string, name: string) {
  const client = await sqlClient();
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    await client.query('update public.photos set original_filename = $2 where id = $1', [
      photo,
      name,
    ]);
    await client.query('commit');
  } finally {
    client.release();
  }
}

interface Call {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as it came off the wire (compressed, when it was). */
  raw: Buffer;
  names: string[];
}

/** The link's photos through the gateway, read with node:http, which decompresses nothing. */
function photosOf(
  accessToken: string,
  {
    passcode,
    encoding = 'identity',
    page,
  }: { passcode?: string; encoding?: string; page?: { offset: number; limit: number } } = {},
): Promise<Call> {
  const { url, anonKey } = workerStack();
  const body = JSON.stringify({
    p_access_token: accessToken,
    p_passcode: passcode ?? null,
    ...(page && { p_offset: page.offset, p_limit: page.limit }),
  });
  return new Promise((resolve, reject) => {
    const call = request(
      `${url}/rest/v1/rpc/get_album_photos_by_token`,
      {
        method: 'POST',
        headers: {
          apikey: anonKey,
          authorization: `Bearer ${anonKey}`,
          'content-type': 'application/json',
          'accept-encoding': encoding,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = (
            response.headers['content-encoding'] === 'br' ? brotliDecompressSync(raw) : raw
          ).toString();
          const rows = JSON.parse(text) as Array<{ original_filename: string }>;
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            raw,
            names: rows.map((row) => row.original_filename).sort(),
          });
        });
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

describe("the gateway's kept answers", () => {
  // The gateway asks for versions only on paths whose answers the database has marked before.
  beforeAll(async () => {
    await photosOf((await openAlbum()).token);
  });

  it("give an open link's photos from memory, byte for byte, and never show the database's mark", async () => {
    const { photos, token: accessToken } = await openAlbum();
    const first = await photosOf(accessToken);
    expect(first.status).toBe(200);
    expect(first.names).toEqual(['x.jpg', 'x.jpg']);
    await renameUnheard(photos[0]!, 'renamed-unheard.jpg');
    const second = await photosOf(accessToken);
    // From memory: the rename was never announced.
    expect(second.names).toEqual(['x.jpg', 'x.jpg']);
    expect(second.raw.equals(first.raw)).toBe(true);
    for (const call of [first, second]) expect(call.headers['x-answer-until']).toBeUndefined();
  });

  it('are given up by the next call after any change to a photo, the link or the album', async () => {
    const { album, photos, token: accessToken } = await openAlbum();
    await photosOf(accessToken);
    await renameUnheard(photos[0]!, 'a.jpg');
    // A caption written as the app writes: a new version of what answers read.
    await sql("update public.photos set caption = 'Rings' where id = $1", [photos[1]]);
    expect((await photosOf(accessToken)).names).toEqual(['a.jpg', 'x.jpg']);

    await renameUnheard(photos[0]!, 'b.jpg');
    await sql("update public.albums set name = 'Renamed' where id = $1", [album]);
    expect((await photosOf(accessToken)).names).toEqual(['b.jpg', 'x.jpg']);
  });

  it('never outlive a revoked link: deactivated, then deleted', async () => {
    const { album, token: accessToken } = await openAlbum();
    expect((await photosOf(accessToken)).names).toHaveLength(2);
    await sql('update public.gallery_links set is_active = false where access_token = $1', [
      accessToken,
    ]);
    expect((await photosOf(accessToken)).names).toEqual([]);

    const second = await link(album);
    expect((await photosOf(second)).names).toHaveLength(2);
    await sql('delete from public.gallery_links where access_token = $1', [second]);
    expect((await photosOf(second)).names).toEqual([]);
  });

  it('never outlive the link itself: kept until it expires, and not a moment longer', async () => {
    const { photos, token: accessToken } = await openAlbum({
      expiresAt: new Date(Date.now() + 2_000),
    });
    expect((await photosOf(accessToken)).names).toHaveLength(2);
    await renameUnheard(photos[0]!, 'kept.jpg');
    expect((await photosOf(accessToken)).names).toEqual(['x.jpg', 'x.jpg']);
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    expect((await photosOf(accessToken)).names).toEqual([]);
  });

  it('never keep the answer of a link with a passcode: each call reaches the database', async () => {
    const { photos, token: accessToken } = await openAlbum({ passcode: '4821' });
    expect((await photosOf(accessToken, { passcode: '4821' })).names).toEqual(['x.jpg', 'x.jpg']);
    await renameUnheard(photos[0]!, 'asked-again.jpg');
    expect((await photosOf(accessToken, { passcode: '4821' })).names).toEqual([
      'asked-again.jpg',
      'x.jpg',
    ]);
    expect((await photosOf(accessToken, { passcode: 'wrong' })).names).toEqual([]);
  });

  it("keep each link's answer apart, and compress a kept answer like any other", async () => {
    const one = await openAlbum();
    const other = await openAlbum();
    await photosOf(one.token);
    await renameUnheard(other.photos[0]!, 'other.jpg');
    expect((await photosOf(other.token)).names).toEqual(['other.jpg', 'x.jpg']);
    // A page of the list is an answer of its own.
    expect((await photosOf(one.token, { page: { offset: 0, limit: 1 } })).names).toHaveLength(1);

    const plain = await photosOf(one.token);
    const compressed = await photosOf(one.token, { encoding: 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.raw).equals(plain.raw)).toBe(true);
  });
});
