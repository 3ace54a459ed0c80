import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { shared } from '../../http/shared-plugin';
import type { GatewayBackend } from '../backend';
import { isLocalCaller } from '../callers';
import { sendError } from '../errors';
import type { RequestTarget } from '../paths';
import type { GatewayLimits } from '../settings';

declare module 'fastify' {
  interface FastifyRequest {
    /** The backend the request was let in with (before attach(), none: 503). */
    backend: GatewayBackend;
  }
  interface FastifyInstance {
    /**
     * The checks every request passes, for one fastify refuses before routing (a URL it cannot
     * decode): such a request has no decorators, so its target is given.
     */
    admit(request: FastifyRequest, reply: FastifyReply, target: RequestTarget): Promise<unknown>;
    /** True (answered 429) when this call checks a passcode and its address has used up the limit. */
    overPasscodeLimit(
      request: FastifyRequest,
      reply: FastifyReply,
      body?: Buffer,
    ): Promise<boolean>;
  }
}

export interface LimitsOptions {
  limits: GatewayLimits;
  /** The backend once attached (startGateway's attach()). */
  backend: () => GatewayBackend | undefined;
}

const isAdminLogin = (target: RequestTarget) =>
  target.kind === 'api' &&
  target.service === 'rest' &&
  target.segments[0] === 'rpc' &&
  target.segments[1] === 'admin_login';

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
  target: RequestTarget,
  body: Buffer | undefined,
  contentType: string | undefined,
): boolean {
  if (target.kind !== 'api' || target.service !== 'rest') return false;
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
 * What every request must pass before any route works on it, in this order (settings.ts
 * says why each limit is what it is): at most `maxHeaderCount` headers (431); a backend
 * attached (503 until then; then the request carries it); an API preflight is answered (204);
 * the rate limits of its address (429, with retry-after): every request, then admin_login; a
 * target that is valid (paths.ts; else 400). The passcode limit is asked by the REST proxy,
 * once it has the body (overPasscodeLimit). Node's timeouts and sizes are set in index.ts, the
 * body limits by the proxies' content-type parsers.
 */
export const limits = shared<LimitsOptions>(async (app, { limits, backend }) => {
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
    // A body on its way (an upload) is read within the address's allowance, not all of it.
    app.dropRestOfBody(request, reply);
    reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
    sendError(
      request,
      reply,
      429,
      `Too many requests; try again in ${Math.max(1, result.ttlInSeconds)} s`,
    );
    return true;
  };

  async function admit(request: FastifyRequest, reply: FastifyReply, target: RequestTarget) {
    if (request.raw.rawHeaders.length / 2 > limits.maxHeaderCount)
      return sendError(request, reply, 431);
    const attached = backend();
    if (!attached) {
      reply.header('retry-after', '1');
      return sendError(request, reply, 503, 'Starting up; try again in a moment');
    }
    request.backend = attached;
    if (target.kind === 'api' && request.method === 'OPTIONS') return reply.code(204).send();
    if (await overLimit(requestLimit, request, reply)) return reply;
    if (isAdminLogin(target) && (await overLimit(loginLimit, request, reply))) return reply;
    // Refused before any content-type parser reads its body (an upload's image/jpeg would be
    // answered 415, a large JSON body 413, hiding the reason).
    if (target.kind === 'invalid') return sendError(request, reply, 400);
  }

  app.decorateRequest('backend', null, []);
  app.decorate('admit', admit);
  app.decorate(
    'overPasscodeLimit',
    async (request: FastifyRequest, reply: FastifyReply, body?: Buffer) =>
      passcodeLimit !== undefined &&
      checksPasscode(request.target, body, request.headers['content-type']) &&
      (await overLimit(passcodeLimit, request, reply)),
  );
  app.addHook('onRequest', (request, reply) => admit(request, reply, request.target));
});
