import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { StackError } from '../errors';
import { siteOriginFor, type HostNames } from '../site-origin';
import type { GatewayBackend } from './backend';
import { answerClientError, GatewayError, messageFor, sendError } from './errors';
import { configJson } from './plugins/config-json';
import { fairShare, type UpstreamLoad } from './plugins/fair-share';
import { generatedFiles } from './plugins/generated-files';
import { limits as limitsPlugin } from './plugins/limits';
import { refusedBodies } from './plugins/refused-bodies';
import { restProxy } from './plugins/rest-proxy';
import { routing } from './plugins/routing';
import { securityHeaders } from './plugins/security-headers';
import { site } from './plugins/site';
import { storageProxy } from './plugins/storage-proxy';
import { uploadGate } from './plugins/upload-gate';
import {
  settingsFromEnvironment,
  type GatewayLimits,
  type RateLimits,
  type TrustProxy,
} from './settings';

export type { GatewayBackend } from './backend';

/**
 * The site's one public server (as Kong/Envoy is for a hosted Supabase project): serves the
 * built PWA and /config.json, and forwards /rest/v1/* to PostgREST and /storage/v1/* to the
 * storage service, both on loopback. Every answer carries the security headers of
 * deploy/security-headers.ts. Limits, timeouts, TRUST_PROXY and PUBLIC_URL: settings.ts. Each
 * part is a fastify plugin of plugins/ (docs/architecture.md has the map).
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

export interface RunningGateway {
  port: number;
  url: string;
  /** PUBLIC_URL when set, else `url`. */
  publicUrl: string;
  attach(backend: GatewayBackend): void;
  /** How many API requests hold a slot of each upstream and how many wait (plugins/fair-share.ts). */
  upstreamLoad(): UpstreamLoad;
  stop(): Promise<void>;
}

/** Whatever a route failed with, answered with its status (else 500) and a message of ours. */
function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  // A caller that went away mid-answer (undici's UND_ERR_ABORTED on the upstream stream) is no fault.
  const gone = error.code === 'UND_ERR_ABORTED' || request.raw.destroyed;
  if (status >= 500 && !gone) console.error('gateway:', error.message);
  // A body refused midway (too large, too slow): its client must still read the answer.
  if (status === 408 || status === 413) request.server.dropRestOfBody(request, reply);
  const message = error instanceof GatewayError ? error.message : messageFor(status);
  return sendError(request, reply, status, message);
}

/** The port the gateway listens on (options.port, or the one port 0 was given). */
function portOf(app: FastifyInstance, options: GatewayOptions) {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : options.port;
}

/** The gateway's own address once it listens (`localhost` for a listener on every interface). */
const ownUrl = (app: FastifyInstance, options: GatewayOptions) =>
  `http://${options.host === '0.0.0.0' ? 'localhost' : options.host}:${portOf(app, options)}`;

async function listen(app: FastifyInstance, { host, port }: GatewayOptions) {
  try {
    await app.listen({ port, host });
  } catch (error) {
    await app.close().catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new StackError(
        `Port ${port} is already in use; stop the program using it or choose another port, e.g. PORT=${port + 1} npm start.`,
      );
    }
    if (code === 'EACCES') {
      throw new StackError(
        `Port ${port} needs special permission; choose a port above 1024, e.g. PORT=8080 npm start.`,
      );
    }
    throw error;
  }
}

/**
 * Binds the port first, so a busy port is reported before anything else starts; requests
 * before attach() get 503 (plugins/limits.ts).
 */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const fromEnvironment = settingsFromEnvironment();
  const limits: GatewayLimits = {
    ...fromEnvironment.limits,
    ...options.limits,
    rateLimits: { ...fromEnvironment.limits.rateLimits, ...options.limits?.rateLimits },
  };
  const trustSetting = options.trustProxy ?? fromEnvironment.trustProxy;
  const publicUrl = options.publicUrl ?? fromEnvironment.publicUrl;
  let backend: GatewayBackend | undefined;

  const app: FastifyInstance = Fastify({
    logger: false,
    // A number of proxies: the addresses that many hops from the gateway are theirs.
    trustProxy:
      typeof trustSetting === 'number' ? (_address, hop) => hop < trustSetting : trustSetting,
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
    clientErrorHandler: answerClientError,
    // A URL the router cannot decode (paths.ts calls it not valid too) gets the checks of every
    // request, which end with its 400 (plugins/limits.ts). fastify makes this request without
    // the decorators and TRUST_PROXY's client address: it counts against the connection's.
    frameworkErrors: (_error, request, reply) =>
      void request.server
        .admit(request, reply, { kind: 'invalid' })
        .catch((error: unknown) => answerError(error as FastifyError, request, reply)),
  });
  const origin = siteOriginFor({
    publicUrl,
    listenHost: options.host,
    ownUrl: () => ownUrl(app, options),
    hostNames: options.hostNames,
  });

  // Before any route, in this order: each request's target (and the routes' areas), its
  // security headers, then its limits (431, 503 before attach(), the API preflight's 204, 429,
  // and 400 for a target that is not valid), then the uploads refused from their headers (413,
  // 403), then an API request's fair share of its upstream.
  await app.register(routing);
  await app.register(securityHeaders);
  await app.register(refusedBodies, { limits });
  await app.register(limitsPlugin, { limits, backend: () => backend });
  await app.register(uploadGate, { limits });
  await app.register(fairShare, { limits });
  app.setErrorHandler(answerError);
  // A valid target (the others are refused first) that no route of its area takes this method for.
  app.setNotFoundHandler((request, reply) => sendError(request, reply, 405));
  // The routes, each plugin answering its own area of targets (plugins/routing.ts).
  await app.register(configJson, { publicUrl });
  await app.register(generatedFiles, { origin, distDir: options.distDir });
  await app.register(site, { distDir: options.distDir, publicUrl, origin });
  await app.register(restProxy, { prefix: '/rest/v1', limits });
  await app.register(storageProxy, { prefix: '/storage/v1', limits });

  await listen(app, options);
  const url = ownUrl(app, options);
  return {
    port: portOf(app, options),
    url,
    publicUrl: publicUrl ?? url,
    attach: (attached) => {
      backend = attached;
    },
    upstreamLoad: () => app.upstreamLoad(),
    stop: () => app.close(),
  };
}
