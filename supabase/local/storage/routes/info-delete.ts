import { rm } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findBucket } from '../buckets';
import { anonymousCaller, asCaller, refuseStaleAdminSession, type Caller } from '../caller';
import { callerIfAny } from '../caller-plugin';
import type { StorageContext } from '../context';
import { errors, fromDatabaseError } from '../errors';
import { OPERATIONS } from '../operations';
import { checkBucketId, checkObjectName, isSafeVersion } from '../names';
import { objectFilePath } from '../store-object';
import { hostedInfo, INFO_COLUMNS, type InfoRow } from './object-shapes';

interface ObjectParams {
  bucket: string;
  '*': string;
}

const INFO_ROW = `select ${INFO_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`;

/**
 * GET /object/info/{bucket}/{name} (also /info/authenticated/… and /info/public/…) and
 * DELETE /object/{bucket}/{name}, as hosted (src/http/routes/object/getObjectInfo.ts,
 * deleteObject.ts).
 */
export function infoDeleteRoutes(context: StorageContext) {
  const { pool, root } = context;

  /**
   * As downloads decide (routes/download.ts): a public bucket's row is read as the service,
   * a private one's under row-level security; without a valid JWT only public buckets answer.
   */
  async function info(
    request: FastifyRequest<{ Params: ObjectParams }>,
    reply: FastifyReply,
    who: 'any' | 'authenticated' | 'public',
  ) {
    const bucketId = checkBucketId(request.params.bucket);
    const name = checkObjectName(request.params['*']);
    let caller: Caller | undefined;
    if (who === 'authenticated') caller = await request.caller;
    if (who === 'any') caller = await callerIfAny(request);
    const bucket = await findBucket(pool, bucketId, context.limits.fileSizeLimit);
    if (!caller && !bucket.public) throw errors.bucketNotFound();
    let row: InfoRow | undefined;
    if (caller) {
      row = await asCaller(pool, caller, { operation: OPERATIONS.info }, async (client) =>
        bucket.public
          ? undefined
          : (await client.query<InfoRow>(INFO_ROW, [bucketId, name])).rows[0],
      );
    } else {
      await refuseStaleAdminSession(pool, anonymousCaller(request));
    }
    if (bucket.public) {
      try {
        row = (await pool.query<InfoRow>(INFO_ROW, [bucketId, name])).rows[0];
      } catch (error) {
        throw fromDatabaseError(error);
      }
    }
    if (!row) throw errors.objectNotFound();
    return reply.header('cache-control', 'no-store').send(hostedInfo(row));
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- a fastify plugin with no done callback is async: fastify waits for its promise and reports its throws
  return async function infoDeletePlugin(app: FastifyInstance) {
    const routeOptions = { handlerTimeout: context.limits.handlerTimeoutMs };
    app.get<{ Params: ObjectParams }>('/object/info/:bucket/*', routeOptions, (request, reply) =>
      info(request, reply, 'any'),
    );
    app.get<{ Params: ObjectParams }>(
      '/object/info/authenticated/:bucket/*',
      routeOptions,
      (request, reply) => info(request, reply, 'authenticated'),
    );
    app.get<{ Params: ObjectParams }>(
      '/object/info/public/:bucket/*',
      routeOptions,
      (request, reply) => info(request, reply, 'public'),
    );

    /**
     * One object. As hosted, whether it exists is asked as the service (404 Object not found),
     * then the row is deleted as the caller: row-level security refusing is 403 Access denied.
     * The file goes after the commit; left behind, it is only an orphan.
     */
    app.delete<{ Params: ObjectParams }>(
      '/object/:bucket/*',
      { ...routeOptions, bodyLimit: 16 * 1024 },
      async (request, reply) => {
        const bucketId = checkBucketId(request.params.bucket);
        const name = checkObjectName(request.params['*']);
        const caller = await request.caller;
        const version = await asCaller(
          pool,
          caller,
          {
            operation: OPERATIONS.deleteOne,
            before: async (client) => {
              await client.query(
                `select pg_advisory_xact_lock(hashtextextended('storage.objects:' || $1, 0))`,
                [`${bucketId}/${name}`],
              );
              const { rowCount } = await client.query(
                'select 1 from storage.objects where bucket_id = $1 and name = $2',
                [bucketId, name],
              );
              if (rowCount !== 1) throw errors.objectNotFound();
            },
          },
          async (client) => {
            const { rows } = await client.query<{ version: unknown }>(
              'delete from storage.objects where bucket_id = $1 and name = $2 returning version',
              [bucketId, name],
            );
            if (!rows[0]) throw errors.accessDenied();
            return rows[0].version;
          },
        );
        if (isSafeVersion(version))
          await rm(objectFilePath(root, bucketId, version), { force: true }).catch(() => undefined);
        return reply.send({ message: 'Successfully deleted' });
      },
    );
  };
}
