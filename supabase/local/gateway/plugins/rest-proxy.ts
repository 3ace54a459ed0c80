import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import replyFrom from '@fastify/reply-from';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { readBody } from '../bodies';
import { sendError } from '../errors';
import type { RequestTarget } from '../paths';
import { API_METHODS, forward, upstreamOptions } from '../proxy';
import type { GatewayLimits } from '../settings';
import { answerCache } from './answer-cache';
import { jsonCompression } from './json-compression';

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

/**
 * /rest/v1/* → PostgREST, registered under that prefix. A body is read into memory first, at
 * most `restBodyBytes` within `restBodyTimeoutMs` (413, 408: bodies.ts); then the OpenAPI
 * root is refused without the service key (403), a call that checks a passcode is counted
 * (429: plugins/limits.ts), an answer the database let be kept is given from memory
 * (answer-cache.ts), and otherwise the call is forwarded (proxy.ts) with its body byte for
 * byte. JSON answers are compressed (json-compression.ts), row ranges kept.
 */
export const restProxy: FastifyPluginAsync<{ limits: GatewayLimits }> = async (app, { limits }) => {
  await app.register(replyFrom, upstreamOptions(limits));
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => {
    readBody(payload, limits.restBodyBytes, limits.restBodyTimeoutMs).then(
      (body) => done(null, body),
      (error: unknown) => done(error as Error, undefined),
    );
  });

  // In this order: a kept answer is the uncompressed one, compressed like any other.
  await app.register(answerCache);
  await app.register(jsonCompression);

  async function forwardRest(request: FastifyRequest, reply: FastifyReply) {
    // The route's area says so.
    const target = request.target as Extract<RequestTarget, { kind: 'api' }>;
    if (
      target.segments.length === 0 &&
      !holdsServiceKey(request.headers, request.backend.serviceRoleKey)
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
    const buffered = Buffer.isBuffer(request.body) ? request.body : undefined;
    if (await app.overPasscodeLimit(request, reply, buffered)) return reply;
    if (await app.answerKept(request, reply, buffered)) return reply;
    // reply-from would re-encode a buffered JSON body; as a stream it is passed on byte for byte.
    if (buffered) request.body = Readable.from([buffered]);
    return forward(request, reply, {
      service: 'rest',
      upstream: request.backend.postgrestUrl,
      timeout: limits.restUpstreamTimeoutMs,
      buffered,
    });
  }

  for (const url of ['', '/*'])
    app.route({
      method: [...API_METHODS],
      url,
      constraints: { area: 'rest' },
      handler: forwardRest,
    });
};
