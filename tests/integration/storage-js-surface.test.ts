import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { sqlPool } from '../support/sql-pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { adminLogin } from '@/lib/backend/admin-auth';
import { createBackend, type AdminCredentials } from '@/lib/backend/client';
import { startStack, type RunningStack } from '../../supabase/local/stack';
import { photoFixture } from './helpers';

/**
 * Every method of storage-js' StorageFileApi and StorageBucketApi against the local storage
 * service, each checked against what hosted Supabase Storage answers (docs/deploy.md §5): the
 * data shape or the refusal's status and message, and the storage.objects / storage.buckets rows
 * where something is written. File methods run as an admin (anon key plus session headers, as
 * the app calls); bucket methods as the service role, and as the admin and anon to show they are
 * refused. This file starts a stack of its own: the shared one hands out no service-role key.
 * The tus endpoint (createSignedUploadUrl + tus) is driven by tests/security/resumable-uploads.test.ts.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'storage-js-surface-'));
let stack: RunningStack;
let db: pg.Pool;
let credentials: AdminCredentials;

beforeAll(async () => {
  const adminPassword = randomBytes(9).toString('base64url');
  stack = await startStack({ dataDir, port: 0, fast: true, adminPassword, log: () => undefined });
  db = sqlPool({ ...stack.database, max: 2 });
  await db.query(`select private.set_admin_password('surface', $1)`, [adminPassword]);
  const token = await adminLogin(backend(null), 'surface', adminPassword);
  if (!token) throw new Error('admin sign-in failed');
  credentials = { username: 'surface', token };
});

afterAll(async () => {
  await db?.end();
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const config = () => ({ supabaseUrl: stack.url, supabaseAnonKey: stack.anonKey });
const backend = (who: AdminCredentials | null) =>
  createBackend(config(), { credentials: () => who, realtimeTransport: WebSocket });
const noSession = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as never },
};
const admin = () => backend(credentials).adminClient.storage;
const anon = () => createClient(stack.url, stack.anonKey, noSession).storage;
const service = () => createClient(stack.url, stack.serviceRoleKey, noSession).storage;
/** The headers the admin's storage-js sends, for the routes storage-js has no method for. */
const adminHeaders = () => ({
  apikey: stack.anonKey,
  authorization: `Bearer ${stack.anonKey}`,
  'x-admin-username': credentials.username,
  'x-admin-token': credentials.token,
});

const jpeg = photoFixture('landscape.jpg');
const otherJpeg = photoFixture('portrait.jpg');
const album = randomUUID();
const originalName = () => `${album}/${randomUUID()}.jpg`;
const RLS = 'new row violates row-level security policy';

/** A refusal as storage-js reports it: HTTP status, the body's statusCode, and the message. */
function refusal(result: { error: unknown }) {
  const error = result.error as { status?: number; statusCode?: string; message?: string } | null;
  return { status: error?.status, statusCode: error?.statusCode, message: error?.message };
}

