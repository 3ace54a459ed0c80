import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { MemoryLocker, Server, type ServerOptions, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findBucket, mimeTypeAllowed, type Bucket } from '../buckets';
import { signedUploader, type Caller } from '../caller';
import type { StorageContext } from '../context';
import { errors, fromDatabaseError, StorageHttpError } from '../errors';
import { cacheControlFromFormField } from '../headers';
import { checkBucketId, checkObjectName } from '../names';
import { storedTypeOf } from '../receive-upload';
import { checkUploadTokenFits, readUploadToken } from '../signed-urls';
import { checkCanStore, storeObject } from '../store-object';

/**
 * The tus resumable-upload endpoint of hosted Supabase Storage (src/http/routes/tus/ in
 * supabase/storage), on the same libraries: @tus/server speaks the protocol, @tus/file-store
 * keeps the bytes of unfinished uploads under {root}/.tus (the objects' file system, so a
 * finished file is renamed into place by storeObject, the one way a file becomes an object).
 *
 * - /upload/resumable: the caller's JWT and request headers, as every other upload; every
 *   request (create, send, offset, cancel) asks row-level security again (a dry-run insert).
 *   Hosted asks on all but HEAD: its upload ids name the object, ours are random.
 * - /upload/resumable/sign: header `x-signature`, an upload token from
 *   POST /object/upload/sign/{bucket}/{name} (signed-urls.ts); the token names the object, so
 *   it can neither start, continue, read nor cancel an upload of another one. The app uses this route: a
 *   browser on another origin may send hosted's tus route only the headers in its own CORS
 *   list, and the admin's session headers are not among them (docs/SECURITY.md).
 *
 * The metadata names the object as storage-js' users send it: bucketName, objectName,
 * contentType, cacheControl. Upload URLs are /storage/v1/upload/resumable[/sign]/{id}, the id a
 * random UUID; unfinished uploads expire after a day.
 */

const TUS_PATH = '/upload/resumable';
const SIGNED_SUFFIX = '/sign';
/** Where the gateway mounts this service (the Supabase URL contract). */
const PUBLIC_PREFIX = '/storage/v1';
/**
 * An unfinished upload is kept this long after it was created: a day, so a shoot's uploads left
 * overnight resume. Hosted's source defaults to 1 h (TUS_URL_EXPIRY_MS); the platform's value is
 * not published (docs/deploy.md 4.3), and an expired upload starts again from zero there.
 */
const UPLOAD_EXPIRY_MS = 24 * 3600_000;
/** The request the tus hooks see (srvx's, wrapping Node's). */
type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0];

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What one request established about its caller, read by the tus hooks. */
interface RequestGrant {
  caller: Caller;
  upsert: boolean;
  bucket: Bucket;
  name: string;
  declaredType: string;
  cacheControl: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** What authorize() established about a tus request's caller, read by finish() (resumable routes only). */
    uploadGrant: RequestGrant | null;
  }
}

interface TusMetadata {
  bucketName?: string | null;
  objectName?: string | null;
  contentType?: string | null;
  cacheControl?: string | null;
}

type TusError = { status_code: number; body: string };

const asTusError = (error: StorageHttpError): TusError => ({
  status_code: error.status,
  body: `${error.message}\n`,
});

/** The object an upload's metadata names, checked as every upload's path is. */
function objectOf(metadata: TusMetadata | undefined): { bucketId: string; name: string } {
  return {
    bucketId: checkBucketId(metadata?.bucketName ?? undefined),
    name: checkObjectName(metadata?.objectName ?? undefined),
  };
}

/** Reads `Upload-Metadata` (`key base64,key base64`), refusing anything malformed. */
function parseMetadata(header: string | undefined): TusMetadata {
  const metadata: Record<string, string> = {};
  if (!header) return metadata;
  for (const pair of header.split(',')) {
    const [key, value = '', extra] = pair.trim().split(' ');
    if (!key || extra !== undefined || !/^[A-Za-z0-9+/=]*$/.test(value))
      throw errors.invalidRequest('Invalid Upload-Metadata header');
    metadata[key] = Buffer.from(value, 'base64').toString('utf8');
  }
  return metadata;
}

/** The MD5 and first bytes of a finished file, read once (an object's ETag is its MD5, as hosted). */
async function inspectFile(path: string): Promise<{ md5: string; head: Buffer }> {
  const hash = createHash('md5');
  let head = Buffer.alloc(0);
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    if (head.length < 32) head = Buffer.concat([head, chunk.subarray(0, 32 - head.length)]);
  }
  return { md5: hash.digest('hex'), head };
}

