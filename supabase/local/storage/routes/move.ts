import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { findBucket } from '../buckets';
import { asCaller } from '../caller';
import type { StorageContext } from '../context';
import { errors } from '../errors';
import { OPERATIONS } from '../operations';
import { checkBucketId, checkObjectName, isSafeVersion, RELOCATION_FIELDS } from '../names';
import { linkOrCopy, objectFilePath } from '../store-object';

interface MoveBody {
  bucketId: string;
  sourceKey: string;
  destinationKey: string;
  /** Another bucket to move to; unset (or empty) keeps the object in its bucket. */
  destinationBucket?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /object/move `{bucketId, sourceKey, destinationKey, destinationBucket?}`, as hosted
 * (src/http/routes/object/moveObject.ts, ObjectStorage.moveObject in src/storage/object.ts):
 * the object keeps its id and metadata and gets a new name, bucket and version. Row-level
 * security decides as the caller: the source must be visible to it (else 404, as hosted), and
 * the row's update must pass the update policies of the source's bucket (USING) and of the
 * destination's (WITH CHECK; else 403). The service role bypasses row-level security. A
 * destination that exists is 409 (no overwrite, as hosted).
 *
 * Names, buckets and the caller are checked before any work. The bytes: the new version's
 * file is linked to the old one inside the transaction, the old name removed after the commit,
 * so a crash at any point leaves at most an orphan file, never an object without bytes.
 * Moving an object onto itself changes nothing, once row-level security has allowed it.
 */
export function moveRoutes(context: StorageContext) {
  const { pool, root } = context;

  // eslint-disable-next-line @typescript-eslint/require-await -- a fastify plugin with no done callback is async: fastify waits for its promise and reports its throws
  return async function movePlugin(app: FastifyInstance) {
    app.post<{ Body: MoveBody }>(
      '/object/move',
      {
        bodyLimit: context.limits.jsonBodyLimit,
        handlerTimeout: context.limits.handlerTimeoutMs,
        schema: {
          body: {
            type: 'object',
            required: ['bucketId', 'sourceKey', 'destinationKey'],
            properties: RELOCATION_FIELDS,
          },
        },
      },
      async (request, reply) => {
        const fromBucket = checkBucketId(request.body.bucketId);
        const toBucket = checkBucketId(request.body.destinationBucket || fromBucket);
        const from = checkObjectName(request.body.sourceKey);
        const to = checkObjectName(request.body.destinationKey);
        const caller = await request.caller;
        await findBucket(pool, fromBucket, context.limits.fileSizeLimit);
        if (toBucket !== fromBucket) await findBucket(pool, toBucket, context.limits.fileSizeLimit);

        const same = fromBucket === toBucket && from === to;
        const version = randomUUID();
        const sub = typeof caller.claims.sub === 'string' ? caller.claims.sub : null;
        const target = objectFilePath(root, toBucket, version);
        let previous: string | undefined;
        let linked = false;
        try {
          await asCaller(
            pool,
            caller,
            {
              operation: OPERATIONS.move,
              // Onto itself: the permission test alone, rolled back (hosted returns there too).
              dryRun: same,
              before: async (client) => {
                // The locks uploads take (store-object.ts), in one order so two moves never deadlock.
                for (const lock of [`${fromBucket}/${from}`, `${toBucket}/${to}`].sort()) {
                  await client.query(
                    `select pg_advisory_xact_lock(hashtextextended('storage.objects:' || $1, 0))`,
                    [lock],
                  );
                }
              },
            },
            async (client) => {
              const { rows } = await client.query<{ version: unknown }>(
                'select version from storage.objects where bucket_id = $1 and name = $2',
                [fromBucket, from],
              );
              if (!rows[0]) throw errors.objectNotFound();
              const updated = await client.query(
                `update storage.objects
                    set bucket_id = $3, name = $4, version = $5, updated_at = now(),
                        owner = coalesce($6::uuid, owner), owner_id = coalesce($7, owner_id)
                  where bucket_id = $1 and name = $2
                  returning id`,
                [fromBucket, from, toBucket, to, version, sub && UUID.test(sub) ? sub : null, sub],
              );
              // Visible but not updatable by the caller: hosted answers this as not found too.
              if (updated.rowCount !== 1) throw errors.objectNotFound();
              if (same) return;
              const { version: old } = rows[0];
              if (!isSafeVersion(old)) throw errors.objectNotFound();
              await mkdir(join(root, toBucket), { recursive: true });
              await linkOrCopy(objectFilePath(root, fromBucket, old), target);
              linked = true;
              previous = old;
            },
          );
        } catch (error) {
          if (linked) await rm(target, { force: true });
          throw error;
        }
        // Committed: the old name of the bytes goes. Left behind, it is only an orphan file.
        if (previous)
          await rm(objectFilePath(root, fromBucket, previous), { force: true }).catch(
            () => undefined,
          );
        return reply.send({ message: 'Successfully moved' });
      },
    );
  };
}
