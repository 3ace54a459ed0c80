import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { sqlPool } from '../support/sql-pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveOriginalsThroughApi } from '../../scripts/move-originals';
import {
  moveJournalPath,
  moveOriginals,
  photosObjectNameSql,
} from '../../supabase/local/storage/move-originals';
import { startStack, type RunningStack } from '../../supabase/local/stack';
import { URL_VECTORS } from '../security/url-vectors';
import { photoFixture } from './helpers';

/**
 * Originals stored before migration 20261124000200 (public bucket photos) moved into the
 * private bucket originals: by the local stack at start (supabase/local/storage/move-originals.ts),
 * by the storage service's POST /object/move, and by `npm run move-originals` for hosted
 * projects (scripts/move-originals.ts). Each of these moves every legacy original of the
 * database it runs on, so this file starts a stack of its own (about a second) rather than
 * moving other test files' data on the shared one; it also restarts it.
 */

const repoRoot = join(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'move-originals-test-'));
const root = join(dataDir, 'storage');
const adminPassword = randomBytes(9).toString('base64url');
let stack: RunningStack;
let db: pg.Pool;
/** As the storage service logs in (the stack's own pool is not exposed). */
let storagePool: pg.Pool;
let startLog: string[] = [];
let admin: Record<string, string>;

async function start(): Promise<void> {
  startLog = [];
  stack = await startStack({
    dataDir,
    port: 0,
    fast: true,
    adminPassword,
    log: (line) => startLog.push(line),
  });
  db = sqlPool({ ...stack.database, max: 4 });
  storagePool = sqlPool({
    ...stack.database,
    max: 2,
    options: '-c role=supabase_storage_admin',
  });
}

async function stop(): Promise<void> {
  const [pools, running] = [[db, storagePool], stack];
  [db, storagePool, stack] = [undefined!, undefined!, undefined!];
  for (const pool of pools) await pool?.end();
  await running?.stop();
}

beforeAll(async () => {
  await start();
  await db.query(`select private.set_admin_password('mover', $1)`, [adminPassword]);
  const login = await fetch(`${stack.url}/rest/v1/rpc/admin_login`, {
    method: 'POST',
    headers: { ...anon(), 'content-type': 'application/json' },
    body: JSON.stringify({ p_username: 'mover', p_password: adminPassword }),
  });
  expect(login.status).toBe(200);
  admin = {
    ...anon(),
    'x-admin-username': 'mover',
    'x-admin-token': (await login.json()) as string,
  };
});

