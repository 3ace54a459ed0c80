import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { findBucket } from '../buckets';
import { asCaller } from '../caller';
import type { StorageContext } from '../context';
import { OPERATIONS } from '../operations';
import { checkBucketId, isSafeVersion, OBJECT_NAME_FIELD, OBJECT_NAMES_FIELD } from '../names';
import { objectFilePath } from '../store-object';

interface ListBody {
  prefix?: string;
  limit?: number;
  offset?: number;
  search?: string;
  sortBy?: {
    column?: 'name' | 'updated_at' | 'created_at' | 'last_accessed_at';
    order?: 'asc' | 'desc';
  };
}

/** What each sortBy column orders by, for files and folders alike. */
const ORDER_BY = {
  name: 'entry',
  updated_at: 'max(updated_at)',
  created_at: 'min(created_at)',
  last_accessed_at: 'max(last_accessed_at)',
} as const;
const SORT_COLUMNS = Object.keys(ORDER_BY);

/**
 * One folder level under a prefix, as the caller may see it (hosted: storage.search()).
 * Names match the prefix literally (starts_with, not LIKE: '_' and '%' are ordinary).
 */
const LIST = (column: keyof typeof ORDER_BY, order: 'asc' | 'desc') => `
  with level as (
    select split_part(substr(name, length($2) + 1), '/', 1) as entry,
           position('/' in substr(name, length($2) + 1)) > 0 as is_folder,
           id, updated_at, created_at, last_accessed_at, metadata
      from storage.objects
     where bucket_id = $1 and starts_with(name, $2)
       and starts_with(lower(split_part(substr(name, length($2) + 1), '/', 1)), lower($5))
  )
  select entry as name,
         case when is_folder then null else (array_agg(id))[1] end as id,
         case when is_folder then null else max(updated_at) end as updated_at,
         case when is_folder then null else min(created_at) end as created_at,
         case when is_folder then null else max(last_accessed_at) end as last_accessed_at,
         case when is_folder then null else (array_agg(metadata))[1] end as metadata
    from level
   where entry <> ''
   group by entry, is_folder
   order by ${ORDER_BY[column]} ${order} nulls last, entry
   limit $3 offset $4`;

/**
 * POST /object/list/{bucket} and DELETE /object/{bucket} `{prefixes}`, as hosted
 * (src/http/routes/object/listObjects.ts, deleteObjects.ts), under row-level security.
 */
export function listRemoveRoutes(context: StorageContext) {
  const { pool } = context;
  // eslint-disable-next-line @typescript-eslint/require-await -- a fastify plugin with no done callback is async: fastify waits for its promise and reports its throws
  return async function listRemovePlugin(app: FastifyInstance) {
    const routeOptions = {
      bodyLimit: context.limits.jsonBodyLimit,
      handlerTimeout: context.limits.handlerTimeoutMs,
    };

    app.post<{ Params: { bucket: string }; Body: ListBody }>(
      '/object/list/:bucket',
      {
        ...routeOptions,
        schema: {
          body: {
            type: 'object',
            properties: {
              prefix: OBJECT_NAME_FIELD,
              limit: { type: 'integer', minimum: 1, maximum: 1000 },
              offset: { type: 'integer', minimum: 0, maximum: 1_000_000 },
              search: { type: 'string', maxLength: 1024 },
              sortBy: {
                type: 'object',
                properties: {
                  column: { type: 'string', enum: SORT_COLUMNS },
                  order: { type: 'string', enum: ['asc', 'desc'] },
                },
              },
            },
          },
        },
      },
      async (request, reply) => {
        const bucketId = checkBucketId(request.params.bucket);
        const caller = await request.caller;
        await findBucket(pool, bucketId, context.limits.fileSizeLimit);
        const body = request.body ?? {};
        const prefix = (body.prefix ?? '').replace(/^\/+|\/+$/g, '');
        const folder = prefix === '' ? '' : `${prefix}/`;
        const sql = LIST(
          body.sortBy?.column ?? 'name',
          body.sortBy?.order === 'desc' ? 'desc' : 'asc',
        );
        const entries = await asCaller(
          pool,
          caller,
          { operation: OPERATIONS.list },
          async (client) => {
            const { rows } = await client.query<Record<string, unknown>>(sql, [
              bucketId,
              folder,
              body.limit ?? 100,
              body.offset ?? 0,
              body.search ?? '',
            ]);
            return rows;
          },
        );
        return reply.send(entries);
      },
    );

    app.delete<{ Params: { bucket: string }; Body: { prefixes: string[] } }>(
      '/object/:bucket',
      {
        ...routeOptions,
        schema: {
          body: {
            type: 'object',
            required: ['prefixes'],
            properties: {
              prefixes: OBJECT_NAMES_FIELD,
            },
          },
        },
      },
      async (request, reply) => {
        const bucketId = checkBucketId(request.params.bucket);
        const caller = await request.caller;
        await findBucket(pool, bucketId, context.limits.fileSizeLimit);
        const removed = await asCaller(
          pool,
          caller,
          { operation: OPERATIONS.deleteMany },
          async (client) => {
            const { rows } = await client.query<{ version: unknown } & Record<string, unknown>>(
              `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
             returning id, name, bucket_id, owner, version, metadata, created_at, updated_at, last_accessed_at`,
              [bucketId, request.body.prefixes],
            );
            return rows;
          },
        );
        // The rows are gone (committed); their files follow. A file that cannot be removed
        // is only an orphan on disk, never served again.
        await Promise.all(
          removed
            .map(({ version }) => version)
            .filter(isSafeVersion)
            .map((version) => rm(objectFilePath(context.root, bucketId, version), { force: true })),
        );
        return reply.send(removed.map(({ version: _version, ...row }) => row));
      },
    );
  };
}
