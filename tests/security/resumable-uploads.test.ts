import { randomBytes } from 'node:crypto';
import { Upload } from 'tus-js-client';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '@/lib/backend/client';
import { ORIGINALS_BUCKET } from '@/lib/backend/photo-objects';
import { uploadOriginalResumable } from '@/lib/backend/resumable-upload';
import {
  anonymous,
  backendAs,
  failureOf,
  photoFixture,
  signedInAdmin,
  sql,
} from '../integration/helpers';
import { workerStack } from '../support/stack-context';

/**
 * The tus endpoint (supabase/local/storage/routes/resumable.ts) and the signed upload tokens
 * it takes: an admin's original arrives whole and resumes after a cut; nobody else can start,
 * continue or redirect an upload (docs/SECURITY.md, class 3).
 */

let admin: Backend;
beforeAll(async () => {
  admin = backendAs(await signedInAdmin());
});

const originalName = () => `${crypto.randomUUID()}/${crypto.randomUUID()}.jpg`;
const base = () => `${workerStack().url}/storage/v1`;
/** A JPEG of `size` bytes: the fixture's bytes, padded (what follows the end marker does not matter to the type check). */
function jpegOf(size: number): Buffer {
  const photo = photoFixture('landscape.jpg');
  return Buffer.concat([photo, randomBytes(Math.max(0, size - photo.length))]);
}

async function stored(name: string) {
  return sql<{ size: string; mimetype: string }>(
    `select metadata ->> 'size' as size, metadata ->> 'mimetype' as mimetype from storage.objects where bucket_id = 'originals' and name = $1`,
    [name],
  );
}

async function downloaded(name: string): Promise<Buffer> {
  const { data, error } = await admin.adminClient.storage.from(ORIGINALS_BUCKET).download(name);
  if (error) throw error;
  return Buffer.from(await data.arrayBuffer());
}

async function tokenFor(name: string): Promise<string> {
  const { data, error } = await admin.adminClient.storage
    .from(ORIGINALS_BUCKET)
    .createSignedUploadUrl(name, { upsert: true });
  if (error) throw error;
  return data.token;
}

/** A raw tus request to the signed route. */
function tus(
  path: string,
  init: { method: string; headers?: Record<string, string>; body?: Buffer },
) {
  return fetch(`${base()}/upload/resumable${path}`, {
    method: init.method,
    headers: { 'tus-resumable': '1.0.0', apikey: workerStack().anonKey, ...init.headers },
    body: init.body ? new Blob([new Uint8Array(init.body)]) : undefined,
  });
}

const metadata = (name: string, type = 'image/jpeg') =>
  [
    `bucketName ${Buffer.from(ORIGINALS_BUCKET).toString('base64')}`,
    `objectName ${Buffer.from(name).toString('base64')}`,
    `contentType ${Buffer.from(type).toString('base64')}`,
  ].join(',');