afterAll(async () => {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const sql = async <Row extends pg.QueryResultRow = Record<string, unknown>>(
  text: string,
  params: unknown[] = [],
) => (await db.query<Row>(text, params)).rows;
const anon = () => ({ apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` });
const service = () => ({
  apikey: stack.serviceRoleKey,
  authorization: `Bearer ${stack.serviceRoleKey}`,
});
const legacyPath = (name: string) => `/storage/v1/object/public/photos/${name}`;
const originalsPath = (name: string) => `/storage/v1/object/authenticated/originals/${name}`;
const fixtures = ['landscape.jpg', 'portrait.jpg', 'rotated-exif6.jpg'] as const;

/** Stores an object as the service role: bucket photos refuses originals' names to admins now. */
async function store(bucket: string, name: string, bytes: Buffer): Promise<string> {
  const response = await fetch(`${stack.url}/storage/v1/object/${bucket}/${name}`, {
    method: 'POST',
    headers: { ...service(), 'content-type': 'image/jpeg' },
    body: new Uint8Array(bytes),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const [row] = await sql<{ version: string }>(
    'select version from storage.objects where bucket_id = $1 and name = $2',
    [bucket, name],
  );
  return row!.version;
}

async function album(options: { isPublic?: boolean } = {}): Promise<string> {
  const [row] = await sql<{ id: string }>(
    'insert into public.albums (name, is_public) values ($1, $2) returning id',
    [`album ${randomUUID().slice(0, 8)}`, options.isPublic ?? false],
  );
  return row!.id;
}

/**
 * A photo row as written before the migration: its original in bucket photos. Its filename is
 * the object's, unless another row of the album has it already (rows sharing one original).
 */
async function legacyRow(
  albumId: string,
  file: string,
  renditions: { thumb?: string; preview?: string } = {},
): Promise<string> {
  const id = randomUUID();
  const [taken] = await sql('select 1 from public.photos where album_id = $1 and filename = $2', [
    albumId,
    file,
  ]);
  await sql(
    `insert into public.photos (id, album_id, filename, file_url, thumb_url, preview_url, original_filename, file_size, width, height, mime_type)
     values ($1, $2, $3, $4, $5, $6, 'DSC_0001.jpg', 1000, 1200, 800, 'image/jpeg')`,
    [
      id,
      albumId,
      taken ? `${id}.jpg` : file,
      legacyPath(`${albumId}/${file}`),
      renditions.thumb ?? null,
      renditions.preview ?? null,
    ],
  );
  return id;
}

async function fileUrls(ids: string[]): Promise<Record<string, string>> {
  const rows = await sql<{ id: string; file_url: string }>(
    'select id, file_url from public.photos where id = any($1)',
    [ids],
  );
  return Object.fromEntries(rows.map((row) => [row.id, row.file_url]));
}

async function objectsNamed(names: string[]) {
  return sql<{ bucket_id: string; name: string; version: string }>(
    'select bucket_id, name, version from storage.objects where name = any($1) order by name, bucket_id',
    [names],
  );
}

const onDisk = (bucket: string, version: string) => existsSync(join(root, bucket, version));

async function get(path: string, headers: Record<string, string>) {
  const response = await fetch(`${stack.url}${path}`, { headers });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Everything a move could change, to compare before and after. */
async function snapshot() {
  return {
    objects: await sql('select id, bucket_id, name, version from storage.objects order by id'),
    photos: await sql('select id, file_url, thumb_url, preview_url from public.photos order by id'),
    covers: await sql('select id, cover_photo_url from public.albums order by id'),
    files: Object.fromEntries(
      ['photos', 'originals'].map((bucket) => [
        bucket,
        existsSync(join(root, bucket)) ? readdirSync(join(root, bucket)).sort() : [],
      ]),
    ),
  };
}

/** Legacy data of every kind, in one private album. */
async function legacyAlbum() {
  const albumId = await album();
  const at = (file: string) => `${albumId}/${file}`;
  const single = `${randomUUID()}.jpg`;
  const shared = `${randomUUID()}.jpg`;
  const missing = `${randomUUID()}.jpg`;
  const alsoThumb = `${randomUUID()}.jpg`;
  const versions = {
    single: await store('photos', at(single), photoFixture(fixtures[0])),
    shared: await store('photos', at(shared), photoFixture(fixtures[1])),
    alsoThumb: await store('photos', at(alsoThumb), photoFixture(fixtures[2])),
  };
  const rows = {
    // Its preview is a rendition of its own (no object needed for the row).
    single: await legacyRow(albumId, single, { preview: legacyPath(at(`${single}.preview.webp`)) }),
    sharedA: await legacyRow(albumId, shared),
    sharedB: await legacyRow(albumId, shared),
    missing: await legacyRow(albumId, missing),
    // An original that is also this row's thumbnail: it must stay public.
    alsoThumb: await legacyRow(albumId, alsoThumb, { thumb: legacyPath(at(alsoThumb)) }),
  };
  // The album's cover showed the single photo's original (set by hand, or by a photo without renditions).
  await sql('update public.albums set cover_photo_url = $2 where id = $1', [
    albumId,
    legacyPath(at(single)),
  ]);
  return {
    albumId,
    at,
    names: {
      single: at(single),
      shared: at(shared),
      missing: at(missing),
      alsoThumb: at(alsoThumb),
    },
    versions,
    rows,
  };
}

describe('the local stack moves originals into the private bucket', () => {
  it("reads a legacy URL's object name exactly as private.photos_object_name does", async () => {
    const albumId = randomUUID();
    const at = (rest: string) => `/storage/v1/object/public/photos/${albumId}/${rest}`;
    const vectors = [
      at('a.jpg'),
      at('A_b-c.2.JPEG'),
      at('x.thumb.webp'),
      at('x.avif'),
      at('x.svg'),
      at('xjpg'),
      at('x-jpg'),
      at('jpg'),
      at('x_png'),
      at('x.jpg.html'),
      at('x'),
      at('.hidden.jpg'),
      at('-x.png'),
      at(`${'a'.repeat(196)}.jpg`),
      at(`${'a'.repeat(197)}.jpg`),
      at('a/b.jpg'),
      at('a.jpg?x=1'),
      at('a.jpg#f'),
      at('%2e%2e.jpg'),
      at('..'),
      at('a%20b.jpg'),
      at('a b.jpg'),
      at('a\\b.jpg'),
      at('a.jpg\n'),
      at(''),
      `https://cdn.example${at('a.jpg')}`,
      `http://127.0.0.1:8080${at('a.jpg')}`,
      `http://host:123456${at('a.jpg')}`,
      `https://user@host${at('a.jpg')}`,
      `https://[::1]${at('a.jpg')}`,
      `//host${at('a.jpg')}`,
      `ftp://host${at('a.jpg')}`,
      `https://host/x${at('a.jpg')}`,
      `${at('a.jpg')}/`,
      at('a.jpg').replace(albumId, albumId.toUpperCase()),
      `/storage/v1/object/public/photos/a.jpg`,
      `/storage/v1/object/public/photos/not-a-uuid/a.jpg`,
      `/storage/v1/object/authenticated/originals/${albumId}/a.jpg`,
      `/storage/v1/object/public/photos//${albumId}/a.jpg`,
      ...URL_VECTORS.map((vector) => vector.value),
    ];
    const rows = await sql<{ value: string; expected: string | null; actual: string | null }>(
      `select v as value, private.photos_object_name(v) as expected, ${photosObjectNameSql('v')} as actual from unnest($1::text[]) as v`,
      [vectors],
    );
    expect(rows).toHaveLength(vectors.length);
    for (const row of rows) expect(row.actual, row.value).toBe(row.expected);
    expect(rows.filter((row) => row.expected !== null).length).toBeGreaterThanOrEqual(6);
  });

  it('moves each original once, points its rows at it, and leaves renditions and missing objects right', async () => {
    const data = await legacyAlbum();
    const { names, versions, rows } = data;
    expect(await get(legacyPath(names.single), anon())).toMatchObject({ status: 200 });

    const result = await moveOriginals({ pool: storagePool, root });
    expect(result).toEqual({
      repaired: 0,
      moved: 2,
      rowsRewritten: 4,
      coversChanged: 1,
      filesMissing: 0,
    });

    const objects = await objectsNamed(Object.values(names));
    expect(objects).toHaveLength(3);
    expect(objects).toEqual(
      expect.arrayContaining([
        { bucket_id: 'photos', name: names.alsoThumb, version: versions.alsoThumb },
        { bucket_id: 'originals', name: names.shared, version: versions.shared },
        { bucket_id: 'originals', name: names.single, version: versions.single },
      ]),
    );
    expect(await fileUrls(Object.values(rows))).toEqual({
      [rows.single]: originalsPath(names.single),
      [rows.sharedA]: originalsPath(names.shared),
      [rows.sharedB]: originalsPath(names.shared),
      [rows.missing]: originalsPath(names.missing),
      [rows.alsoThumb]: legacyPath(names.alsoThumb),
    });
    // The cover is now the photo's rendition, never a private original.
    expect(
      await sql('select cover_photo_url from public.albums where id = $1', [data.albumId]),
    ).toEqual([
      { cover_photo_url: legacyPath(data.at(`${names.single.split('/')[1]}.preview.webp`)) },
    ]);
    for (const version of [versions.single, versions.shared]) {
      expect(onDisk('originals', version)).toBe(true);
      expect(onDisk('photos', version)).toBe(false);
    }
    expect(onDisk('photos', versions.alsoThumb)).toBe(true);
    expect(existsSync(moveJournalPath(root))).toBe(false);

    // The bytes: to an admin from originals, to nobody from the public bucket.
    const byAdmin = await get(originalsPath(names.single), admin);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.bytes.equals(photoFixture(fixtures[0]))).toBe(true);
    expect(
      (await get(originalsPath(names.shared), admin)).bytes.equals(photoFixture(fixtures[1])),
    ).toBe(true);
    for (const name of [names.single, names.shared]) {
      expect((await get(legacyPath(name), anon())).status).toBe(404);
      expect((await get(originalsPath(name), anon())).status).toBeGreaterThanOrEqual(400);
    }
    expect((await get(legacyPath(names.alsoThumb), anon())).status).toBe(200);
  });

  it('does nothing the second time', async () => {
    await legacyAlbum();
    await moveOriginals({ pool: storagePool, root });
    const before = await snapshot();
    const lines: string[] = [];
    expect(
      await moveOriginals({ pool: storagePool, root, log: (line) => lines.push(line) }),
    ).toEqual({
      repaired: 0,
      moved: 0,
      rowsRewritten: 0,
      coversChanged: 0,
      filesMissing: 0,
    });
    expect(lines).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('finishes a move that stopped after its commit, before its files were renamed', async () => {
    const data = await legacyAlbum();
    const { names, versions } = data;
    await expect(
      moveOriginals({
        pool: storagePool,
        root,
        afterCommit: () => Promise.reject(new Error('crash')),
      }),
    ).rejects.toThrow('crash');
    // The database says originals, the bytes are still in the photos folder.
    expect((await objectsNamed([names.single])).map((row) => row.bucket_id)).toEqual(['originals']);
    expect(onDisk('photos', versions.single)).toBe(true);
    expect(onDisk('originals', versions.single)).toBe(false);
    expect(existsSync(moveJournalPath(root))).toBe(true);

    const lines: string[] = [];
    expect(
      await moveOriginals({ pool: storagePool, root, log: (line) => lines.push(line) }),
    ).toMatchObject({ repaired: 2, moved: 0 });
    expect(lines).toEqual(['Repaired an interrupted move: 2 originals put in place']);
    for (const version of [versions.single, versions.shared]) {
      expect(onDisk('originals', version)).toBe(true);
      expect(onDisk('photos', version)).toBe(false);
    }
    expect(existsSync(moveJournalPath(root))).toBe(false);
    expect(
      (await get(originalsPath(names.shared), admin)).bytes.equals(photoFixture(fixtures[1])),
    ).toBe(true);
    expect(await moveOriginals({ pool: storagePool, root })).toMatchObject({
      repaired: 0,
      moved: 0,
      rowsRewritten: 0,
    });
  });
});

