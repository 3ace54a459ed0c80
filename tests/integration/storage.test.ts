import { beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '@/lib/backend/client';
import { ORIGINALS_BUCKET } from '@/lib/backend/photo-objects';
import {
  PHOTOS_BUCKET,
  removePhotoObjects,
  uploadOriginal,
  uploadToPhotos,
} from '@/lib/backend/storage';
import { anonymous, backendAs, failureOf, photoFixture, signedInAdmin, sql } from './helpers';
import { workerStack } from '../support/stack-context';

let admin: Backend;
beforeAll(async () => {
  admin = backendAs(await signedInAdmin());
});

const jpeg = () => new Blob([photoFixture('landscape.jpg')], { type: 'image/jpeg' });
const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
/** A rendition's name: what bucket photos takes inside an album folder. */
const objectPath = () => `${crypto.randomUUID()}/${crypto.randomUUID()}.preview.webp`;
/** An original's name, in bucket originals. */
const originalName = () => `${crypto.randomUUID()}/${crypto.randomUUID()}.jpg`;

async function storedObjects(name: string) {
  return sql<{ name: string; mimetype: string }>(
    `select name, metadata ->> 'mimetype' as mimetype from storage.objects where bucket_id = 'photos' and name = $1`,
    [name],
  );
}

describe('storage bucket photos', () => {
  it('lets an admin upload a JPEG that everyone can then view through its public URL', async () => {
    const path = objectPath();
    const url = await uploadToPhotos(admin, path, jpeg(), 'image/jpeg');
    expect(url).toBe(`${workerStack().url}/storage/v1/object/public/photos/${path}`);
    expect(await storedObjects(path)).toEqual([{ name: path, mimetype: 'image/jpeg' }]);

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer()).equals(photoFixture('landscape.jpg'))).toBe(
      true,
    );
  });

  it('refuses uploads from anonymous callers and forged sessions', async () => {
    // Anonymous callers meet row-level security; admin headers of a session that does not
    // exist are refused outright as 'Not authenticated', as PostgREST refuses them
    // (private.refuse_stale_admin_session, migration 20261122000700).
    const callers: Array<[Backend, number, string]> = [
      [anonymous(), 403, 'new row violates row-level security policy'],
      [backendAs({ username: 'admin', token: 'forged' }), 401, 'Not authenticated'],
    ];
    for (const [caller, status, message] of callers) {
      const path = objectPath();
      const refused = await failureOf(uploadToPhotos(caller, path, jpeg(), 'image/jpeg'));
      expect(refused.status).toBe(status);
      expect(refused.message).toBe(message);
      expect(await storedObjects(path)).toEqual([]);
      expect(
        (await fetch(`${workerStack().url}/storage/v1/object/public/photos/${path}`)).status,
      ).toBe(404);
    }
  });

  it('refuses SVG to everyone, whatever it is called or labelled', async () => {
    const attempts: Array<[string, string]> = [
      [`${crypto.randomUUID()}/drawing.svg`, 'image/svg+xml'],
      [objectPath(), 'image/svg+xml'],
      [objectPath(), 'image/jpeg'],
    ];
    for (const [path, type] of attempts) {
      const refused = await failureOf(uploadToPhotos(admin, path, new Blob([svg], { type }), type));
      expect(refused.status).toBe(415);
      expect(await storedObjects(path)).toEqual([]);
    }
  });

  it('refuses names outside the bucket layout and path tricks, and originals (they are private)', async () => {
    for (const path of [
      '../escape.jpg',
      `${crypto.randomUUID()}/page.html`,
      'a/b/c/deep.jpg',
      originalName(),
    ]) {
      const refused = await failureOf(uploadToPhotos(admin, path, jpeg(), 'image/jpeg'));
      expect([400, 403]).toContain(refused.status);
    }
  });

  it('does not let anonymous callers list or remove files, and lets an admin remove them', async () => {
    const path = objectPath();
    const url = await uploadToPhotos(admin, path, jpeg(), 'image/jpeg');

    const folder = path.split('/')[0];
    const listedByAdmin = await admin.adminClient.storage.from(PHOTOS_BUCKET).list(folder);
    expect(listedByAdmin.data?.map((entry) => entry.name)).toEqual([path.split('/')[1]]);
    // Without credentials the storage client sends only the anon key: an anonymous caller.
    const listedByStranger = await anonymous().adminClient.storage.from(PHOTOS_BUCKET).list(folder);
    expect(listedByStranger).toMatchObject({ data: [], error: null });
    const { data: removedByStranger } = await anonymous()
      .adminClient.storage.from(PHOTOS_BUCKET)
      .remove([path]);
    expect(removedByStranger).toEqual([]);
    expect((await fetch(url)).status).toBe(200);

    await removePhotoObjects(admin, [path]);
    expect(await storedObjects(path)).toEqual([]);
    expect((await fetch(url)).status).toBe(404);
  });

  it('replaces a file when the same path is uploaded again (a replayed upload)', async () => {
    const path = objectPath();
    await uploadToPhotos(admin, path, jpeg(), 'image/jpeg');
    const url = await uploadToPhotos(
      admin,
      path,
      new Blob([photoFixture('portrait.jpg')], { type: 'image/jpeg' }),
      'image/jpeg',
    );
    expect(await storedObjects(path)).toHaveLength(1);
    expect(
      Buffer.from(await (await fetch(url)).arrayBuffer()).equals(photoFixture('portrait.jpg')),
    ).toBe(true);
  });
});

