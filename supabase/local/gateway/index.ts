import { timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  STATUS_CODES,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { extname, join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import replyFrom from '@fastify/reply-from';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import sirv from 'sirv';
import {
  API_CONTENT_SECURITY_POLICY,
  API_HEADERS,
  ASSETS_PREFIX,
  IMMUTABLE_CACHE,
  siteHeaders,
} from '../../../deploy/security-headers';
import {
  CRAWLER_FILES,
  GeneratedFileError,
  keptOutOfSearch,
  NOINDEX,
  type GeneratedFileWriter,
} from '../crawler-files';
import { StackError } from '../errors';
import { answerClientErrors } from '../http/client-errors';
import { classifyTarget, type ApiService, type RequestTarget } from './paths';
import { siteOriginFor, type HostNames } from '../site-origin';
import { createSitePages } from '../site-pages';
import {
  settingsFromEnvironment,
  type GatewayLimits,
  type RateLimits,
  type TrustProxy,
} from './settings';
import { WEB_MANIFESTS } from '../web-manifests';

/**
 * The site's one public server (as Kong/Envoy is for a hosted Supabase project): serves the
 * built PWA and /config.json, and forwards /rest/v1/* to PostgREST and /storage/v1/* to the
 * storage service, both on loopback. Every answer carries the security headers of
 * deploy/security-headers.ts. Limits, timeouts, TRUST_PROXY and PUBLIC_URL: settings.ts.
 */
export interface GatewayOptions {
  host: string;
  port: number;
  /** The built PWA; without it only the API is served. */
  distDir?: string;
  /** Override the limits read from the environment (tests use tight ones). */
  limits?: Partial<Omit<GatewayLimits, 'rateLimits'>> & { rateLimits?: Partial<RateLimits> };
  trustProxy?: TrustProxy;
  publicUrl?: string;
  /** Without PUBLIC_URL, which Host names shape absolute addresses; default by `host` (site-origin.ts). */
  hostNames?: HostNames;
}

/** What the gateway forwards to, attached once the backend is up. */
export interface GatewayBackend {
  postgrestUrl: string;
  /** The storage service (supabase/local/storage/service.ts), reached with the /storage/v1 prefix removed. */
  storageUrl: string;
  anonKey: string;
  /** Only a caller holding it may read PostgREST's OpenAPI description (GET /rest/v1/), as when hosted. */
  serviceRoleKey?: string;
}

export interface RunningGateway {
  port: number;
  url: string;
  /** PUBLIC_URL when set, else `url`. */
  publicUrl: string;
  attach(backend: GatewayBackend): void;
  stop(): Promise<void>;
}

const API_CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, apikey, x-client-info, content-type, content-profile, accept-profile, prefer, range, x-upsert, cache-control, x-admin-username, x-admin-token, x-download-grant, ' +
    // tus resumable uploads (storage's /upload/resumable) and their signed upload tokens.
    'tus-resumable, upload-length, upload-offset, upload-metadata, upload-defer-length, upload-concat, x-signature',
  'access-control-expose-headers':
    'content-range, content-location, location, retry-after, tus-resumable, tus-version, tus-max-size, tus-extension, upload-offset, upload-length, upload-expires',
  'access-control-max-age': '86400',
};

const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Client-supplied address and routing headers: replaced by the gateway's own, never passed on. */
const CLIENT_ADDRESS_HEADERS = [
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-prefix',
  'x-forwarded-server',
  'forwarded',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
];
/** Hop-by-hop and transfer headers; the gateway compresses answers itself (upstreams get no accept-encoding). */
const NOT_FORWARDED = [
  'accept-encoding',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'expect',
  'host',
];
const NOT_RETURNED = [
  'server',
  'x-powered-by',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
];
const SECURITY_HEADER_NAMES = Object.keys(API_HEADERS);

/** JSON worth compressing: PostgREST's answers (application/json, vnd.pgrst.*+json, openapi+json) and its CSV. */
const COMPRESSIBLE = /^application\/(?:[\w.+-]+\+)?json\b|^text\/csv\b/;

/** Deploy files the build writes for static hosts; not part of the site. */
const DEPLOY_FILES = new Set(['/_headers', '/_redirects', '/vercel.json']);

const MESSAGES: Record<number, string> = {
  400: 'The request is not valid',
  403: 'Not allowed',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'The request took too long to arrive',
  413: 'The request body is too large',
  415: 'The content type is not supported',
  429: 'Too many requests; try again later',
  431: 'The request headers are too large',
  500: 'Something went wrong on the server',
  502: 'The server could not reach the database API',
  503: 'The service is not available right now; try again shortly',
  504: 'The server took too long to answer',
};
const messageFor = (status: number) => MESSAGES[status] ?? STATUS_CODES[status] ?? 'Error';

class GatewayError extends Error {
  constructor(
    readonly statusCode: number,
    message = messageFor(statusCode),
  ) {
    super(message);
  }
}

const targets = new WeakMap<IncomingMessage, RequestTarget>();
const targetOf = (request: FastifyRequest): RequestTarget =>
  targets.get(request.raw) ?? { kind: 'invalid' };
const serviceOf = (request: FastifyRequest): ApiService | undefined => {
  const target = targetOf(request);
  return target.kind === 'api' ? target.service : undefined;
};

/** An error answer in the caller's API's own shape (storage's or PostgREST's), never echoing input. */
function errorBody(service: ApiService | undefined, status: number, message: string) {
  return service === 'storage'
    ? { statusCode: String(status), error: STATUS_CODES[status] ?? 'Error', message }
    : { code: `GW${status}`, details: null, hint: null, message };
}

function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message = messageFor(status),
): FastifyReply {
  for (const [name, value] of Object.entries(API_HEADERS)) reply.header(name, value);
  reply.removeHeader('content-length');
  reply.removeHeader('content-encoding');
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(errorBody(serviceOf(request), status, message)));
}

