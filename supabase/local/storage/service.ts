import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import type pg from 'pg';
import { answerClientErrors } from '../http/client-errors';
import { callerPlugin } from './caller-plugin';
import { DEFAULT_LIMITS, type StorageContext, type StorageLimits } from './context';
import { errors, fromDatabaseError, StorageHttpError } from './errors';
import { bucketRoutes } from './routes/buckets';
import { copyRoutes } from './routes/copy';
import { downloadRoutes } from './routes/download';
import { infoDeleteRoutes } from './routes/info-delete';
import { listRemoveRoutes } from './routes/list-remove';
import { moveRoutes } from './routes/move';
import { resumableRoutes } from './routes/resumable';
import { signRoutes } from './routes/sign';
import { uploadRoutes } from './routes/upload';
import { temporaryDirectory } from './store-object';
import { UploadSlots } from './upload-slots';

/**
 * The Supabase Storage HTTP API that storage-js calls, on fastify, as storage-api behind the API
 * gateway when hosted: uploads (POST, with x-upsert; PUT; signed; tus), public, authenticated and
 * signed downloads (GET/HEAD), object info, signed URLs, list, remove (many or one), move, copy,
 * and the bucket routes. Bytes live on disk at
 * {root}/{bucket}/{version}; metadata in storage.objects, written in transactions that take on
 * the caller's role, JWT claims and request headers, so the same row-level-security policies
 * decide as when hosted. The gateway forwards /storage/v1/* here with the prefix removed.
 */
export interface StorageServiceOptions {
  pool: pg.Pool;
  jwtSecret: string;
  root: string;
  /** Overrides of DEFAULT_LIMITS (context.ts). */
  limits?: Partial<StorageLimits>;
}

export interface RunningStorageService {
  /** The service's own loopback address; the gateway forwards /storage/v1/* here, prefix removed. */
  url: string;
  stop(): Promise<void>;
}

/**
 * The answer for a request whose body was not read to its end: close the connection after it,
 * so the client stops sending. Not when the gateway forwarded it (it sets x-forwarded-for): Node
 * destroys a `connection: close` socket as soon as the answer is written, and the gateway's proxy,
 * still writing the body, then loses the answer (EPIPE → 502). The rest of such a body is read
 * and dropped instead (Node does that for a kept-alive connection); the gateway does the same
 * with its client's, and cuts off a client still sending 3 s after the refusal (supabase/local/gateway/bodies.ts).
 */
function closeAfterAnswer(request: FastifyRequest, reply: FastifyReply): void {
  if (request.headers['x-forwarded-for'] !== undefined) return;
  reply.header('connection', 'close');
  reply.raw.once('finish', () => {
    // Node half-closes the connection after a `connection: close` answer; a client that
    // keeps it open (still sending) is cut off shortly after (hosted waits 3 s).
    setTimeout(() => request.raw.socket?.destroy(), 2000).unref();
  });
}

/** Any failure as the `{statusCode, error, message}` answer Supabase Storage gives. */
function toHttpError(error: unknown, request: FastifyRequest): StorageHttpError | undefined {
  if (error instanceof StorageHttpError) return error;
  if (error instanceof Error && error.name === 'AbortError') return undefined; // the client is gone
  const fastifyError = error as Partial<FastifyError>;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errors.invalidRequest('The request body is not valid JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errors.tooLarge('request body');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new StorageHttpError(415, 'invalid_mime_type', 'Invalid Content-Type header');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return errors.invalidRequest('The request body does not match its content-length');
    case 'FST_ERR_VALIDATION':
      // ajv's message names the field and the rule, e.g. "body/expiresIn must be >= 1".
      return errors.invalidRequest(fastifyError.message ?? 'Invalid request');
    case 'FST_ERR_HANDLER_TIMEOUT':
      return request.raw.complete ? errors.databaseUnavailable() : errors.requestTimeout();
    default:
      break; // any other code, or none: judged by its status below
  }
  if (
    typeof fastifyError.statusCode === 'number' &&
    fastifyError.statusCode >= 400 &&
    fastifyError.statusCode < 500
  ) {
    return new StorageHttpError(fastifyError.statusCode, 'InvalidRequest', 'Invalid request');
  }
  return fromDatabaseError(error);
}

