import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { findBucket } from '../buckets';
import { asCaller } from '../caller';
import type { StorageContext } from '../context';
import { errors } from '../errors';
import { OPERATIONS } from '../operations';
import { checkBucketId, isSafeVersion } from '../names';
import { objectFilePath, ownerOf } from '../store-object';
import {
  bucketSettingsSchema,
  checkAllowedMimeTypes,
  checkNewBucketName,
  parseFileSizeLimit,
} from './bucket-rules';
import { BUCKET_COLUMNS, hostedBucket } from './object-shapes';

interface BucketSettings {
  public?: boolean;
  file_size_limit?: number | string | null;
  allowed_mime_types?: string[] | null;
}

interface ListQuery {
  limit?: string;
  offset?: string;
  sortColumn?: 'id' | 'name' | 'created_at' | 'updated_at';
  sortOrder?: 'asc' | 'desc';
  search?: string;
}

/** As hosted (STORAGE_EMPTY_BUCKET_MAX): a bigger bucket is refused rather than emptied. */
const EMPTY_BUCKET_MAX = 200_000;
const EMPTY_BATCH = 1000;

/**
 * The bucket routes, as hosted (src/http/routes/bucket/*.ts, Storage in src/storage/storage.ts).
 * Like hosted, every read and write of storage.buckets runs as the caller, so row-level security
 * decides: our migrations add no policy on storage.buckets, so anon and authenticated callers
 * (admins included: they call as anon with session headers) see no bucket and can create, change
 * or delete none; only the service role (which bypasses row-level security) can. Emptying a bucket
 * is the service role's alone (hosted: enforceJwtRoles), whatever the policies say.
 */