async function rows(bucket: string, name: string) {
  const result = await db.query<{ id: string; version: string; mimetype: string; size: string }>(
    `select id, version, metadata ->> 'mimetype' as mimetype, metadata ->> 'size' as size
       from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  );
  return result.rows;
}

async function bytesOf(bucket: string, name: string): Promise<Buffer> {
  const { data, error } = await admin().from(bucket).download(name);
  if (error) throw error;
  return Buffer.from(await data.arrayBuffer());
}

describe('StorageFileApi as the admin', () => {
  it('upload and update: {id, path, fullPath}, 409 without upsert, 403 by policy, Invalid key', async () => {
    const name = originalName();
    const uploaded = await admin()
      .from('originals')
      .upload(name, jpeg, { contentType: 'image/jpeg' });
    expect(uploaded.data).toEqual({
      id: expect.any(String),
      path: name,
      fullPath: `originals/${name}`,
    });
    const [stored] = await rows('originals', name);
    expect(stored).toMatchObject({
      id: uploaded.data?.id,
      mimetype: 'image/jpeg',
      size: String(jpeg.length),
    });

    expect(
      refusal(await admin().from('originals').upload(name, jpeg, { contentType: 'image/jpeg' })),
    ).toEqual({
      status: 409,
      statusCode: '409',
      message: 'The resource already exists',
    });
    // An original's name in the public bucket: the photos policies refuse it.
    const inPhotos = await admin().from('photos').upload(name, jpeg, { contentType: 'image/jpeg' });
    expect(refusal(inPhotos)).toEqual({ status: 403, statusCode: '403', message: RLS });
    expect(await rows('photos', name)).toEqual([]);

    const updated = await admin()
      .from('originals')
      .update(name, otherJpeg, { contentType: 'image/jpeg' });
    expect(updated.data).toEqual({ id: stored?.id, path: name, fullPath: `originals/${name}` });
    const [replaced] = await rows('originals', name);
    expect(replaced).toMatchObject({ id: stored?.id, size: String(otherJpeg.length) });
    expect(replaced?.version).not.toBe(stored?.version);
    expect((await bytesOf('originals', name)).equals(otherJpeg)).toBe(true);
  });

  it('createSignedUploadUrl and uploadToSignedUrl: {signedUrl, token, path}, then {path, fullPath}', async () => {
    const name = originalName();
    const signed = await admin().from('originals').createSignedUploadUrl(name);
    expect(signed.data).toEqual({
      signedUrl: expect.stringContaining(`/object/upload/sign/originals/${name}?token=`),
      token: expect.any(String),
      path: name,
    });
    const token = signed.data?.token ?? '';
    const put = await anon()
      .from('originals')
      .uploadToSignedUrl(name, token, jpeg, { contentType: 'image/jpeg' });
    expect(put.data).toEqual({ path: name, fullPath: `originals/${name}` });
    expect(await rows('originals', name)).toEqual([
      expect.objectContaining({ mimetype: 'image/jpeg', size: String(jpeg.length) }),
    ]);
    // The token names one object; without upsert it cannot replace it.
    expect(
      refusal(await anon().from('originals').uploadToSignedUrl(originalName(), token, jpeg)),
    ).toMatchObject({
      status: 400,
      statusCode: '400',
    });
    expect(
      refusal(
        await anon()
          .from('originals')
          .uploadToSignedUrl(name, token, jpeg, { contentType: 'image/jpeg' }),
      ),
    ).toMatchObject({
      statusCode: '409',
    });
    expect(refusal(await anon().from('originals').createSignedUploadUrl(originalName()))).toEqual({
      status: 403,
      statusCode: '403',
      message: RLS,
    });
  });

  it('download, info, exists, createSignedUrl(s), getPublicUrl', async () => {
    const name = originalName();
    await admin().from('originals').upload(name, jpeg, { contentType: 'image/jpeg' });
    const missing = originalName();
    expect((await bytesOf('originals', name)).equals(jpeg)).toBe(true);
    expect(refusal(await admin().from('originals').download(missing))).toEqual({
      status: 404,
      statusCode: '404',
      message: 'Object not found',
    });

    const [stored] = await rows('originals', name);
    const info = await admin().from('originals').info(name);
    expect(info.data).toEqual({
      id: stored?.id,
      name,
      version: stored?.version,
      bucketId: 'originals',
      size: jpeg.length,
      contentType: 'image/jpeg',
      cacheControl: 'max-age=3600',
      etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
      metadata: null,
      lastModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(refusal(await admin().from('originals').info(missing))).toEqual({
      status: 404,
      statusCode: '404',
      message: 'Object not found',
    });
    // Row-level security hides an album's original from a visitor.
    expect(refusal(await anon().from('originals').info(name))).toEqual({
      status: 404,
      statusCode: '404',
      message: 'Object not found',
    });

    expect(await admin().from('originals').exists(name)).toEqual({ data: true, error: null });
    expect((await admin().from('originals').exists(missing)).data).toBe(false);

    const one = await admin().from('originals').createSignedUrl(name, 60);
    expect(one.data?.signedUrl).toContain(`/storage/v1/object/sign/originals/${name}?token=`);
    expect(
      Buffer.from(await (await fetch(one.data?.signedUrl ?? '')).arrayBuffer()).equals(jpeg),
    ).toBe(true);
    expect(refusal(await admin().from('originals').createSignedUrl(missing, 60))).toEqual({
      status: 404,
      statusCode: '404',
      message: 'Object not found',
    });
    const many = await admin().from('originals').createSignedUrls([name, missing], 60);
    expect(many.data).toEqual([
      {
        error: null,
        path: name,
        signedURL: expect.stringMatching(/^\/object\/sign\//),
        signedUrl: expect.stringContaining(`/object/sign/originals/${name}?token=`),
      },
      {
        error: 'Either the object does not exist or you do not have access to it',
        path: missing,
        signedURL: null,
        signedUrl: null,
      },
    ]);

    const logo = `logo-${randomUUID()}.jpg`;
    await admin().from('photos').upload(logo, jpeg, { contentType: 'image/jpeg' });
    const publicUrl = admin().from('photos').getPublicUrl(logo).data.publicUrl;
    expect(publicUrl).toBe(`${stack.url}/storage/v1/object/public/photos/${logo}`);
    expect((await fetch(publicUrl)).status).toBe(200);
    const privateUrl = admin().from('originals').getPublicUrl(name).data.publicUrl;
    const notPublic = await fetch(privateUrl);
    expect({ status: notPublic.status, body: await notPublic.json() }).toEqual({
      status: 404,
      body: { statusCode: '404', error: 'Bucket not found', message: 'Bucket not found' },
    });
  });

  it('list, copy, move, remove, and the single-object DELETE', async () => {
    const name = originalName();
    await admin().from('originals').upload(name, jpeg, { contentType: 'image/jpeg' });
    const [source] = await rows('originals', name);
    const listed = await admin().from('originals').list(album, { limit: 1000 });
    expect(listed.data?.map((entry) => entry.name)).toContain(name.split('/')[1]);

    const copyName = originalName();
    expect((await admin().from('originals').copy(name, copyName)).data).toEqual({
      path: `originals/${copyName}`,
    });
    const [copied] = await rows('originals', copyName);
    expect(copied).toMatchObject({ mimetype: 'image/jpeg', size: String(jpeg.length) });
    expect(copied?.id).not.toBe(source?.id);
    expect(copied?.version).not.toBe(source?.version);
    expect((await bytesOf('originals', copyName)).equals(jpeg)).toBe(true);
    expect(refusal(await admin().from('originals').copy(name, copyName))).toEqual({
      status: 409,
      statusCode: '409',
      message: 'The resource already exists',
    });
    const badKey = `${album}/back\\slash.jpg`;
    expect(refusal(await admin().from('originals').copy(name, badKey))).toEqual({
      status: 400,
      statusCode: '400',
      message: `Invalid key: ${badKey}`,
    });
    expect(refusal(await admin().from('originals').copy(originalName(), originalName()))).toEqual({
      status: 404,
      statusCode: '404',
      message: 'Object not found',
    });
    // An original cannot become a public object under an original's name (class 4).
    const leak = await admin().from('originals').copy(name, name, { destinationBucket: 'photos' });
    expect(refusal(leak)).toEqual({ status: 403, statusCode: '403', message: RLS });
    expect(await rows('photos', name)).toEqual([]);
    expect(refusal(await anon().from('originals').copy(name, originalName()))).toEqual({
      status: 404,
      statusCode: '404',
      message: 'Object not found',
    });

    // x-upsert (storage-js has no option for it): the destination gets the source's bytes.
    const other = originalName();
    await admin().from('originals').upload(other, otherJpeg, { contentType: 'image/jpeg' });
    const upsert = await fetch(`${stack.url}/storage/v1/object/copy`, {
      method: 'POST',
      headers: { ...adminHeaders(), 'content-type': 'application/json', 'x-upsert': 'true' },
      body: JSON.stringify({ bucketId: 'originals', sourceKey: name, destinationKey: other }),
    });
    const answer = (await upsert.json()) as Record<string, unknown>;
    expect(upsert.status).toBe(200);
    expect(answer).toMatchObject({
      Key: `originals/${other}`,
      name: other,
      bucket_id: 'originals',
      owner: '',
      owner_id: '',
    });
    expect(answer.Id).toBe(answer.id);
    expect((await bytesOf('originals', other)).equals(jpeg)).toBe(true);

    const movedName = originalName();
    expect((await admin().from('originals').move(copyName, movedName)).data).toEqual({
      message: 'Successfully moved',
    });
    expect(await rows('originals', copyName)).toEqual([]);
    expect(await rows('originals', movedName)).toEqual([
      expect.objectContaining({ id: copied?.id }),
    ]);

    const removed = await admin().from('originals').remove([movedName, originalName()]);
    expect(removed.data?.map((row) => row.name)).toEqual([movedName]);
    expect(await rows('originals', movedName)).toEqual([]);

    const deleteOne = (who: Record<string, string>, target: string) =>
      fetch(`${stack.url}/storage/v1/object/originals/${target}`, {
        method: 'DELETE',
        headers: who,
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as unknown,
      }));
    const anonHeaders = { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` };
    expect(await deleteOne(anonHeaders, other)).toEqual({
      status: 403,
      body: { statusCode: '403', error: 'Unauthorized', message: 'Access denied' },
    });
    expect(await deleteOne(adminHeaders(), other)).toEqual({
      status: 200,
      body: { message: 'Successfully deleted' },
    });
    expect(await rows('originals', other)).toEqual([]);
    expect(await deleteOne(adminHeaders(), other)).toEqual({
      status: 404,
      body: { statusCode: '404', error: 'not_found', message: 'Object not found' },
    });
  });
});