function sendError(reply: FastifyReply, error: StorageHttpError) {
  return reply
    .code(error.status)
    .headers({
      ...error.headers,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    })
    .send({ statusCode: String(error.status), error: error.error, message: error.message });
}

/** Requests Node cannot even parse, answered in the same `{statusCode, error, message}` shape. */
const answerClientError = answerClientErrors((status) => {
  const known =
    status === 408
      ? errors.requestTimeout()
      : status === 431
        ? new StorageHttpError(431, 'InvalidRequest', 'The request headers are too large')
        : errors.invalidRequest('Malformed HTTP request');
  return {
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({
      statusCode: String(status),
      error: known.error,
      message: known.message,
    }),
  };
});

function buildApp(context: StorageContext) {
  const { limits } = context;
  const app = Fastify({
    logger: false,
    bodyLimit: limits.jsonBodyLimit,
    forceCloseConnections: true,
    clientErrorHandler: answerClientError,
    // JSON bodies are taken as sent: "prefixes": "x" is an error, not ["x"].
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
    routerOptions: { maxParamLength: limits.maxHeaderSize },
    serverFactory: (handler) => {
      const server = createServer(
        {
          maxHeaderSize: limits.maxHeaderSize,
          requestTimeout: limits.requestTimeoutMs,
          headersTimeout: limits.headersTimeoutMs,
          keepAliveTimeout: 5_000,
          connectionsCheckingInterval: 1_000,
        },
        handler,
      );
      // Answer `expect: 100-continue` ourselves: uploads say "go on" only once their checks
      // passed (routes/upload.ts), so a refused client never sends the body at all.
      server.on('checkContinue', handler);
      server.timeout = limits.idleTimeoutMs;
      return server;
    },
    frameworkErrors: (error, _request, reply) => {
      const known =
        error.code === 'FST_ERR_BAD_URL'
          ? errors.invalidRequest('The URL is not validly percent-encoded')
          : errors.invalidRequest('Invalid request');
      void sendError(reply, known);
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config.upload && /100-continue/i.test(request.headers.expect ?? ''))
      reply.raw.writeContinue();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const hasBody =
      request.headers['transfer-encoding'] !== undefined ||
      Number(request.headers['content-length'] ?? 0) > 0;
    if (hasBody && !request.raw.complete) closeAfterAnswer(request, reply);
    return payload;
  });
  app.setErrorHandler((error, request, reply) => {
    const known = toHttpError(error, request);
    if (!known || reply.raw.destroyed) {
      request.raw.socket?.destroy();
      return;
    }
    if (reply.sent || reply.raw.headersSent) {
      // The failure came while streaming an answer: it cannot be replaced, only cut short.
      reply.raw.destroy();
      return;
    }
    // Headers set for the answer that failed (e.g. an object's) must not leak into this one.
    for (const name of Object.keys(reply.getHeaders())) reply.removeHeader(name);
    return sendError(reply, known);
  });
  app.setNotFoundHandler((_request, reply) => sendError(reply, errors.routeNotFound()));

  // Every route reads its caller from the request (caller-plugin.ts).
  app.register(callerPlugin, { secret: context.secret });
  app.register(uploadRoutes(context));
  app.register(downloadRoutes(context));
  app.register(signRoutes(context));
  app.register(listRemoveRoutes(context));
  app.register(moveRoutes(context));
  app.register(resumableRoutes(context));
  app.register(infoDeleteRoutes(context));
  app.register(copyRoutes(context));
  app.register(bucketRoutes(context));
  return app;
}

/** Runs the storage service as its own server on 127.0.0.1 (as storage-api sits behind Kong when hosted). */
export async function startStorageService(
  options: StorageServiceOptions & { port: number },
): Promise<RunningStorageService> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const tempDir = temporaryDirectory(options.root);
  // Uploads cut short by a crash left their temporary files here.
  rmSync(tempDir, { recursive: true, force: true });
  mkdirSync(tempDir, { recursive: true, mode: 0o700 });
  const context: StorageContext = {
    pool: options.pool,
    secret: new TextEncoder().encode(options.jwtSecret),
    root: options.root,
    tempDir,
    limits,
    slots: new UploadSlots(
      limits.maxConcurrentUploads,
      limits.maxWaitingUploads,
      limits.uploadWaitMs,
    ),
  };
  const app = buildApp(context);
  await app.listen({ port: options.port, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => app.close(),
  };
}
