import { randomUUID } from 'node:crypto';
import { copyFile, link, mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import { asCaller, type Caller } from './caller';
import { errors } from './errors';
import { isSafeVersion } from './names';
import { OPERATIONS } from './operations';
import type { ReceivedFile } from './receive-upload';

/** What storage.objects.metadata holds, as hosted (src/storage/backend/adapter.ts ObjectMetadata). */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

/** Where the bytes of one version of an object live: `{root}/{bucket}/{version}`. */
export const objectFilePath = (root: string, bucketId: string, version: string) =>
  join(root, bucketId, version);

/** Temporary files of uploads in progress; never a bucket (bucket ids cannot start with '.'). */
export const temporaryDirectory = (root: string) => join(root, '.uploads');

/**
 * Gives the destination file the source's bytes without touching the source: a hard link
 * (same file system, no copying), or a copy where links are not possible. A source without
 * its file is an object that cannot be moved or copied (hosted: the copy in S3 fails, 404).
 * Object files are never changed in place (a new version is a new file), so two names may share one.
 */
export async function linkOrCopy(source: string, destination: string): Promise<void> {
  try {
    await link(source, destination);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw errors.objectNotFound();
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK')
      throw error;
    await copyFile(source, destination);
  }
}

const UPSERT = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
  values ($1, $2, $3, $4, $5, $6)`;
const ON_CONFLICT = ` on conflict (bucket_id, name) do update
  set metadata = excluded.metadata, version = excluded.version, owner = excluded.owner,
      owner_id = excluded.owner_id, updated_at = now(), last_accessed_at = now()`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The owner columns of a row the caller writes: `owner` only for a uuid subject, as hosted. */
export function ownerOf(caller: Caller): [string | null, string | null] {
  const sub = typeof caller.claims.sub === 'string' ? caller.claims.sub : null;
  return [sub && UUID.test(sub) ? sub : null, sub];
}

/**
 * The permission test before an upload reads any byte, as Supabase's Uploader.canUpload():
 * the insert (or upsert) the upload will make, as the caller, rolled back. Refuses with 401
 * (dead admin session), 403 (row-level security) or 409 (exists, and no upsert).
 */
export async function checkCanStore(
  pool: pg.Pool,
  caller: Caller,
  target: {
    bucketId: string;
    name: string;
    upsert: boolean;
    mimetype: string;
    contentLength?: number;
  },
): Promise<void> {
  const [owner, ownerId] = ownerOf(caller);
  await asCaller(pool, caller, { operation: OPERATIONS.upload, dryRun: true }, (client) =>
    client.query(target.upsert ? UPSERT + ON_CONFLICT : UPSERT, [
      target.bucketId,
      target.name,
      owner,
      ownerId,
      { mimetype: target.mimetype, contentLength: target.contentLength },
      'permission-test',
    ]),
  );
}

/**
 * Stores a finished file as an object: the one way a file becomes an object, for standard
 * uploads and any later way in (a tus resumable upload would call this with its finished
 * file). The row is written as the caller (row-level security decides again: the session may
 * have ended while the bytes arrived), under a per-object lock so concurrent uploads of one
 * name replace each other in order; the file is renamed into place before the commit and the
 * previous version's file removed after it. On failure nothing is left behind.
 */
export async function storeObject(
  pool: pg.Pool,
  root: string,
  caller: Caller,
  request: {
    bucketId: string;
    name: string;
    upsert: boolean;
    cacheControl: string;
    file: ReceivedFile;
  },
): Promise<{ id: string; key: string }> {
  const { bucketId, name, file } = request;
  const version = randomUUID();
  const target = objectFilePath(root, bucketId, version);
  const metadata: ObjectMetadata = {
    eTag: `"${file.md5}"`,
    size: file.size,
    mimetype: file.mimetype,
    cacheControl: request.cacheControl,
    lastModified: new Date().toUTCString(),
    contentLength: file.size,
    httpStatusCode: 200,
  };
  await mkdir(join(root, bucketId), { recursive: true });
  const [owner, ownerId] = ownerOf(caller);
  let previous: string | undefined;
  let renamed = false;
  try {
    const id = await asCaller(
      pool,
      caller,
      {
        operation: OPERATIONS.upload,
        before: async (client) => {
          await client.query(
            `select pg_advisory_xact_lock(hashtextextended('storage.objects:' || $1, 0))`,
            [`${bucketId}/${name}`],
          );
          const { rows } = await client.query<{ version: string }>(
            'select version from storage.objects where bucket_id = $1 and name = $2',
            [bucketId, name],
          );
          previous = rows[0]?.version;
        },
      },
      async (client) => {
        const { rows } = await client.query<{ id: string }>(
          `${request.upsert ? UPSERT + ON_CONFLICT : UPSERT} returning id`,
          [bucketId, name, owner, ownerId, metadata, version],
        );
        if (!rows[0]) throw errors.rlsDenied();
        await rename(file.path, target);
        renamed = true;
        return rows[0].id;
      },
    );
    if (previous && previous !== version && isSafeVersion(previous)) {
      await rm(objectFilePath(root, bucketId, previous), { force: true });
    }
    return { id, key: `${bucketId}/${name}` };
  } catch (error) {
    if (renamed) await rm(target, { force: true });
    throw error;
  }
}
