import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { findBucket } from '../buckets';
import { anonymousCaller, asCaller, refuseStaleAdminSession, type Caller } from '../caller';
import { callerIfAny } from '../caller-plugin';
import type { StorageContext } from '../context';
import { errors, fromDatabaseError } from '../errors';
import { OPERATIONS } from '../operations';
import { checkBucketId, checkObjectName } from '../names';
import { serveObject, type StoredObject } from '../serve-object';
import { verifyObjectToken } from '../signed-urls';

interface ObjectParams {
  bucket: string;
  '*': string;
}

const OBJECT_ROW =
  'select version, metadata from storage.objects where bucket_id = $1 and name = $2';

/** Reads an object row as the service (no row-level security), as hosted does for public buckets. */
async function objectAsService(
  pool: pg.Pool,
  bucketId: string,
  name: string,
): Promise<StoredObject> {
  let rows: StoredObject[];
  try {
    ({ rows } = await pool.query<StoredObject>(OBJECT_ROW, [bucketId, name]));
  } catch (error) {
    throw fromDatabaseError(error);
  }
  if (!rows[0]) throw errors.objectNotFound();
  return rows[0];
}

/**
 * Downloads, GET and HEAD, as hosted (src/http/routes/object/getPublicObject.ts, getObject.ts,
 * getSignedObject.ts): public buckets by URL, any bucket as an authenticated caller under
 * row-level security, and any object by a signed URL's token.
 */
export function downloadRoutes(context: StorageContext) {
  const { pool, root } = context;

  async function publicObject(
    request: FastifyRequest<{ Params: ObjectParams }>,
    reply: FastifyReply,
  ) {
    const bucketId = checkBucketId(request.params.bucket);
    const name = checkObjectName(request.params['*']);
    const bucket = await findBucket(pool, bucketId, context.limits.fileSizeLimit);
    if (!bucket.public) throw errors.bucketNotFound();
    await refuseStaleAdminSession(pool, anonymousCaller(request));
    return serveObject(request, reply, {
      root,
      bucketId,
      object: await objectAsService(pool, bucketId, name),
    });
  }

  /** As the caller: public buckets as the service, others under row-level security. */
  async function callerObject(
    request: FastifyRequest<{ Params: ObjectParams }>,
    reply: FastifyReply,
    caller: Caller,
  ) {
    const bucketId = checkBucketId(request.params.bucket);
    const name = checkObjectName(request.params['*']);
    const bucket = await findBucket(pool, bucketId, context.limits.fileSizeLimit);
    const row = await asCaller(
      pool,
      caller,
      { operation: OPERATIONS.getAuthenticated },
      async (client) =>
        bucket.public
          ? undefined
          : (await client.query<StoredObject>(OBJECT_ROW, [bucketId, name])).rows[0],
    );
    const object = bucket.public ? await objectAsService(pool, bucketId, name) : row;
    if (!object) throw errors.objectNotFound();
    // An original read with a grant or an admin session must not sit in a shared cache.
    return serveObject(request, reply, { root, bucketId, object, private: !bucket.public });
  }

  async function authenticatedObject(
    request: FastifyRequest<{ Params: ObjectParams }>,
    reply: FastifyReply,
  ) {
    return callerObject(request, reply, await request.caller);
  }

  /** GET /object/{bucket}/{name}: as hosted, a missing or invalid JWT reaches public buckets only. */
  async function anyObject(request: FastifyRequest<{ Params: ObjectParams }>, reply: FastifyReply) {
    const caller = await callerIfAny(request);
    if (caller) return callerObject(request, reply, caller);
    return publicObject(request, reply);
  }

  async function signedObject(
    request: FastifyRequest<{ Params: ObjectParams }>,
    reply: FastifyReply,
  ) {
    const bucketId = checkBucketId(request.params.bucket);
    const name = checkObjectName(request.params['*']);
    const token = (request.query as Record<string, unknown>).token;
    const expiresAt = await verifyObjectToken(
      context.secret,
      Array.isArray(token) ? token[0] : token,
      bucketId,
      name,
    );
    await refuseStaleAdminSession(pool, anonymousCaller(request));
    return serveObject(request, reply, {
      root,
      bucketId,
      object: await objectAsService(pool, bucketId, name),
      expiresAt,
    });
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- a fastify plugin with no done callback is async: fastify waits for its promise and reports its throws
  return async function downloadPlugin(app: FastifyInstance) {
    // HEAD is routed with GET (not fastify's automatic HEAD route, which would replace the
    // content-length with 0); serveObject sends no body for it.
    const methods: Array<'GET' | 'HEAD'> = ['GET', 'HEAD'];
    app.route({ method: methods, url: '/object/public/:bucket/*', handler: publicObject });
    app.route({
      method: methods,
      url: '/object/authenticated/:bucket/*',
      handler: authenticatedObject,
    });
    app.route({ method: methods, url: '/object/sign/:bucket/*', handler: signedObject });
    app.route({ method: methods, url: '/object/:bucket/*', handler: anyObject });
  };
}