export function bucketRoutes(context: StorageContext) {
  const { pool, root } = context;

  // eslint-disable-next-line @typescript-eslint/require-await -- a fastify plugin with no done callback is async: fastify waits for its promise and reports its throws
  return async function bucketPlugin(app: FastifyInstance) {
    const routeOptions = { bodyLimit: 64 * 1024, handlerTimeout: context.limits.handlerTimeoutMs };
    const count = { type: 'string', pattern: '^[0-9]{1,7}$' } as const;

    app.get<{ Querystring: ListQuery }>(
      '/bucket',
      {
        ...routeOptions,
        schema: {
          querystring: {
            type: 'object',
            properties: {
              // Query values are text (the service does not coerce types): digits, read below.
              limit: count,
              offset: count,
              sortColumn: { type: 'string', enum: ['id', 'name', 'created_at', 'updated_at'] },
              sortOrder: { type: 'string', enum: ['asc', 'desc'] },
              search: { type: 'string', maxLength: 100 },
            },
          },
        },
      },
      async (request, reply) => {
        const { limit, offset, sortColumn, sortOrder, search } = request.query;
        if (limit !== undefined && Number(limit) < 1)
          throw errors.invalidRequest('querystring/limit must be >= 1');
        const order = sortColumn
          ? `order by ${sortColumn} ${sortOrder === 'desc' ? 'desc' : 'asc'}`
          : 'order by id';
        const rows = await asCaller(
          pool,
          await request.caller,
          { operation: OPERATIONS.listBuckets },
          async (client) => {
            const result = await client.query<Record<string, unknown>>(
              `select ${BUCKET_COLUMNS}, 'STANDARD' as type from storage.buckets
              where $1::text is null or strpos(lower(name), lower($1)) > 0
              ${order} limit $2 offset $3`,
              [search || null, limit === undefined ? null : Number(limit), Number(offset ?? 0)],
            );
            return result.rows;
          },
        );
        return reply.send(rows.map(hostedBucket));
      },
    );

    app.get<{ Params: { id: string } }>('/bucket/:id', routeOptions, async (request, reply) => {
      const bucketId = checkBucketId(request.params.id);
      const row = await asCaller(
        pool,
        await request.caller,
        { operation: OPERATIONS.getBucket },
        async (client) => {
          const result = await client.query<Record<string, unknown>>(
            `select ${BUCKET_COLUMNS} from storage.buckets where id = $1`,
            [bucketId],
          );
          return result.rows[0];
        },
      );
      if (!row) throw errors.bucketNotFound();
      return reply.send(hostedBucket(row));
    });

    app.post<{ Body: BucketSettings & { name: string; id?: string; type?: 'STANDARD' } }>(
      '/bucket',
      {
        ...routeOptions,
        schema: {
          body: {
            type: 'object',
            required: ['name'],
            properties: {
              name: { type: 'string', maxLength: 1024 },
              id: { type: 'string', maxLength: 1024 },
              type: { type: 'string', enum: ['STANDARD'] },
              ...bucketSettingsSchema,
            },
          },
        },
      },
      async (request, reply) => {
        const { body } = request;
        const name = checkNewBucketName(body.name);
        // The id names the bucket's folder on disk, so it meets the same rule.
        const bucketId = checkBucketId(body.id || name);
        const who = await request.caller;
        const fileSizeLimit = parseFileSizeLimit(
          body.file_size_limit,
          context.limits.fileSizeLimit,
        );
        const types = checkAllowedMimeTypes(body.allowed_mime_types);
        const [owner, ownerId] = ownerOf(who);
        await asCaller(pool, who, { operation: OPERATIONS.createBucket }, (client) =>
          client.query(
            `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
             values ($1, $2, $3, $4, $5, $6, $7)`,
            [
              bucketId,
              name,
              owner,
              ownerId,
              body.public ?? false,
              fileSizeLimit ?? null,
              types ?? null,
            ],
          ),
        );
        return reply.send({ name });
      },
    );

    app.put<{ Params: { id: string }; Body: BucketSettings }>(
      '/bucket/:id',
      {
        ...routeOptions,
        schema: {
          body: {
            type: 'object',
            properties: bucketSettingsSchema,
            anyOf: [
              { required: ['public'] },
              { required: ['file_size_limit'] },
              { required: ['allowed_mime_types'] },
            ],
          },
        },
      },
      async (request, reply) => {
        const bucketId = checkBucketId(request.params.id);
        const who = await request.caller;
        const settings: Array<[string, unknown]> = [
          ['public', request.body.public],
          [
            'file_size_limit',
            parseFileSizeLimit(request.body.file_size_limit, context.limits.fileSizeLimit),
          ],
          ['allowed_mime_types', checkAllowedMimeTypes(request.body.allowed_mime_types)],
        ];
        const changes = settings.filter(([, value]) => value !== undefined);
        if (changes.length === 0) throw errors.noContent();
        // Column names come from the list above, never from the request.
        const assignments = changes
          .map(([column], index) => `${column} = $${index + 2}`)
          .join(', ');
        const updated = await asCaller(
          pool,
          who,
          { operation: OPERATIONS.updateBucket },
          async (client) => {
            const { rowCount } = await client.query(
              `update storage.buckets set ${assignments} where id = $1`,
              [bucketId, ...changes.map(([, value]) => value)],
            );
            return rowCount === 1;
          },
        );
        if (!updated) throw errors.bucketNotFound();
        return reply.send({ message: 'Successfully updated' });
      },
    );

    /**
     * As hosted: the bucket is found and counted as the service (404, then 409 when it holds
     * objects), then deleted as the caller (row-level security hiding it: 404). The row lock
     * keeps an upload from adding an object between the count and the delete.
     */
    app.delete<{ Params: { id: string } }>('/bucket/:id', routeOptions, async (request, reply) => {
      const bucketId = checkBucketId(request.params.id);
      await asCaller(
        pool,
        await request.caller,
        {
          operation: OPERATIONS.deleteBucket,
          before: async (client) => {
            const found = await client.query(
              'select 1 from storage.buckets where id = $1 for update',
              [bucketId],
            );
            if (found.rowCount !== 1) throw errors.bucketNotFound();
            const used = await client.query(
              'select 1 from storage.objects where bucket_id = $1 limit 1',
              [bucketId],
            );
            if (used.rowCount !== 0) throw errors.bucketNotEmpty();
          },
        },
        async (client) => {
          const { rowCount } = await client.query('delete from storage.buckets where id = $1', [
            bucketId,
          ]);
          if (rowCount !== 1) throw errors.bucketNotFound();
        },
      );
      // Only orphan files can be left in the folder of a bucket that had no objects.
      await rm(join(root, bucketId), { recursive: true, force: true }).catch(() => undefined);
      return reply.send({ message: 'Successfully deleted' });
    });

    /**
     * Hosted queues the deletion and answers at once; here the objects that existed when the
     * request came are deleted before the answer, a batch per transaction, files after each commit.
     */
    app.post<{ Params: { id: string } }>(
      '/bucket/:id/empty',
      routeOptions,
      async (request, reply) => {
        const bucketId = checkBucketId(request.params.id);
        const who = await request.caller;
        if (who.role !== 'service_role') throw errors.accessDenied('Access denied: Invalid role');
        await findBucket(pool, bucketId, context.limits.fileSizeLimit);
        const before = new Date();
        const tooMany = await asCaller(
          pool,
          who,
          { operation: OPERATIONS.emptyBucket },
          async (client) => {
            const { rowCount } = await client.query(
              'select 1 from storage.objects where bucket_id = $1 offset $2 limit 1',
              [bucketId, EMPTY_BUCKET_MAX],
            );
            return rowCount === 1;
          },
        );
        if (tooMany) throw errors.tooManyToEmpty();
        for (;;) {
          const versions = await asCaller(
            pool,
            who,
            { operation: OPERATIONS.emptyBucket },
            async (client) => {
              const { rows } = await client.query<{ version: unknown }>(
                `delete from storage.objects where id in (
               select id from storage.objects where bucket_id = $1 and created_at <= $2 limit $3
             ) returning version`,
                [bucketId, before, EMPTY_BATCH],
              );
              return rows.map((row) => row.version);
            },
          );
          await Promise.all(
            versions
              .filter(isSafeVersion)
              .map((version) =>
                rm(objectFilePath(root, bucketId, version), { force: true }).catch(() => undefined),
              ),
          );
          if (versions.length < EMPTY_BATCH) break;
        }
        return reply.send({
          message: 'Empty bucket has been queued. Completion may take up to an hour.',
        });
      },
    );
  };
}