describe('signed URLs (for private originals)', () => {
  const signedAnswer = (signedUrl: string) => fetch(signedUrl);

  it('signs a URL for an object the caller may read, which then serves it until it expires', async () => {
    const path = originalName();
    await uploadOriginal(admin, path, jpeg(), 'image/jpeg');
    const { data, error } = await admin.adminClient.storage
      .from(ORIGINALS_BUCKET)
      .createSignedUrl(path, 60);
    expect(error).toBeNull();
    expect(data!.signedUrl).toMatch(
      new RegExp(
        `^${workerStack().url}/storage/v1/object/sign/originals/${path}\\?token=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`,
      ),
    );
    const response = await signedAnswer(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toMatch(/^private, max-age=(59|60)$/);
    expect(Buffer.from(await response.arrayBuffer()).equals(photoFixture('landscape.jpg'))).toBe(
      true,
    );

    // (storage-js percent-encodes the name twice, as against hosted: keep to plain names.)
    const download = await admin.adminClient.storage
      .from(ORIGINALS_BUCKET)
      .createSignedUrl(path, 60, { download: 'Mariage Anne.jpg' });
    const downloaded = await signedAnswer(download.data!.signedUrl);
    expect(downloaded.headers.get('content-disposition')).toBe(
      `attachment; filename="Mariage Anne.jpg"; filename*=UTF-8''Mariage%20Anne.jpg`,
    );
  });

  it('signs many at once, saying which objects it could not sign', async () => {
    const path = originalName();
    const missing = originalName();
    await uploadOriginal(admin, path, jpeg(), 'image/jpeg');
    const { data, error } = await admin.adminClient.storage
      .from(ORIGINALS_BUCKET)
      .createSignedUrls([path, missing], 60);
    expect(error).toBeNull();
    expect(data!.map((entry) => [entry.path, entry.error])).toEqual([
      [path, null],
      [missing, 'Either the object does not exist or you do not have access to it'],
    ]);
    expect((await signedAnswer(data![0]!.signedUrl!)).status).toBe(200);
  });

  it('signs nothing for a caller who may not read the object', async () => {
    const path = originalName();
    await uploadOriginal(admin, path, jpeg(), 'image/jpeg');
    const { data, error } = await anonymous()
      .adminClient.storage.from(ORIGINALS_BUCKET)
      .createSignedUrl(path, 60);
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 404, message: 'Object not found' });
    const many = await anonymous()
      .adminClient.storage.from(ORIGINALS_BUCKET)
      .createSignedUrls([path], 60);
    expect(many.data![0]).toMatchObject({
      signedUrl: null,
      error: 'Either the object does not exist or you do not have access to it',
    });
  });

  it('refuses expired, altered and misapplied tokens, and never takes one as an API key', async () => {
    const [path, other] = [originalName(), originalName()];
    await uploadOriginal(admin, path, jpeg(), 'image/jpeg');
    await uploadOriginal(admin, other, jpeg(), 'image/jpeg');
    // A token that outlives the checks below on a busy machine, and one that expires at once.
    const { data } = await admin.adminClient.storage
      .from(ORIGINALS_BUCKET)
      .createSignedUrl(path, 600);
    const { data: shortLived } = await admin.adminClient.storage
      .from(ORIGINALS_BUCKET)
      .createSignedUrl(path, 1);
    const token = new URL(data!.signedUrl).searchParams.get('token')!;
    const base = `${workerStack().url}/storage/v1/object`;

    const forOther = await fetch(`${base}/sign/originals/${other}?token=${token}`);
    expect(forOther.status).toBe(400);
    expect(await forOther.json()).toEqual({
      statusCode: '400',
      error: 'InvalidSignature',
      message: 'Invalid signature',
    });
    const [header, payload, signature] = token.split('.');
    const altered = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        url: `originals/${other}`,
      }),
    ).toString('base64url');
    expect(
      (await fetch(`${base}/sign/originals/${other}?token=${header}.${altered}.${signature}`))
        .status,
    ).toBe(400);
    expect((await fetch(`${base}/sign/originals/${path}`)).status).toBe(400);
    // A signed-URL token names no role: it is not an API key.
    const asKey = await fetch(`${base}/authenticated/originals/${path}`, {
      headers: { authorization: `Bearer ${token}`, apikey: token },
    });
    expect(asKey.status).toBe(403);

    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await fetch(shortLived!.signedUrl);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({
      error: 'ExpiredToken',
      message: 'The provided token has expired.',
    });
  });
});