/** The address the database sees (x-real-ip): the connection's, or with TRUST_PROXY the proxies' client. */
const clientAddress = (request: FastifyRequest) =>
  request.ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

function sameSecret(candidate: string | undefined, secret: string): boolean {
  if (!candidate) return false;
  const a = Buffer.from(candidate);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function holdsServiceKey(
  headers: IncomingHttpHeaders,
  serviceRoleKey: string | undefined,
): boolean {
  if (!serviceRoleKey) return false;
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
  const apikey = typeof headers.apikey === 'string' ? headers.apikey : undefined;
  return sameSecret(bearer, serviceRoleKey) || sameSecret(apikey, serviceRoleKey);
}

/** The client-link calls that check a passcode when they are given one (each a guess otherwise). */
const PASSCODE_READS = new Set([
  'get_album_photos_by_token',
  'get_download_grant',
  'get_album_cover_by_token',
  'sync_favourites_by_token',
  'record_link_event',
]);

/**
 * Whether a PostgREST call checks a gallery passcode: validate_gallery_passcode always, and
 * those of PASSCODE_READS when a non-empty p_passcode is in its query or body (a body we cannot
 * read counts).
 */
function checksPasscode(
  target: Extract<RequestTarget, { kind: 'api' }>,
  body: Buffer | undefined,
  contentType: string | undefined,
): boolean {
  const [area, name] = target.segments;
  if (area !== 'rpc') return false;
  if (name === 'validate_gallery_passcode') return true;
  if (!PASSCODE_READS.has(name ?? '')) return false;
  const given = (value: unknown) => value !== undefined && value !== null && value !== '';
  if (given(new URLSearchParams(target.query).get('p_passcode'))) return true;
  if (!body || body.length === 0) return false;
  const text = body.toString('utf8');
  if ((contentType ?? '').startsWith('application/x-www-form-urlencoded'))
    return given(new URLSearchParams(text).get('p_passcode'));
  try {
    const parsed: unknown = JSON.parse(text);
    const rows = Array.isArray(parsed) ? parsed : [parsed];
    return rows.some(
      (row) =>
        typeof row !== 'object' ||
        row === null ||
        given((row as Record<string, unknown>).p_passcode),
    );
  } catch {
    return true;
  }
}

/**
 * A program on this machine (the tests, the bench, the admin's own browser on it), not a
 * proxy forwarding someone else: its address is loopback and it sends no forwarding headers.
 */
function isLocalCaller(request: FastifyRequest): boolean {
  const headers = request.headers;
  if (
    headers['x-forwarded-for'] !== undefined ||
    headers.forwarded !== undefined ||
    headers['x-real-ip'] !== undefined
  )
    return false;
  return /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/.test(request.ip);
}

const isAdminLogin = (target: RequestTarget) =>
  target.kind === 'api' &&
  target.service === 'rest' &&
  target.segments[0] === 'rpc' &&
  target.segments[1] === 'admin_login';

/** Reads a /rest/v1 body into memory: at most `limit` bytes, within `timeoutMs`. */
function readBody(payload: IncomingMessage, limit: number, timeoutMs: number): Promise<Buffer> {
  const declared = Number(payload.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit)
    return Promise.reject(
      new GatewayError(413, `The request body is too large (at most ${limit} bytes)`),
    );
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error: GatewayError | null) => {
      clearTimeout(timer);
      payload.removeAllListeners('data').removeAllListeners('end').removeAllListeners('error');
      if (error) {
        payload.pause();
        reject(error);
      } else {
        resolve(Buffer.concat(chunks));
      }
    };
    const timer = setTimeout(() => finish(new GatewayError(408)), timeoutMs);
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit)
        finish(new GatewayError(413, `The request body is too large (at most ${limit} bytes)`));
      else chunks.push(chunk);
    });
    payload.on('end', () => finish(null));
    payload.on('error', () => finish(new GatewayError(400)));
  });
}