interface MoveBody {
  bucketId?: unknown;
  sourceKey?: unknown;
  destinationKey?: unknown;
  destinationBucket?: unknown;
}

/** The body that moves `name` from bucket photos to the same name in originals. */
const toOriginals = (name: string, other: Partial<MoveBody> = {}): MoveBody => ({
  bucketId: 'photos',
  sourceKey: name,
  destinationBucket: 'originals',
  destinationKey: name,
  ...other,
});

async function move(body: MoveBody, headers: Record<string, string>) {
  const response = await fetch(`${stack.url}/storage/v1/object/move`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('POST /storage/v1/object/move', () => {
  let albumId: string;
  beforeAll(async () => {
    albumId = await album();
  });

  it('moves an object to another bucket for the service role: same row, new version, the bytes with it', async () => {
    const name = `${albumId}/${randomUUID()}.jpg`;
    const oldVersion = await store('photos', name, photoFixture('portrait.jpg'));
    const [before] = await sql<{ id: string }>(
      `select id from storage.objects where bucket_id = 'photos' and name = $1`,
      [name],
    );

    expect(await move(toOriginals(name), service())).toEqual({
      status: 200,
      body: { message: 'Successfully moved' },
    });
    const [after] = await objectsNamed([name]);
    expect(after).toMatchObject({ bucket_id: 'originals', name });
    expect(after!.version).not.toBe(oldVersion);
    expect(await sql(`select id from storage.objects where name = $1`, [name])).toEqual([
      { id: before!.id },
    ]);
    expect(onDisk('photos', oldVersion)).toBe(false);
    expect(onDisk('originals', after!.version)).toBe(true);
    expect((await get(originalsPath(name), admin)).bytes.equals(photoFixture('portrait.jpg'))).toBe(
      true,
    );
    expect((await get(legacyPath(name), anon())).status).toBe(404);
  });

  it('lets an admin move within what the policies allow, and refuses the rest', async () => {
    const name = `${albumId}/${randomUUID()}.jpg`;
    await store('photos', name, photoFixture('landscape.jpg'));
    // Anonymous callers cannot even see the object: not found, as hosted.
    expect(await move(toOriginals(name), anon())).toEqual({
      status: 404,
      body: { statusCode: '404', error: 'not_found', message: 'Object not found' },
    });
    // Admins may not put an original anywhere but an album folder of originals, nor a photo
    // under an original's name in the public bucket.
    for (const destination of [
      { destinationBucket: 'originals', destinationKey: 'loose.jpg' },
      { destinationBucket: 'photos', destinationKey: `${albumId}/${randomUUID()}.jpg` },
    ]) {
      expect(await move(toOriginals(name, destination), admin)).toMatchObject({
        status: 403,
        body: { statusCode: '403' },
      });
    }
    // A forged session is refused before anything is read.
    expect(await move(toOriginals(name), { ...admin, 'x-admin-token': 'forged' })).toMatchObject({
      status: 401,
    });
    expect((await objectsNamed([name])).map((row) => row.bucket_id)).toEqual(['photos']);

    expect(await move(toOriginals(name), admin)).toMatchObject({ status: 200 });
    expect((await objectsNamed([name])).map((row) => row.bucket_id)).toEqual(['originals']);
    // The admin can move it back only under a name the photos bucket takes (a rendition's).
    const rendition = `${albumId}/${randomUUID()}.preview.webp`;
    expect(
      await move(
        {
          bucketId: 'originals',
          sourceKey: name,
          destinationBucket: 'photos',
          destinationKey: rendition,
        },
        admin,
      ),
    ).toMatchObject({ status: 200 });
    expect(
      (await get(legacyPath(rendition), anon())).bytes.equals(photoFixture('landscape.jpg')),
    ).toBe(true);
  });

  it('answers missing objects, taken names and moves onto themselves as hosted', async () => {
    const name = `${albumId}/${randomUUID()}.jpg`;
    const taken = `${albumId}/${randomUUID()}.jpg`;
    const version = await store('photos', name, photoFixture('landscape.jpg'));
    await store('originals', taken, photoFixture('portrait.jpg'));

    expect(await move(toOriginals(`${albumId}/nothing.jpg`), service())).toEqual({
      status: 404,
      body: { statusCode: '404', error: 'not_found', message: 'Object not found' },
    });
    expect(await move(toOriginals(name, { destinationKey: taken }), service())).toMatchObject({
      status: 409,
      body: { error: 'Duplicate' },
    });
    expect(
      await move(toOriginals(name, { destinationBucket: 'nowhere' }), service()),
    ).toMatchObject({
      status: 404,
      body: { error: 'Bucket not found' },
    });
    // Onto itself: nothing changes (hosted answers success without copying).
    expect(
      await move({ bucketId: 'photos', sourceKey: name, destinationKey: name }, service()),
    ).toMatchObject({ status: 200 });
    expect(await objectsNamed([name])).toEqual([{ bucket_id: 'photos', name, version }]);
    expect(onDisk('photos', version)).toBe(true);
  });

  it('refuses malformed names and bodies with 400 before any work', async () => {
    const name = `${albumId}/${randomUUID()}.jpg`;
    const version = await store('photos', name, photoFixture('landscape.jpg'));
    const bad: MoveBody[] = [
      toOriginals(name, { destinationKey: '../escape.jpg' }),
      toOriginals(name, { destinationKey: `${albumId}//double.jpg` }),
      toOriginals(name, { destinationKey: 'back\\slash.jpg' }),
      toOriginals(name, { destinationKey: '' }),
      toOriginals(name, { destinationKey: 'x'.repeat(1100) }),
      toOriginals('a/../b.jpg'),
      toOriginals(name, { bucketId: '.uploads' }),
      toOriginals(name, { destinationBucket: '../photos' }),
      toOriginals(name, { destinationKey: 42 }),
      { bucketId: 'photos', sourceKey: name },
    ];
    for (const body of bad) {
      const answer = await move(body, service());
      expect(answer.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(answer.body.statusCode).toBe('400');
    }
    expect(await objectsNamed([name])).toEqual([{ bucket_id: 'photos', name, version }]);
  });
});

describe('npm run move-originals (hosted projects, through the API)', () => {
  it('moves the originals, rewrites their rows and is idempotent', async () => {
    const data = await legacyAlbum();
    const { names, versions, rows } = data;
    // Moved by an earlier, interrupted run: in originals already, its row not yet rewritten.
    const earlier = `${data.albumId}/${randomUUID()}.jpg`;
    await store('photos', earlier, photoFixture('portrait.jpg'));
    const earlierRow = await legacyRow(data.albumId, earlier.split('/')[1]!);
    expect(await move(toOriginals(earlier), service())).toMatchObject({ status: 200 });

    const summary = await moveOriginalsThroughApi({
      url: stack.url,
      serviceRoleKey: stack.serviceRoleKey,
      pageSize: 3,
    });
    expect(summary).toMatchObject({
      moved: 2,
      alreadyThere: 1,
      missing: 1,
      conflicts: 0,
      unfit: 0,
      rowsRewritten: 5,
      coversChanged: 1,
      failures: [],
    });
    // Earlier tests' originals that are also thumbnails stay, and are counted each time.
    expect(summary.keptAsRendition).toBeGreaterThanOrEqual(1);

    expect(
      (await objectsNamed([names.single, names.shared, names.alsoThumb, earlier])).map(
        ({ bucket_id, name }) => [name, bucket_id],
      ),
    ).toEqual(
      expect.arrayContaining([
        [names.single, 'originals'],
        [names.shared, 'originals'],
        [names.alsoThumb, 'photos'],
        [earlier, 'originals'],
      ]),
    );
    expect(await fileUrls([...Object.values(rows), earlierRow])).toEqual({
      [rows.single]: originalsPath(names.single),
      [rows.sharedA]: originalsPath(names.shared),
      [rows.sharedB]: originalsPath(names.shared),
      [rows.missing]: originalsPath(names.missing),
      [rows.alsoThumb]: legacyPath(names.alsoThumb),
      [earlierRow]: originalsPath(earlier),
    });
    expect(onDisk('photos', versions.single)).toBe(false);
    expect(
      (await get(originalsPath(names.single), admin)).bytes.equals(photoFixture(fixtures[0])),
    ).toBe(true);
    expect((await get(legacyPath(names.single), anon())).status).toBe(404);
    expect(
      await sql('select cover_photo_url from public.albums where id = $1', [data.albumId]),
    ).toEqual([
      { cover_photo_url: legacyPath(data.at(`${names.single.split('/')[1]}.preview.webp`)) },
    ]);

    // Again, as the command the owner runs: nothing left to do.
    const before = await snapshot();
    const run = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/move-originals.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          SUPABASE_URL: stack.url,
          SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('exit', (code) => resolve({ code, out }));
    });
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain('Moved into bucket originals: 0');
    expect(run.out).toContain('Photo rows rewritten: 0; album covers replaced: 0');
    expect(await snapshot()).toEqual(before);
  });

  it('says what it needs when the environment is not set', async () => {
    const run = await new Promise<{ code: number | null; err: string }>((resolve) => {
      const env = { ...process.env };
      delete env.SUPABASE_URL;
      delete env.SUPABASE_SERVICE_ROLE_KEY;
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/move-originals.ts'], {
        cwd: repoRoot,
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let err = '';
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('exit', (code) => resolve({ code, err }));
    });
    expect(run.code).toBe(2);
    expect(run.err).toContain('SUPABASE_SERVICE_ROLE_KEY');
  });
});

describe('at start', () => {
  it('moves what is left when the stack starts, and says so once', async () => {
    const albumId = await album();
    const name = `${albumId}/${randomUUID()}.jpg`;
    const version = await store('photos', name, photoFixture('landscape.jpg'));
    const row = await legacyRow(albumId, name.split('/')[1]!);

    await stop();
    await start();
    // The album's cover was that original (its photo has no rendition): it has none now.
    expect(startLog).toEqual([
      'Moved 1 original into the private bucket (1 photo row now points there; 1 album cover no longer shows an original)',
    ]);
    expect(await sql('select cover_photo_url from public.albums where id = $1', [albumId])).toEqual(
      [{ cover_photo_url: null }],
    );
    expect(await fileUrls([row])).toEqual({ [row]: originalsPath(name) });
    expect(onDisk('originals', version)).toBe(true);
    expect(
      (await get(originalsPath(name), admin)).bytes.equals(photoFixture('landscape.jpg')),
    ).toBe(true);

    await stop();
    await start();
    expect(startLog).toEqual([]);
  });
});
