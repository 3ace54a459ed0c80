import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { findBucket, mimeTypeAllowed } from '../buckets';
import { asCaller } from '../caller';
import type { StorageContext } from '../context';
import { errors } from '../errors';
import { OPERATIONS } from '../operations';
import { cacheControlFromHeader } from '../headers';
import { checkBucketId, checkObjectName, isSafeVersion, RELOCATION_FIELDS } from '../names';
import { linkOrCopy, objectFilePath, ownerOf } from '../store-object';
import { hostedObject, OBJECT_COLUMNS } from './object-shapes';

interface CopyBody {
  bucketId: string;
  sourceKey: string;
  destinationKey: string;
  /** Another bucket to copy to; unset (or empty) copies within the source's bucket. */
  destinationBucket?: string;
  /** With copyMetadata false: what replaces the source's cache-control (and, hosted, its type). */
  metadata?: { cacheControl?: string; mimetype?: string };
  /** Default true: the copy keeps the source's metadata and user metadata. */
  copyMetadata?: boolean;
}

const INSERT = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, $5, $6, $7)`;
const ON_CONFLICT = ` on conflict (bucket_id, name) do update
  set metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
      owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now(), last_accessed_at = now()`;

/**
 * POST /object/copy `{bucketId, sourceKey, destinationKey, destinationBucket?, copyMetadata?,
 * metadata?}` with `x-upsert`, as hosted (src/http/routes/object/copyObject.ts,
 * ObjectStorage.copyObject in src/storage/object.ts). Row-level security decides as the caller:
 * the source must be visible (else 404), and the destination row's insert (upsert with
 * `x-upsert: true`) must pass the destination bucket's policies (else 403); an existing
 * destination without upsert is 409. Hosted tests the insert and then writes as superuser; here
 * the row is written as the caller, so the same policies decide the write itself.
 *
 * Stricter than hosted: the source's stored type and size must suit the destination bucket
 * (415/413), and a copy cannot relabel its bytes with another type (400), so every object still
 * holds the type its bytes showed when they were uploaded.
 *
 * The bytes: the new version's file is linked to the source's inside the transaction; a replaced
 * destination's old file is removed after the commit.
 */
export function copyRoutes(context: StorageContext) {
  const { pool, root } = context;

  // eslint-disable-next-line @typescript-eslint/require-await -- a fastify plugin with no done callback is async: fastify waits for its promise and reports its throws
  return async function copyPlugin(app: FastifyInstance) {
    app.post<{ Body: CopyBody }>(
      '/object/copy',
      {
        bodyLimit: 16 * 1024,
        handlerTimeout: context.limits.handlerTimeoutMs,
        schema: {
          body: {
            type: 'object',
            required: ['bucketId', 'sourceKey', 'destinationKey'],
            properties: {
              ...RELOCATION_FIELDS,
              copyMetadata: { type: 'boolean' },
              metadata: {
                type: 'object',
                properties: {
                  cacheControl: { type: 'string', maxLength: 512 },
                  mimetype: { type: 'string', maxLength: 255 },
                },
              },
            },
          },
        },
      },
      async (request, reply) => {
        const { body } = request;
        const fromBucket = checkBucketId(body.bucketId);
        const toBucket = checkBucketId(body.destinationBucket || fromBucket);
        const from = checkObjectName(body.sourceKey);
        const to = checkObjectName(body.destinationKey);
        const override = body.copyMetadata === false ? body.metadata : undefined;
        const cacheControl =
          override?.cacheControl === undefined
            ? undefined
            : cacheControlFromHeader(override.cacheControl);
        const caller = await request.caller;
        const destination = await findBucket(pool, toBucket, context.limits.fileSizeLimit);
        const upsert = request.headers['x-upsert'] === 'true';
        const [owner, ownerId] = ownerOf(caller);
        const version = randomUUID();
        const target = objectFilePath(root, toBucket, version);
        let previous: unknown;
        let linked = false;
        let row: Record<string, unknown>;
        try {
          row = await asCaller(
            pool,
            caller,
            {
              operation: OPERATIONS.copy,
              before: async (client) => {
                // The locks uploads and moves take (store-object.ts), in one order.
                for (const lock of [
                  ...new Set([`${fromBucket}/${from}`, `${toBucket}/${to}`]),
                ].sort()) {
                  await client.query(
                    `select pg_advisory_xact_lock(hashtextextended('storage.objects:' || $1, 0))`,
                    [lock],
                  );
                }
                // As the service: a replaced version's file must go even if the caller cannot see it.
                const { rows } = await client.query<{ version: unknown }>(
                  'select version from storage.objects where bucket_id = $1 and name = $2',
                  [toBucket, to],
                );
                previous = rows[0]?.version;
              },
            },
            async (client) => {
              const { rows } = await client.query<{
                version: unknown;
                metadata: Record<string, unknown> | null;
                user_metadata: unknown;
              }>(
                'select version, metadata, user_metadata from storage.objects where bucket_id = $1 and name = $2',
                [fromBucket, from],
              );
              const source = rows[0];
              if (!source || !isSafeVersion(source.version)) throw errors.objectNotFound();
              const metadata = { ...source.metadata };
              const type =
                typeof metadata.mimetype === 'string'
                  ? metadata.mimetype
                  : 'application/octet-stream';
              if (!mimeTypeAllowed(destination, type)) throw errors.invalidMimeType(type);
              if (Number(metadata.size ?? 0) > destination.fileSizeLimit) throw errors.tooLarge();
              if (override?.mimetype !== undefined && override.mimetype !== type) {
                throw errors.invalidRequest('A copy keeps the content type of its bytes');
              }
              if (cacheControl !== undefined) metadata.cacheControl = cacheControl;
              metadata.lastModified = new Date().toUTCString();
              const userMetadata = body.copyMetadata === false ? null : source.user_metadata;
              const written = await client.query<Record<string, unknown>>(
                `${upsert ? INSERT + ON_CONFLICT : INSERT} returning ${OBJECT_COLUMNS}`,
                [toBucket, to, owner, ownerId, metadata, userMetadata, version],
              );
              if (!written.rows[0]) throw errors.rlsDenied();
              await mkdir(join(root, toBucket), { recursive: true });
              await linkOrCopy(objectFilePath(root, fromBucket, source.version), target);
              linked = true;
              return written.rows[0];
            },
          );
        } catch (error) {
          if (linked) await rm(target, { force: true });
          throw error;
        }
        // Committed: a replaced version's file goes. Left behind, it is only an orphan file.
        if (isSafeVersion(previous) && previous !== version) {
          await rm(objectFilePath(root, toBucket, previous), { force: true }).catch(
            () => undefined,
          );
        }
        return reply.send({ Id: row.id, Key: `${toBucket}/${to}`, ...hostedObject(row) });
      },
    );
  };
}
