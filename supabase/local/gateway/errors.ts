import { STATUS_CODES } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_HEADERS } from '../../../deploy/security-headers';
import { answerClientErrors } from '../http/client-errors';
import type { ApiService, RequestTarget } from './paths';

/** The gateway's error answers: JSON in the caller's API's shape, with the API headers, never echoing input. */

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
export const messageFor = (status: number) => MESSAGES[status] ?? STATUS_CODES[status] ?? 'Error';

/** A refusal of the gateway's own, with its status and (safe to show) message. */
export class GatewayError extends Error {
  constructor(
    readonly statusCode: number,
    message = messageFor(statusCode),
  ) {
    super(message);
  }
}

/** An error answer in the caller's API's own shape (storage's or PostgREST's), never echoing input. */
export function errorBody(service: ApiService | undefined, status: number, message: string) {
  return service === 'storage'
    ? { statusCode: String(status), error: STATUS_CODES[status] ?? 'Error', message }
    : { code: `GW${status}`, details: null, hint: null, message };
}

/** The API whose shape a request's errors take. A request fastify refused before routing (a URL it cannot decode) has no decorators, so no target: not valid. */
function serviceOf(request: FastifyRequest): ApiService | undefined {
  const target = request.target as RequestTarget | undefined;
  return target?.kind === 'api' ? target.service : undefined;
}

export function sendError(
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

/** Answers for malformed requests Node refuses before fastify sees them: JSON with the API headers. */
export const answerClientError = answerClientErrors((status) => ({
  headers: {
    ...API_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  },
  body: JSON.stringify(errorBody(undefined, status, messageFor(status))),
}));

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

/**
 * An upstream's 5xx answer, whose body can name internal addresses and SQL: the caller gets its
 * status and a generic message (PostgREST's code kept).
 */
export function answerUpstreamFailure(
  reply: FastifyReply,
  service: ApiService,
  status: number,
  stream: unknown,
): void {
  upstreamCode(stream as Readable)
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
}