export function resumableRoutes(context: StorageContext) {
  const directory = join(context.root, '.tus');
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  /** The request each Node request tus is handling belongs to (tus's hooks see only Node's). */
  const requests = new WeakMap<IncomingMessage, FastifyRequest>();
  const requestOf = (request: TusRequest): FastifyRequest => {
    const raw = request.runtime?.node?.req as IncomingMessage | undefined;
    const handled = raw && requests.get(raw);
    if (!handled) throw errors.internal();
    return handled;
  };

  /**
   * Who may do what this request asks: the signed route's token or the caller's JWT, the
   * bucket and its limits, and row-level security's answer for the object (every method, as
   * creating it). Kept for the hooks.
   */
  async function authorize(
    request: FastifyRequest,
    uploadId: string | undefined,
    signed: boolean,
  ): Promise<void> {
    const { headers, method } = request;
    if (method === 'OPTIONS') return;
    const creating = method === 'POST';
    // The credential is read before any upload is looked up, so its refusals are the same
    // whether the upload exists or not.
    const token = signed
      ? await readUploadToken(context.secret, headers['x-signature'])
      : undefined;
    const caller = token ? signedUploader(request, token.owner) : await request.caller;
    const upsert = token ? token.upsert : headers['x-upsert'] === 'true';
    let metadata: TusMetadata;
    if (creating) metadata = parseMetadata(headers['upload-metadata'] as string | undefined);
    else {
      if (!uploadId) throw errors.objectNotFound();
      metadata =
        (await datastore.getUpload(uploadId).catch(() => Promise.reject(errors.objectNotFound())))
          .metadata ?? {};
    }
    try {
      const { bucketId, name } = objectOf(metadata);
      if (token) checkUploadTokenFits(token, bucketId, name);
      const bucket = await findBucket(context.pool, bucketId, context.limits.fileSizeLimit);
      const declaredType = metadata.contentType || 'application/octet-stream';
      if (!mimeTypeAllowed(bucket, declaredType)) throw errors.invalidMimeType(declaredType);
      if (creating) {
        const length = Number(headers['upload-length']);
        if (Number.isFinite(length) && length > bucket.fileSizeLimit) throw errors.tooLarge();
      }
      await checkCanStore(context.pool, caller, { bucketId, name, upsert, mimetype: declaredType });
      request.uploadGrant = {
        caller,
        upsert,
        bucket,
        name,
        declaredType,
        cacheControl: cacheControlFromFormField(metadata.cacheControl ?? undefined),
      };
    } catch (error) {
      // An existing upload refused answers as a missing one: its id alone tells nothing (not
      // even that it exists). Its own client then starts afresh, and creating says why.
      if (!creating && error instanceof StorageHttpError && error.status < 500)
        throw errors.objectNotFound();
      throw error;
    }
  }

  /** The finished file becomes the object, written as the caller; on failure the upload is dropped, never left "complete". */
  async function finish(request: FastifyRequest, upload: Upload): Promise<void> {
    const grant = request.uploadGrant;
    const path = join(directory, upload.id);
    try {
      if (!grant) throw errors.internal();
      const { md5, head } = await inspectFile(path);
      const mimetype = storedTypeOf(head, grant.declaredType, grant.bucket);
      await storeObject(context.pool, context.root, grant.caller, {
        bucketId: grant.bucket.id,
        name: grant.name,
        upsert: grant.upsert,
        cacheControl: grant.cacheControl,
        file: { path, size: upload.offset, md5, mimetype },
      });
    } finally {
      // Renamed into place, or refused: either way no upload of this id is left to resume. A
      // refused one must not answer HEAD as complete (a client would take it as stored).
      await rm(path, { force: true });
      await datastore.configstore.delete(upload.id).catch(() => undefined);
    }
  }

  const options: ServerOptions & { datastore: FileStore } = {
    path: TUS_PATH,
    datastore,
    // One process: uploads of one id take turns in memory (hosted locks in Postgres across replicas).
    locker: new MemoryLocker(),
    maxSize: context.limits.fileSizeLimit,
    disableTerminationForFinishedUploads: true,
    namingFunction: () => randomUUID(),
    // Upload URLs are relative to the gateway's origin, whatever address the browser used.
    generateUrl: (request, { id }) => {
      const signed = requestOf(request).url.startsWith(`${TUS_PATH}${SIGNED_SUFFIX}`);
      return `${PUBLIC_PREFIX}${TUS_PATH}${signed ? SIGNED_SUFFIX : ''}/${id}`;
    },
    getFileIdFromRequest: (_request, lastPath) =>
      lastPath && UPLOAD_ID.test(lastPath) ? lastPath : undefined,
    onIncomingRequest: async (tusRequest, uploadId) => {
      const request = requestOf(tusRequest);
      const signed = request.url.startsWith(`${TUS_PATH}${SIGNED_SUFFIX}`);
      await authorize(request, uploadId || undefined, signed);
    },
    onUploadFinish: async (tusRequest, upload) => {
      await finish(requestOf(tusRequest), upload);
      return {};
    },
    // Our errors keep their status and message; anything else is mapped, never echoed.
    onResponseError: (_request, error) => {
      if (error instanceof StorageHttpError) return asTusError(error);
      if (error instanceof Error) return asTusError(fromDatabaseError(error));
      return undefined;
    },
  };
  const server = new Server(options);

  async function handle(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    reply.hijack();
    requests.set(request.raw, request);
    await server.handle(request.raw, reply.raw);
  }

  return async function resumablePlugin(app: FastifyInstance) {
    await mkdir(directory, { recursive: true, mode: 0o700 });
    // Unfinished uploads older than a day are removed now and every hour.
    const sweep = () =>
      void server
        .cleanUpExpiredUploads()
        .catch((error: unknown) => console.error('storage: tus sweep failed', error));
    sweep();
    const timer = setInterval(sweep, 3600_000);
    timer.unref();
    app.addHook('onClose', (_instance, done) => {
      clearInterval(timer);
      done();
    });

    app.decorateRequest('uploadGrant', null);
    // tus reads the bodies itself.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const config = { upload: true };
    for (const prefix of [TUS_PATH, `${TUS_PATH}${SIGNED_SUFFIX}`]) {
      app.route({ method: ['POST', 'OPTIONS'], url: prefix, config, handler: handle });
      app.route({
        method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
        url: `${prefix}/:id`,
        config,
        handler: handle,
      });
    }
  };
}
