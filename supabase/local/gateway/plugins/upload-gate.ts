import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { shared } from '../../http/shared-plugin';
import { hasAdminHeaders } from '../../storage/caller';
import { errors } from '../../storage/errors';
import { sendError } from '../errors';
import type { RequestTarget } from '../paths';
import type { GatewayLimits } from '../settings';

/** What the storage service answers an upload too large or refused by row-level security: the same words from the gateway. */
const TOO_LARGE = errors.tooLarge().message;
const REFUSED = errors.rlsDenied().message;

/** The words after /object/ that name a route of their own, not a bucket (storage/routes). */
const OBJECT_ROUTES = new Set(['upload', 'sign', 'public', 'authenticated', 'info', 'list']);

/**
 * Whether a storage request writes an object by the caller's own rights: a standard upload
 * (POST or PUT /object/{bucket}/{name}) or a resumable one (POST /upload/resumable, PATCH
 * /upload/resumable/{id}). Signed uploads (/object/upload/sign/…, /upload/resumable/sign…)
 * carry their own grant and are the storage service's to judge.
 */
function writesObject(target: RequestTarget, method: string): boolean {
  if (target.kind !== 'api' || target.service !== 'storage') return false;
  const [area, second, third] = target.segments;
  if (area === 'object')
    return (
      (method === 'POST' || method === 'PUT') &&
      second !== undefined &&
      third !== undefined &&
      !OBJECT_ROUTES.has(second)
    );
  if (area === 'upload' && second === 'resumable' && third !== 'sign')
    return third === undefined ? method === 'POST' : method === 'PATCH';
  return false;
}

/** The role a JWT claims, read without checking its signature (a claim only ever lets a request go on to the service that checks it). */
function claimedRole(headers: IncomingHttpHeaders): unknown {
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
  const token = bearer ?? (typeof headers.apikey === 'string' ? headers.apikey : '');
  try {
    const payload: unknown = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    );
    return typeof payload === 'object' && payload !== null
      ? (payload as { role?: unknown }).role
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Uploads refused from their headers, before their body moves and before they take a slot of
 * the storage service (fair-share.ts): a body declared larger than any upload the service takes
 * (413; `storageBodyBytes`, settings.ts), and a write of an object by a caller who shows no
 * admin session and no service key (403). Every policy that lets a row into storage.objects
 * asks for the caller's admin session (private.request_admin_id(), which reads the x-admin-*
 * headers), and the service role bypasses them; any other caller's write is refused by the
 * service after its checks, each a database transaction, with megabytes of its body pulled
 * through two hops meanwhile. Headers that name an admin, forged or not, go on to the service,
 * which checks the session. tests/security/upload-gate.test.ts holds the policies to that
 * rule. docs/SECURITY.md, "Load under abuse", has the figures.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a fastify plugin with no done callback is async: fastify waits for its promise and reports its throws
export const uploadGate = shared<{ limits: GatewayLimits }>(async (app, { limits }) => {
  const refuse = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: 403 | 413,
    message: string,
  ) => {
    // Read to nowhere, so that a client still sending reads its answer (bodies.ts).
    app.dropRestOfBody(request, reply);
    return sendError(request, reply, status, message);
  };
  app.addHook('onRequest', async (request, reply) => {
    const target = request.target;
    if (target.kind !== 'api' || target.service !== 'storage') return;
    if (Number(request.headers['content-length']) > limits.storageBodyBytes)
      return refuse(request, reply, 413, TOO_LARGE);
    if (
      writesObject(target, request.method) &&
      !hasAdminHeaders(request.headers) &&
      claimedRole(request.headers) !== 'service_role'
    )
      return refuse(request, reply, 403, REFUSED);
  });
});
