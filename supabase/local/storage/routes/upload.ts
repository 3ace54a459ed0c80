import { rm } from 'node:fs/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findBucket, mimeTypeAllowed, type Bucket } from '../buckets';
import { signedUploader, type Caller } from '../caller';
import { MULTIPART_ALLOWANCE, type StorageContext } from '../context';
import { errors, StorageHttpError } from '../errors';
import { cacheControlFromFormField, cacheControlFromHeader } from '../headers';
import { checkBucketId, checkObjectName } from '../names';
import { receiveToTemporaryFile, type ReceivedFile } from '../receive-upload';
import { signUploadToken, verifyUploadToken } from '../signed-urls';
import { checkCanStore, storeObject } from '../store-object';

interface ObjectParams {
  bucket: string;
  '*': string;
}

/** An upload request: object in the path, and a signed upload's token in the query. */
interface UploadRequest {
  Params: ObjectParams;
  Querystring: { token?: unknown };
}

/** What the request says about its body before any of it is read. */
type Declared =
  | { multipart: true; length?: number }
  | { multipart: false; length?: number; type: string; cacheControl: string };

function declaredLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  if (header === undefined) return undefined;
  const length = Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/** Size, type and cache-control as declared by the headers, refused at once when wrong. */
function declaredUpload(request: FastifyRequest, bucket: Bucket): Declared {
  const contentType = request.headers['content-type'] ?? '';
  const length = declaredLength(request);
  if (/^multipart\/form-data\s*;/i.test(contentType)) {
    if (length !== undefined && length > bucket.fileSizeLimit + MULTIPART_ALLOWANCE)
      throw errors.tooLarge();
    return { multipart: true, length };
  }
  if (/^multipart\//i.test(contentType))
    throw errors.invalidRequest('Invalid multipart body: use multipart/form-data with a boundary');
  // As hosted: the declared type exactly, not lower-cased, parameters kept (docs/deploy.md 4.2).
  const type = contentType || 'application/octet-stream';
  if (!mimeTypeAllowed(bucket, type)) throw errors.invalidMimeType(type);
  if (length !== undefined && length > bucket.fileSizeLimit) throw errors.tooLarge();
  return {
    multipart: false,
    length,
    type,
    cacheControl: cacheControlFromHeader(request.headers['cache-control']),
  };
}

/** Aborted when the client goes away before the answer is sent. */
function disconnectSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

function formField(part: MultipartFile, name: string): unknown {
  const entry = part.fields[name];
  const field = Array.isArray(entry) ? entry[0] : entry;
  return field?.type === 'field' ? field.value : undefined;
}

const MULTIPART_LIMIT_CODES = new Set([
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PROTO_VIOLATION',
]);

/** The file part of a multipart form, its fields read and its bytes not yet. */
interface FormFile {
  part: MultipartFile;
  declaredType: string;
  cacheControl: string;
  /** Set when busboy reports the body broken (it may do so before the file is read). */
  failure?: Error;
}

/**
 * The start of a multipart form (what storage-js sends for a Blob): the fields before the
 * file (cacheControl, contentType) and the file part's header, at most a few kilobytes.
 * The declared type is checked here (415), before any byte of the file is read, as hosted
 * does (fileUploadFromRequest() in src/storage/uploader.ts).
 */
async function readFormStart(request: FastifyRequest, bucket: Bucket): Promise<FormFile> {
  let part: MultipartFile | undefined;
  try {
    part = await request.file({
      limits: {
        files: 1,
        fields: 10,
        parts: 12,
        fieldSize: 16 * 1024,
        fieldNameSize: 100,
        headerPairs: 20,
        fileSize: bucket.fileSizeLimit + 1,
      },
    });
  } catch (error) {
    if (error instanceof StorageHttpError) throw error;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && MULTIPART_LIMIT_CODES.has(code))
      throw errors.invalidRequest('The form has too many or invalid fields');
    throw errors.invalidRequest('The multipart body is malformed');
  }
  if (!part) throw errors.invalidRequest('No file in the form');
  const form: Partial<FormFile> = { part };
  part.file.on('error', (error: Error) => (form.failure ??= error));
  const cacheControl = cacheControlFromFormField(formField(part, 'cacheControl'));
  const labelled = formField(part, 'contentType');
  const declaredType =
    typeof labelled === 'string' && labelled !== ''
      ? labelled
      : part.mimetype || 'application/octet-stream';
  if (!mimeTypeAllowed(bucket, declaredType)) throw errors.invalidMimeType(declaredType);
  return Object.assign(form, { part, declaredType, cacheControl });
}

/** Streams a form's file to a temporary file. */
async function receiveFormFile(
  form: FormFile,
  context: StorageContext,
  bucket: Bucket,
  signal: AbortSignal,
): Promise<ReceivedFile> {
  try {
    const file = await receiveToTemporaryFile(form.part.file, {
      tempDir: context.tempDir,
      limit: bucket.fileSizeLimit,
      declaredType: form.declaredType,
      bucket,
      signal,
    });
    if (form.failure || form.part.file.truncated) {
      await rm(file.path, { force: true });
      throw form.failure ?? errors.tooLarge();
    }
    return file;
  } catch (error) {
    if (error instanceof StorageHttpError || signal.aborted) throw error;
    // Busboy's complaints about the body ('Unexpected end of form', 'Part terminated early').
    throw errors.invalidRequest('The multipart body is malformed');
  }
}