describe('StorageBucketApi: the service role only', () => {
  const bucketRow = async (id: string) =>
    (
      await db.query<Record<string, unknown>>(
        'select public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
        [id],
      )
    ).rows;

  it('listBuckets and getBucket: every bucket for the service role, none for the admin or anon', async () => {
    const shape = {
      id: 'photos',
      name: 'photos',
      owner: '',
      public: true,
      file_size_limit: 52428800,
      allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    };
    const listed = await service().listBuckets();
    expect(listed.data?.map((bucket) => bucket.id)).toEqual(
      expect.arrayContaining(['originals', 'photos']),
    );
    expect(listed.data?.find((bucket) => bucket.id === 'photos')).toEqual({
      ...shape,
      type: 'STANDARD',
    });
    expect((await service().getBucket('photos')).data).toEqual(shape);
    for (const caller of [admin(), anon()]) {
      expect((await caller.listBuckets()).data).toEqual([]);
      expect(refusal(await caller.getBucket('photos'))).toEqual({
        status: 404,
        statusCode: '404',
        message: 'Bucket not found',
      });
    }
    expect(refusal(await service().getBucket('nowhere'))).toEqual({
      status: 404,
      statusCode: '404',
      message: 'Bucket not found',
    });
  });

  it('createBucket, updateBucket, emptyBucket, deleteBucket: the service role does, nobody else can', async () => {
    const id = `surface-${randomUUID().slice(0, 8)}`;
    for (const caller of [admin(), anon()]) {
      expect(refusal(await caller.createBucket(id, { public: true }))).toEqual({
        status: 403,
        statusCode: '403',
        message: RLS,
      });
    }
    expect(await bucketRow(id)).toEqual([]);
    const created = await service().createBucket(id, {
      public: false,
      fileSizeLimit: '1MB',
      allowedMimeTypes: ['image/jpeg'],
    });
    expect(created.data).toEqual({ name: id });
    expect(await bucketRow(id)).toEqual([
      { public: false, file_size_limit: '1000000', allowed_mime_types: ['image/jpeg'] },
    ]);
    expect(refusal(await service().createBucket(id))).toEqual({
      status: 409,
      statusCode: '409',
      message: 'The resource already exists',
    });
    expect(refusal(await service().createBucket(' spaced'))).toEqual({
      status: 400,
      statusCode: '400',
      message: 'Bucket name invalid',
    });
    expect(refusal(await service().createBucket('.hidden'))).toEqual({
      status: 400,
      statusCode: '400',
      message: 'Bucket name invalid',
    });
    expect(
      refusal(await service().createBucket(`${id}-big`, { public: false, fileSizeLimit: '1GB' })),
    ).toMatchObject({
      status: 413,
      statusCode: '413',
    });
    expect(
      refusal(
        await service().createBucket(`${id}-type`, {
          public: false,
          allowedMimeTypes: ['not a type'],
        }),
      ),
    ).toEqual({
      status: 415,
      statusCode: '415',
      message: 'mime type not a type is not supported',
    });

    for (const caller of [admin(), anon()]) {
      expect(refusal(await caller.updateBucket(id, { public: true }))).toEqual({
        status: 404,
        statusCode: '404',
        message: 'Bucket not found',
      });
      expect(refusal(await caller.updateBucket('photos', { public: false }))).toMatchObject({
        statusCode: '404',
      });
    }
    expect(await bucketRow(id)).toEqual([expect.objectContaining({ public: false })]);
    expect((await bucketRow('photos'))[0]).toMatchObject({ public: true });
    const updated = await service().updateBucket(id, {
      public: true,
      fileSizeLimit: 2_000_000,
      allowedMimeTypes: null,
    });
    expect(updated.data).toEqual({ message: 'Successfully updated' });
    expect(await bucketRow(id)).toEqual([
      { public: true, file_size_limit: '2000000', allowed_mime_types: null },
    ]);

    const name = `a/${randomUUID()}.jpg`;
    expect(
      (await service().from(id).upload(name, jpeg, { contentType: 'image/jpeg' })).error,
    ).toBeNull();
    expect(refusal(await service().deleteBucket(id))).toEqual({
      status: 409,
      statusCode: '409',
      message: 'The bucket you tried to delete is not empty',
    });
    for (const caller of [admin(), anon()]) {
      expect(refusal(await caller.emptyBucket(id))).toEqual({
        status: 403,
        statusCode: '403',
        message: 'Access denied: Invalid role',
      });
    }
    expect(await rows(id, name)).toHaveLength(1);
    expect((await service().emptyBucket(id)).data).toEqual({
      message: 'Empty bucket has been queued. Completion may take up to an hour.',
    });
    expect(await rows(id, name)).toEqual([]);

    // Empty now: the admin's delete still finds no row it may delete (no policy on buckets).
    expect(refusal(await admin().deleteBucket(id))).toEqual({
      status: 404,
      statusCode: '404',
      message: 'Bucket not found',
    });
    expect(await bucketRow(id)).toHaveLength(1);
    expect((await service().deleteBucket(id)).data).toEqual({ message: 'Successfully deleted' });
    expect(await bucketRow(id)).toEqual([]);
    expect(refusal(await service().deleteBucket(id))).toEqual({
      status: 404,
      statusCode: '404',
      message: 'Bucket not found',
    });
    // As hosted, emptiness is counted before row-level security is asked: a bucket with objects is 409 to anyone.
    expect(refusal(await anon().deleteBucket('originals'))).toMatchObject({ statusCode: '409' });
  });
});