describe('resumable uploads of originals (tus)', () => {
  it('stores an admin’s original whole, in chunks, with its type and size', async () => {
    const name = originalName();
    const bytes = jpegOf(700_000);
    const progress: number[] = [];
    const path = await uploadOriginalResumable(admin, name, bytes, 'image/jpeg', {
      chunkSize: 256 * 1024,
      onProgress: (sent) => progress.push(sent),
    });
    expect(path).toBe(`/storage/v1/object/authenticated/originals/${name}`);
    expect(await stored(name)).toEqual([{ size: String(bytes.length), mimetype: 'image/jpeg' }]);
    expect((await downloaded(name)).equals(bytes)).toBe(true);
    expect(progress.at(-1)).toBe(bytes.length);
    // A replay replaces the object with the same bytes: still one object.
    await uploadOriginalResumable(admin, name, bytes, 'image/jpeg');
    expect(await stored(name)).toHaveLength(1);
    expect((await downloaded(name)).equals(bytes)).toBe(true);
  });

  it('resumes a cut upload from the last acknowledged chunk, sending the rest only', async () => {
    const name = originalName();
    const chunk = 256 * 1024;
    const bytes = jpegOf(5 * chunk + 1000);
    const token = await tokenFor(name);
    // First attempt: cut after two chunks were acknowledged.
    let url: string | null = null;
    await new Promise<void>((resolve, reject) => {
      const upload = new Upload(bytes, {
        endpoint: `${base()}/upload/resumable/sign`,
        headers: { 'x-signature': token, apikey: workerStack().anonKey },
        chunkSize: chunk,
        metadata: { bucketName: ORIGINALS_BUCKET, objectName: name, contentType: 'image/jpeg' },
        retryDelays: [],
        storeFingerprintForResuming: false,
        onChunkComplete: (_size, accepted) => {
          url = upload.url;
          if (accepted >= 2 * chunk) void upload.abort(false).then(resolve);
        },
        onError: reject,
      });
      upload.start();
    });
    expect(url).toMatch(/\/storage\/v1\/upload\/resumable\/sign\/[0-9a-f-]{36}$/);
    expect(await stored(name)).toEqual([]);

    // The retry, as the outbox makes it: a fresh token, the kept URL.
    const progress: number[] = [];
    await uploadOriginalResumable(admin, name, bytes, 'image/jpeg', {
      uploadUrl: url,
      chunkSize: chunk,
      onProgress: (sent) => progress.push(sent),
    });
    expect((await downloaded(name)).equals(bytes)).toBe(true);
    // It started from the server's offset: no progress below the two chunks acknowledged before.
    expect(Math.min(...progress)).toBeGreaterThanOrEqual(2 * chunk);
    expect(progress.at(-1)).toBe(bytes.length);
  });

  it('refuses tokens to callers row-level security refuses, and uploads without a valid token for that object', async () => {
    const name = originalName();
    expect(
      (await failureOf(uploadOriginalResumable(anonymous(), name, jpegOf(1000), 'image/jpeg')))
        .status,
    ).toBe(403);

    const token = await tokenFor(name);
    const missing = await tus('/sign', {
      method: 'POST',
      headers: { 'upload-length': '1000', 'upload-metadata': metadata(name) },
    });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toMatch(/Missing token/);
    // A token for one object cannot start an upload of another.
    const elsewhere = await tus('/sign', {
      method: 'POST',
      headers: {
        'upload-length': '1000',
        'upload-metadata': metadata(originalName()),
        'x-signature': token,
      },
    });
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toMatch(/do not match/);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), url: `originals/${originalName()}` })).toString('base64url')}.${signature}`;
    expect(
      (
        await tus('/sign', {
          method: 'POST',
          headers: {
            'upload-length': '1000',
            'upload-metadata': metadata(name),
            'x-signature': forged,
          },
        })
      ).status,
    ).toBe(400);
    // The unsigned route asks row-level security: the anon key alone may not upload.
    const unsigned = await tus('', {
      method: 'POST',
      headers: {
        'upload-length': '1000',
        'upload-metadata': metadata(name),
        authorization: `Bearer ${workerStack().anonKey}`,
      },
    });
    expect(unsigned.status).toBe(403);
    // An upload token is neither an API key nor a download token.
    const asKey = await fetch(`${base()}/object/list/originals`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        apikey: token,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ prefix: '' }),
    });
    expect(asKey.status).toBe(403);
    expect((await fetch(`${base()}/object/sign/originals/${name}?token=${token}`)).status).toBe(
      400,
    );
    expect(await stored(name)).toEqual([]);
  });

  it('lets no one continue an upload with another object’s token, and drops a finished upload whose bytes are not its type', async () => {
    const name = originalName();
    const token = await tokenFor(name);
    const created = await tus('/sign', {
      method: 'POST',
      headers: { 'upload-length': '64', 'upload-metadata': metadata(name), 'x-signature': token },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const id = location.split('/').at(-1)!;
    const other = await tokenFor(originalName());
    const patch = (signature: string, body: Buffer) =>
      tus(`/sign/${id}`, {
        method: 'PATCH',
        headers: {
          'x-signature': signature,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        body,
      });
    // Answered as an upload that does not exist (the next test).
    expect((await patch(other, Buffer.alloc(64))).status).toBe(404);
    // Text labelled as a JPEG: refused when complete, and not left to answer as complete.
    const refused = await patch(token, Buffer.from('<html>'.padEnd(64, ' ')));
    expect(refused.status).toBe(415);
    expect(
      (await tus(`/sign/${id}`, { method: 'HEAD', headers: { 'x-signature': token } })).status,
    ).toBe(404);
    expect(await stored(name)).toEqual([]);
  });

  it('lets only the upload’s token or an admin who may write its object look into, continue or cancel it', async () => {
    const { username, token: session } = await signedInAdmin();
    const asAdmin = { 'x-admin-username': username, 'x-admin-token': session };
    const name = originalName();
    const token = await tokenFor(name);
    const create = (path: string, headers: Record<string, string>) =>
      tus(path, {
        method: 'POST',
        headers: { 'upload-length': '64', 'upload-metadata': metadata(name), ...headers },
      });
    const signedId = (await create('/sign', { 'x-signature': token })).headers
      .get('location')!
      .split('/')
      .at(-1)!;
    const unsignedCreated = await create('', asAdmin);
    expect(unsignedCreated.status).toBe(201);
    const unsignedId = unsignedCreated.headers.get('location')!.split('/').at(-1)!;
    const missingId = crypto.randomUUID();
    /** Every method on an upload URL, as status and body: what a caller can tell of it. */
    const answers = async (path: string, headers: Record<string, string> = {}) => {
      const seen = [];
      for (const method of ['HEAD', 'PATCH', 'DELETE', 'GET']) {
        const extra: Record<string, string> =
          method === 'PATCH'
            ? { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }
            : {};
        const answer = await tus(path, {
          method,
          headers: { ...extra, ...headers },
          body: method === 'PATCH' ? Buffer.alloc(8) : undefined,
        });
        seen.push(
          `${method} ${answer.status} ${answer.headers.get('upload-metadata') ?? ''}${await answer.text()}`,
        );
      }
      return seen;
    };
    const missing = await answers(`/${missingId}`);
    // A PATCH with no admin session is refused by the gateway from its headers, whatever the id.
    expect(missing.map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual([
      'HEAD 404',
      'PATCH 403',
      'DELETE 404',
      'GET 404',
    ]);
    // The anon key alone, or an upload token for another object: as if the upload did not exist.
    expect(await answers(`/${unsignedId}`)).toEqual(missing);
    expect(await answers(`/${signedId}`)).toEqual(missing);
    const other = { 'x-signature': await tokenFor(originalName()) };
    expect(await answers(`/sign/${signedId}`, other)).toEqual(
      await answers(`/sign/${missingId}`, other),
    );
    expect((await answers(`/sign/${signedId}`)).map((line) => line.split(' ')[1])).toEqual([
      '400',
      '400',
      '400',
      '404',
    ]);

    // Its own credential still reads and cancels it.
    const head = (path: string, headers: Record<string, string>) =>
      tus(path, { method: 'HEAD', headers });
    expect((await head(`/${unsignedId}`, asAdmin)).headers.get('upload-offset')).toBe('0');
    expect(
      (await head(`/sign/${signedId}`, { 'x-signature': token })).headers.get('upload-offset'),
    ).toBe('0');
    expect((await tus(`/${unsignedId}`, { method: 'DELETE', headers: asAdmin })).status).toBe(204);
    expect(
      (await tus(`/sign/${signedId}`, { method: 'DELETE', headers: { 'x-signature': token } }))
        .status,
    ).toBe(204);
    expect((await head(`/sign/${signedId}`, { 'x-signature': token })).status).toBe(404);
    expect((await head(`/${unsignedId}`, asAdmin)).status).toBe(404);
  });

  it('refuses an upload larger than the bucket takes before any byte is sent', async () => {
    const name = originalName();
    const token = await tokenFor(name);
    const tooLarge = await tus('/sign', {
      method: 'POST',
      headers: {
        'upload-length': String(60 * 1024 * 1024),
        'upload-metadata': metadata(name),
        'x-signature': token,
      },
    });
    expect(tooLarge.status).toBe(413);
  });
});