/** Reads the start of an upstream's error body, for the code it names. */
async function upstreamCode(stream: Readable): Promise<string | undefined> {
  let text = '';
  try {
    for await (const chunk of stream) {
      text += String(chunk);
      if (text.length > 64 * 1024) break;
    }
  } catch {
    return undefined;
  } finally {
    stream.destroy();
  }
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    // PostgREST's own codes (PGRST000…) and SQLSTATEs say what kind of failure it was; the
    // message and details (internal addresses, SQL) stay here.
    return typeof code === 'string' && /^(PGRST\d{3}|[0-9A-Z]{5})$/.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

function staticSite(distDir: string) {
  const options = { dev: false, etag: true, brotli: true, gzip: true } as const;
  const longLived = sirv(distDir, {
    ...options,
    // The .br / .gz copies the build wrote (supabase/local/build.ts), when the browser accepts them.
    setHeaders(res, pathname) {
      // Hashed build assets never change; the shell, manifest and service worker must revalidate.
      res.setHeader(
        'cache-control',
        pathname.startsWith(ASSETS_PREFIX) ? IMMUTABLE_CACHE : 'no-cache',
      );
    },
  });
  const indexFile = join(distDir, 'index.html');
  return (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    notFound: () => void,
    page: () => void,
  ) => {
    // A path that names no file ('/', '/gallery/…') is a page of the app, answered with
    // index.html filled in for it (site-pages.ts); one that names a file and was not found is a 404.
    if (extname(path) === '' && existsSync(indexFile)) page();
    else longLived(req, res, notFound);
  };
}

/**
 * An upload's body as a stream of its own for the proxy. When the storage service answers before
 * the body has all arrived (a refused upload), the proxy destroys the stream it was sending from:
 * were that the client's request, its connection would close under it, and a client still
 * sending would meet EPIPE instead of reading the answer. The rest of the body is read and
 * dropped instead; a client that keeps sending is cut off after its answer (dropRestOfBody).
 */
function uploadBody(request: IncomingMessage): Readable {
  const body = new PassThrough();
  request.pipe(body);
  body.once('close', () => {
    if (request.readableEnded) return;
    request.unpipe(body);
    request.resume();
  });
  // A client that goes away mid-upload aborts the upstream request, as before.
  request.once('error', (error) => body.destroy(error));
  request.once('close', () => {
    if (!request.readableEnded) body.destroy(new Error('The upload ended before the file did'));
  });
  return body;
}

/** How long a client may go on sending a refused body after its answer (hosted Storage gives 3 s). */
const REFUSED_BODY_GRACE_MS = 3000;

/**
 * For an answer sent before the request's body has all arrived (a refusal). Were the
 * connection closed with the body unread, a client still sending would meet EPIPE instead of
 * reading its answer, and one that sends the whole body before reading never gets it. The rest
 * of the body is read and dropped instead, and the connection kept open even if the client
 * asked to close it (it closes it once answered); a client still sending that body
 * REFUSED_BODY_GRACE_MS after its answer is cut off.
 */
function dropRestOfBody(request: IncomingMessage, reply: FastifyReply): void {
  if (request.complete) return;
  reply.removeHeader('connection');
  reply.raw.shouldKeepAlive = true;
  // Piped into an upload's own stream (uploadBody) or paused by readBody: read to nowhere now.
  request.unpipe();
  request.resume();
  const socket = request.socket;
  reply.raw.once('finish', () =>
    setTimeout(() => {
      if (!request.complete) socket.destroy();
    }, REFUSED_BODY_GRACE_MS).unref(),
  );
}

/** Answers for malformed requests Node refuses before fastify sees them: JSON with the API headers. */
const clientErrorHandler = answerClientErrors((status) => ({
  headers: {
    ...API_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  },
  body: JSON.stringify(errorBody(undefined, status, messageFor(status))),
}));

/**
 * Binds the port first, so a busy port is reported before anything else starts; requests
 * before attach() get 503.
 */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const fromEnvironment = settingsFromEnvironment();
  const limits: GatewayLimits = {
    ...fromEnvironment.limits,
    ...options.limits,
    rateLimits: { ...fromEnvironment.limits.rateLimits, ...options.limits?.rateLimits },
  };
  const trustSetting = options.trustProxy ?? fromEnvironment.trustProxy;
  // A number of proxies: the addresses that many hops from the gateway are theirs.
  const trustProxy =
    typeof trustSetting === 'number'
      ? (_address: string, hop: number) => hop < trustSetting
      : trustSetting;
  const publicUrl = options.publicUrl ?? fromEnvironment.publicUrl;
  const site = options.distDir ? staticSite(options.distDir) : undefined;
  let ownUrl = '';
  const origin = siteOriginFor({
    publicUrl,
    listenHost: options.host,
    ownUrl: () => ownUrl,
    hostNames: options.hostNames,
  });
  const pages = options.distDir
    ? createSitePages({ distDir: options.distDir, publicUrl, origin })
    : undefined;
  const siteHeaderSet = siteHeaders();
  let backend: GatewayBackend | undefined;

  const app: FastifyInstance = Fastify({
    logger: false,
    trustProxy,
    bodyLimit: limits.restBodyBytes,
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    forceCloseConnections: true,
    return503OnClosing: true,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      maxHeaderSize: limits.maxHeaderBytes,
      connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
    },
    clientErrorHandler,
    // Routing is decided here, once, from the raw request target (paths.ts); the router
    // only ever sees the gateway's own fixed paths.
    rewriteUrl(req) {
      const target = classifyTarget(req.url ?? '/');
      targets.set(req, target);
      return target.kind === 'api' ? `/__gateway/${target.service}` : `/__gateway/${target.kind}`;
    },
    frameworkErrors: (_error, request, reply) => void sendError(request, reply, 400),
  });
  // Node keeps at most this many headers; more than the limit is refused below.
  app.server.maxHeadersCount = limits.maxHeaderCount + 1;

  await app.register(rateLimit, { global: false });
  const rate = limits.rateLimits;
  const limiter = (max: number) =>
    max > 0 ? app.createRateLimit({ max, timeWindow: rate.windowMs }) : undefined;
  const requestLimit = limiter(rate.requests);
  const loginLimit = limiter(rate.logins);
  const passcodeLimit = limiter(rate.passcodes);
  /** 429 with retry-after once the caller's address has used up `limit` in this window. */
  const overLimit = async (
    limit: ReturnType<typeof limiter>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    if (!limit || (rate.exemptLoopback && isLocalCaller(request))) return false;
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return false;
    reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
    sendError(
      request,
      reply,
      429,
      `Too many requests; try again in ${Math.max(1, result.ttlInSeconds)} s`,
    );
    return true;
  };

  app.addHook('onRequest', async (request, reply) => {
    const target = targetOf(request);
    const raw = reply.raw;
    for (const [name, value] of Object.entries(
      target.kind === 'site' ? siteHeaderSet : API_HEADERS,
    ))
      raw.setHeader(name, value);
    // The admin area and client links stay out of search engines, whatever the answer (crawler-files.ts).
    if (target.kind === 'site' && keptOutOfSearch(target.path))
      raw.setHeader('x-robots-tag', NOINDEX);
    if (target.kind === 'api')
      for (const [name, value] of Object.entries(API_CORS_HEADERS)) raw.setHeader(name, value);

    if (request.raw.rawHeaders.length / 2 > limits.maxHeaderCount)
      return sendError(request, reply, 431);
    if (!backend) {
      reply.header('retry-after', '1');
      return sendError(request, reply, 503, 'Starting up; try again in a moment');
    }
    if (target.kind === 'api' && request.method === 'OPTIONS') return reply.code(204).send();
    if (await overLimit(requestLimit, request, reply)) return reply;
    if (isAdminLogin(target) && (await overLimit(loginLimit, request, reply))) return reply;
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
    // A caller that went away mid-answer (undici's UND_ERR_ABORTED on the upstream stream) is no fault.
    const gone = (error as { code?: string }).code === 'UND_ERR_ABORTED' || request.raw.destroyed;
    if (status >= 500 && !gone) console.error('gateway:', error.message);
    // A body refused midway (too large, too slow): its client must still read the answer.
    if (status === 408 || status === 413) dropRestOfBody(request.raw, reply);
    return sendError(
      request,
      reply,
      status,
      error instanceof GatewayError ? error.message : messageFor(status),
    );
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, targetOf(request).kind === 'invalid' ? 400 : 405),
  );

  // A request to a path that is not valid gets 400, whatever its body: no content-type parser
  // runs first (an upload's image/jpeg body would otherwise be answered 415, hiding the reason).
  await app.register((context, _options, done) => {
    context.removeAllContentTypeParsers();
    context.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    context.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url: '/__gateway/invalid',
      handler: (request, reply) => sendError(request, reply, 400),
    });
    done();
  });

  // The runtime configuration the app reads at start, so one build runs on any backend. Never
  // derived from the request (its Host header is the caller's to choose): the app resolves '/'
  // against its own origin (src/lib/backend/config.ts), or PUBLIC_URL names the site.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/__gateway/config',
    handler: (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('application/json')
        .send(JSON.stringify({ supabaseUrl: publicUrl ?? '/', supabaseAnonKey: backend!.anonKey })),
  });

  /** robots.txt, sitemap.xml, favicon.ico and the web app manifests, written per request (crawler-files.ts, web-manifests.ts). */
  const sendGeneratedFile = async (
    request: FastifyRequest,
    reply: FastifyReply,
    write: GeneratedFileWriter,
  ) => {
    try {
      const file = await write({
        origin: origin({ host: request.headers.host, protocol: request.protocol }),
        backend: backend!,
        distDir: options.distDir,
      });
      return reply.header('cache-control', file.cacheControl).type(file.type).send(file.body);
    } catch (error) {
      if (error instanceof GeneratedFileError) return sendError(request, reply, error.statusCode);
      throw error;
    }
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/__gateway/site',
    handler: (request, reply) => {
      const target = targetOf(request) as Extract<RequestTarget, { kind: 'site' }>;
      const generated = CRAWLER_FILES.get(target.path) ?? WEB_MANIFESTS.get(target.path);
      if (generated) return sendGeneratedFile(request, reply, generated);
      if (!site || DEPLOY_FILES.has(target.path)) return sendError(request, reply, 404);
      request.raw.url = target.path + target.query;
      reply.hijack();
      const page = () =>
        void pages!
          .answer(
            {
              pathname: target.path,
              host: request.headers.host,
              protocol: request.protocol,
              acceptEncoding: request.headers['accept-encoding'],
              method: request.method,
              clientAddress: clientAddress(request),
            },
            reply.raw,
            { postgrestUrl: backend!.postgrestUrl, anonKey: backend!.anonKey },
          )
          .then(
            (sent) => {
              if (!sent) notFound();
            },
            (error: unknown) => {
              console.error('gateway: page answer failed:', error);
              reply.raw.destroy();
            },
          );
      const notFound = () => {
        const body = JSON.stringify(errorBody(undefined, 404, messageFor(404)));
        reply.raw.writeHead(404, {
          ...API_HEADERS,
          'content-security-policy': API_CONTENT_SECURITY_POLICY,
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
          'content-length': Buffer.byteLength(body),
        });
        reply.raw.end(request.method === 'HEAD' ? undefined : body);
      };
      site(request.raw, reply.raw, target.path, notFound, page);
    },
  });

  const forward = (service: ApiService) => async (request: FastifyRequest, reply: FastifyReply) => {
    const target = targetOf(request) as Extract<RequestTarget, { kind: 'api' }>;
    const upstream = service === 'rest' ? backend!.postgrestUrl : backend!.storageUrl;
    if (
      service === 'rest' &&
      target.segments.length === 0 &&
      !holdsServiceKey(request.headers, backend!.serviceRoleKey)
    ) {
      // PostgREST's OpenAPI root lists every table, function and comment the role can reach;
      // hosted Supabase gives it to the service key only.
      return sendError(
        request,
        reply,
        403,
        'The API description is only available with the service key',
      );
    }
    if (
      service === 'storage' &&
      Number(request.headers['content-length']) > limits.storageBodyBytes
    ) {
      dropRestOfBody(request.raw, reply);
      return sendError(request, reply, 413);
    }
    const buffered = Buffer.isBuffer(request.body) ? request.body : undefined;
    if (service === 'rest') {
      if (
        passcodeLimit &&
        checksPasscode(target, buffered, request.headers['content-type']) &&
        (await overLimit(passcodeLimit, request, reply))
      )
        return reply;
      // reply-from would re-encode a buffered JSON body; as a stream it is passed on byte for byte.
      if (buffered) request.body = Readable.from([buffered]);
    }
    const address = clientAddress(request);
    return reply.from(target.path || '/', {
      getUpstream: () => upstream,
      timeout: service === 'rest' ? limits.restUpstreamTimeoutMs : undefined,
      queryString: () => target.query.slice(1),
      // No retries: a write must never be sent twice, and a 503 is the caller's to retry.
      retryDelay: () => null,
      rewriteRequestHeaders: (_request, headers) => {
        const forwarded: Record<string, string | string[] | number | undefined> = { ...headers };
        for (const name of [...CLIENT_ADDRESS_HEADERS, ...NOT_FORWARDED]) delete forwarded[name];
        if (buffered) forwarded['content-length'] = buffered.length;
        forwarded['x-forwarded-for'] = address;
        forwarded['x-real-ip'] = address;
        forwarded['x-forwarded-proto'] = request.protocol;
        return forwarded as IncomingHttpHeaders;
      },
      rewriteHeaders: (headers) => {
        const answer: Record<string, string | string[] | number | undefined> = { ...headers };
        for (const name of NOT_RETURNED) delete answer[name];
        // PostgREST's answers get the gateway's API headers; the storage service's own (stricter)
        // ones are kept, the gateway's filling in what it leaves out.
        if (service === 'rest') for (const name of SECURITY_HEADER_NAMES) delete answer[name];
        return answer as IncomingHttpHeaders;
      },
      onResponse: (_request, reply, response) => {
        // An answer before the upload's body has all arrived (a refusal): reply-from marks it
        // `connection: close`, which would close the socket under a client still sending.
        // (reply-from types its reply for HTTP/2 too; this server is HTTP/1.1.)
        if (service === 'storage') dropRestOfBody(request.raw, reply as FastifyReply);
        if (response.statusCode < 500) {
          void reply.send(response.stream);
          return;
        }
        // 5xx bodies can name internal addresses and SQL (PostgREST with Postgres down: "connection
        // to server at 127.0.0.1, port …"): the caller gets the status and a generic message.
        const status = response.statusCode;
        upstreamCode(response.stream as Readable)
          .then((code) => {
            for (const name of [
              'content-length',
              'content-encoding',
              'content-range',
              'content-location',
              'location',
            ])
              reply.removeHeader(name);
            const body = errorBody(service, status, messageFor(status));
            if (code && service === 'rest') (body as { code: string }).code = code;
            reply
              .code(status)
              .header('cache-control', 'no-store')
              .type('application/json; charset=utf-8')
              .send(JSON.stringify(body));
          })
          .catch((error: unknown) => {
            // Not expected (upstreamCode answers undefined for anything unreadable); if the answer
            // cannot be sent, the connection is closed rather than left hanging or the stack stopped.
            console.error(`gateway: ${service} error answer failed:`, error);
            reply.raw.destroy();
          });
      },
      onError: (failed, { error }) => {
        const status = (error as { statusCode?: number }).statusCode;
        const mapped = status === 503 || status === 504 ? status : status === 400 ? 400 : 502;
        if (mapped >= 500) console.error(`gateway: ${service} upstream:`, error.message);
        void sendError(request, failed as FastifyReply, mapped);
      },
    });
  };

  const apiContext = (service: ApiService) => async (context: FastifyInstance) => {
    context.removeAllContentTypeParsers();
    context.addContentTypeParser('*', (_request, payload, done) => {
      if (service === 'storage') {
        // Uploads stream through unread; the storage service enforces its own limits.
        done(null, uploadBody(payload));
        return;
      }
      readBody(payload, limits.restBodyBytes, limits.restBodyTimeoutMs).then(
        (body) => done(null, body),
        (error: unknown) => done(error as Error, undefined),
      );
    });
    // PostgREST puts a Content-Range on every read ('0-24/*': rows, not bytes), and
    // @fastify/compress leaves any answer with one uncompressed, since a byte range would no
    // longer match. A row range still does: it is set aside while the answer is compressed.
    const rowRanges = new WeakMap<FastifyReply, string>();
    if (service === 'rest') {
      context.addHook('onSend', async (_request, reply, payload) => {
        const range = reply.getHeader('content-range');
        if (typeof range === 'string' && !range.startsWith('bytes')) {
          rowRanges.set(reply, range);
          reply.removeHeader('content-range');
        }
        return payload;
      });
    }
    // API answers compressed as the hosted API does (JSON only: photos and downloads never).
    await context.register(compress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      customTypes: COMPRESSIBLE,
      threshold: 1024,
    });
    if (service === 'rest') {
      // Put back after compressing: the compress plugin's onSend is a route-level hook (added
      // to each route as it is declared), so this one joins the route after it.
      const restoreRange = async (
        _request: FastifyRequest,
        reply: FastifyReply,
        payload: unknown,
      ) => {
        const range = rowRanges.get(reply);
        if (range !== undefined) reply.header('content-range', range);
        return payload;
      };
      context.addHook('onRoute', (route) => {
        route.onSend = [
          ...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []),
          restoreRange,
        ];
      });
    }
    context.route({
      method: [...API_METHODS],
      url: `/__gateway/${service}`,
      handler: forward(service),
    });
  };

  await app.register(replyFrom, {
    undici: {
      headersTimeout: limits.requestTimeoutMs + 60_000,
      bodyTimeout: 120_000,
      connections: 64,
    },
  });
  await app.register(apiContext('rest'));
  await app.register(apiContext('storage'));

  try {
    await app.listen({ port: options.port, host: options.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new StackError(
        `Port ${options.port} is already in use; stop the program using it or choose another port, e.g. PORT=${options.port + 1} npm start.`,
      );
    }
    if (code === 'EACCES') {
      throw new StackError(
        `Port ${options.port} needs special permission; choose a port above 1024, e.g. PORT=8080 npm start.`,
      );
    }
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const shownHost = options.host === '0.0.0.0' ? 'localhost' : options.host;
  const url = `http://${shownHost}:${port}`;
  ownUrl = url;
  return {
    port,
    url,
    publicUrl: publicUrl ?? url,
    attach: (attached) => {
      backend = attached;
    },
    stop: () => app.close(),
  };
}
