import type { FastifyInstance } from 'fastify';
import { findBucket } from '../buckets';
import { asCaller } from '../caller';
import type { StorageContext } from '../context';
import { errors } from '../errors';
import { OPERATIONS } from '../operations';
import { checkBucketId, checkObjectName, OBJECT_NAMES_FIELD } from '../names';
import { MAX_SIGNED_URL_SECONDS, signObjectUrl } from '../signed-urls';

const expiresIn = { type: 'integer', minimum: 1, maximum: MAX_SIGNED_URL_SECONDS } as const;

interface SignOne {
  Params: { bucket: string; '*': string };
  Body: { expiresIn: number };
}

interface SignMany {
  Params: { bucket: string };
  Body: { expiresIn: number; paths: string[] };
}

const MISSING = 'Either the object does not exist or you do not have access to it';

/**
 * Signed download URLs, as hosted (src/http/routes/object/getSignedURL.ts, getSignedURLs.ts):
 * a URL is signed only for an object the caller may SELECT under row-level security while the
 * request says it signs (storage.object.sign / sign_many), so a policy can allow a read and
 * refuse a signature. At most MAX_SIGNED_URL_SECONDS, where hosted allows a year.
 */
export function signRoutes(context: StorageContext) {
  const { pool } = context;
  // eslint-disable-next-line @typescript-eslint/require-await -- a fastify plugin with no done callback is async: fastify waits for its promise and reports its throws
  return async function signPlugin(app: FastifyInstance) {
    const routeOptions = {
      bodyLimit: context.limits.jsonBodyLimit,
      handlerTimeout: context.limits.handlerTimeoutMs,
    };

    app.post<SignOne>(
      '/object/sign/:bucket/*',
      {
        ...routeOptions,
        schema: { body: { type: 'object', required: ['expiresIn'], properties: { expiresIn } } },
      },
      async (request, reply) => {
        const bucketId = checkBucketId(request.params.bucket);
        const name = checkObjectName(request.params['*']);
        const caller = await request.caller;
        await findBucket(pool, bucketId, context.limits.fileSizeLimit);
        const visible = await asCaller(
          pool,
          caller,
          { operation: OPERATIONS.sign },
          async (client) => {
            const { rowCount } = await client.query(
              'select 1 from storage.objects where bucket_id = $1 and name = $2',
              [bucketId, name],
            );
            return rowCount === 1;
          },
        );
        if (!visible) throw errors.objectNotFound();
        return reply.send({
          signedURL: await signObjectUrl(context.secret, bucketId, name, request.body.expiresIn),
        });
      },
    );

    app.post<SignMany>(
      '/object/sign/:bucket',
      {
        ...routeOptions,
        schema: {
          body: {
            type: 'object',
            required: ['expiresIn', 'paths'],
            properties: {
              expiresIn,
              paths: OBJECT_NAMES_FIELD,
            },
          },
        },
      },
      async (request, reply) => {
        const bucketId = checkBucketId(request.params.bucket);
        const caller = await request.caller;
        await findBucket(pool, bucketId, context.limits.fileSizeLimit);
        const { paths } = request.body;
        const visible = await asCaller(
          pool,
          caller,
          { operation: OPERATIONS.signMany },
          async (client) => {
            const { rows } = await client.query<{ name: string }>(
              'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
              [bucketId, paths],
            );
            return new Set(rows.map((row) => row.name));
          },
        );
        const signed = await Promise.all(
          paths.map(async (path) =>
            visible.has(path)
              ? {
                  error: null,
                  path,
                  signedURL: await signObjectUrl(
                    context.secret,
                    bucketId,
                    path,
                    request.body.expiresIn,
                  ),
                }
              : { error: MISSING, path, signedURL: null },
          ),
        );
        return reply.send(signed);
      },
    );
  };
}
