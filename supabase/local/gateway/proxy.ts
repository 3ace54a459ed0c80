import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReplyFromOptions } from '@fastify/reply-from';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_HEADERS } from '../../../deploy/security-headers';
import { clientAddress } from './callers';
import { answerUpstreamFailure, sendError } from './errors';
import type { ApiService, RequestTarget } from './paths';
import type { GatewayLimits } from './settings';

/** What the two proxies share: how a request is forwarded, and how upstream answers come back. */

export const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

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

/** reply-from's upstream connections: no retries (below), bounded waits. */
export const upstreamOptions = (limits: GatewayLimits): FastifyReplyFromOptions => ({
  undici: {
    headersTimeout: limits.requestTimeoutMs + 60_000,
    bodyTimeout: 120_000,
    connections: 64,
  },
});

export interface Forwarding {
  service: ApiService;
  /** The upstream's origin: PostgREST's or the storage service's, on loopback. */
  upstream: string;
  /** How long the upstream may take to answer; unset, reply-from's own (undici's) timeouts. */
  timeout?: number;
  /** A body read in full (/rest/v1), sent on with its own length. */
  buffered?: Buffer;
}

/**
 * Forwards a request to the one upstream of its prefix, only its path below the prefix
 * (paths.ts), with the caller's address headers replaced by the gateway's. Upstream 5xx
 * answers are replaced with the status and a generic message.
 */
export function forward(request: FastifyRequest, reply: FastifyReply, how: Forwarding) {
  const { service, upstream, buffered } = how;
  // The route's area says so.
  const target = request.target as Extract<RequestTarget, { kind: 'api' }>;
  const address = clientAddress(request);
  return reply.from(target.path || '/', {
    getUpstream: () => upstream,
    timeout: how.timeout,
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
      if (service === 'storage') request.server.dropRestOfBody(request, reply as FastifyReply);
      if (response.statusCode < 500) {
        void reply.send(response.stream);
        return;
      }
      // 5xx bodies can name internal addresses and SQL (PostgREST with Postgres down: "connection
      // to server at 127.0.0.1, port …"): the caller gets the status and a generic message.
      answerUpstreamFailure(reply as FastifyReply, service, response.statusCode, response.stream);
    },
    onError: (failed, { error }) => {
      const status = (error as { statusCode?: number }).statusCode;
      const mapped = status === 503 || status === 504 ? status : status === 400 ? 400 : 502;
      if (mapped >= 500) console.error(`gateway: ${service} upstream:`, error.message);
      void sendError(request, failed as FastifyReply, mapped);
    },
  });
}