/**
 * POST /object/{bucket}/{name} (create; `x-upsert: true` replaces) and PUT (replace), as hosted
 * (src/http/routes/object/createObject.ts, updateObject.ts). Everything that can be decided
 * without the file's bytes is decided before reading them (src/storage/uploader.ts): caller,
 * bucket, name, declared size and type (for a form: from its first part header, a few
 * kilobytes in, as hosted), and the insert under row-level security, tested and rolled back.
 * Refusals are answered at once and the connection closed (service.ts), so the client stops
 * sending. Only then does the upload take one of the limited upload slots (UploadSlots) and
 * stream to a temporary file, which storeObject() renames into place.
 */
export function uploadRoutes(context: StorageContext) {
  /** The caller and whether it may replace: from its JWT, or (signed uploads) from the token. */
  async function whoUploads(
    request: FastifyRequest<UploadRequest>,
    mode: 'create' | 'update' | 'signed',
    bucketId: string,
    name: string,
  ): Promise<{ caller: Caller; upsert: boolean }> {
    if (mode !== 'signed') {
      const caller = await request.caller;
      return { caller, upsert: mode === 'update' || request.headers['x-upsert'] === 'true' };
    }
    const grant = await verifyUploadToken(context.secret, request.query.token, bucketId, name);
    return { caller: signedUploader(request, grant.owner), upsert: grant.upsert };
  }

  async function upload(
    request: FastifyRequest<UploadRequest>,
    reply: FastifyReply,
    mode: 'create' | 'update' | 'signed',
  ) {
    const bucketId = checkBucketId(request.params.bucket);
    const name = checkObjectName(request.params['*']);
    const { caller, upsert } = await whoUploads(request, mode, bucketId, name);
    const bucket = await findBucket(context.pool, bucketId, context.limits.fileSizeLimit);
    const declared = declaredUpload(request, bucket);
    // A client that sent `expect: 100-continue` sends the body only once told to: at once for
    // a form (whose start says the file's type), else once everything else has been checked.
    const sendContinue = () => {
      if (/100-continue/i.test(request.headers.expect ?? '') && !reply.raw.headersSent)
        reply.raw.writeContinue();
    };
    let body: {
      declaredType: string;
      cacheControl: string;
      receive: (signal: AbortSignal) => Promise<ReceivedFile>;
    };
    if (declared.multipart) {
      sendContinue();
      const form = await readFormStart(request, bucket);
      body = { ...form, receive: (signal) => receiveFormFile(form, context, bucket, signal) };
    } else {
      body = {
        declaredType: declared.type,
        cacheControl: declared.cacheControl,
        receive: (signal) => {
          sendContinue();
          return receiveToTemporaryFile(request.raw, {
            tempDir: context.tempDir,
            limit: bucket.fileSizeLimit,
            declaredType: declared.type,
            bucket,
            signal,
          });
        },
      };
    }
    await checkCanStore(context.pool, caller, {
      bucketId,
      name,
      upsert,
      mimetype: body.declaredType,
      contentLength: declared.length,
    });

    const signal = disconnectSignal(reply);
    const release = await context.slots.acquire(signal);
    let file: ReceivedFile | undefined;
    try {
      file = await body.receive(signal);
      const stored = await storeObject(context.pool, context.root, caller, {
        bucketId,
        name,
        upsert,
        cacheControl: body.cacheControl,
        file,
      });
      // Hosted answers a signed upload with the key alone (its response schema drops Id).
      return reply.send(
        mode === 'signed' ? { Key: stored.key } : { Key: stored.key, Id: stored.id },
      );
    } finally {
      release();
      if (file) await rm(file.path, { force: true });
    }
  }

  return async function uploadPlugin(app: FastifyInstance) {
    // No parser reads an upload's body: the handler does, after its checks.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    await app.register(multipart, { throwFileSizeLimit: true });

    const config = { upload: true };
    app.post<UploadRequest>('/object/:bucket/*', { config }, (request, reply) =>
      upload(request, reply, 'create'),
    );
    app.put<UploadRequest>('/object/:bucket/*', { config }, (request, reply) =>
      upload(request, reply, 'update'),
    );
    app.put<UploadRequest>('/object/upload/sign/:bucket/*', { config }, (request, reply) =>
      upload(request, reply, 'signed'),
    );
    // createSignedUploadUrl: a token for one object, minted only for a caller that may write it
    // now (the same dry-run insert as an upload), as hosted (routes/object/getSignedUploadURL.ts).
    // Its body (storage-js sends `{}`) carries nothing and is not read.
    app.post<{ Params: ObjectParams }>(
      '/object/upload/sign/:bucket/*',
      { handlerTimeout: context.limits.handlerTimeoutMs },
      async (request, reply) => {
        const bucketId = checkBucketId(request.params.bucket);
        const name = checkObjectName(request.params['*']);
        const caller = await request.caller;
        await findBucket(context.pool, bucketId, context.limits.fileSizeLimit);
        const upsert = request.headers['x-upsert'] === 'true';
        await checkCanStore(context.pool, caller, {
          bucketId,
          name,
          upsert,
          mimetype: 'application/octet-stream',
        });
        const owner = typeof caller.claims.sub === 'string' ? caller.claims.sub : undefined;
        const token = await signUploadToken(context.secret, bucketId, name, { owner, upsert });
        // Not percent-encoded, as signed download URLs (storage-js passes it through encodeURI()).
        return reply.send({ url: `/object/upload/sign/${bucketId}/${name}?token=${token}`, token });
      },
    );
    // No name at all (e.g. a client's URL normalisation ate '../'): a bad key, not an unknown route.
    const noName = () => Promise.reject(errors.invalidKey(''));
    app.post('/object/:bucket', { config }, noName);
    app.put('/object/:bucket', { config }, noName);
  };
}
