import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { shared } from '../../http/shared-plugin';
import { wholePayload } from '../bodies';

/**
 * The API's JSON answers compressed as the hosted API sends them, and each distinct answer
 * compressed once. PostgREST builds every answer whole, and many callers get the same bytes
 * (150 guests open one album), so an answer is read whole, named by its SHA-256, compressed
 * in one call off the main thread, and the compressed copy is kept for the next caller who
 * gets the same bytes. docs/architecture.md §3 has the figures.
 */

/** PostgREST's JSON (application/json, vnd.pgrst.*+json, openapi+json) and CSV, and the storage service's JSON; never photos or downloads. */
const COMPRESSIBLE = /^application\/(?:[\w.+-]+\+)?json\b|^text\/csv\b/i;
/** In the server's order of preference; `negotiate` honours the caller's q-values. */
type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];
/** Smaller answers go as they are: compressing would save little more than it costs. */
const SMALLEST = 1024;
/** From this size a compressed answer is kept; smaller ones cost less to compress than to keep. */
const KEPT_FROM = 16 * 1024;
/** Memory for kept answers: about 300 copies of a 1,000-photo album's list. */
const KEPT_BYTES = 32 * 1024 * 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// One output buffer that holds most answers whole: in zlib's default 16 KB pieces, brotli
// took twice the time on a 700 KB answer.
const CHUNK = 256 * 1024;

function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(body, { chunkSize: CHUNK });
  return brotli(body, {
    chunkSize: CHUNK,
    params: {
      // Quality 4, as Cloudflare uses for answers made per request: 11 would take ten times
      // the CPU for a few percent.
      [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!/\baccept-encoding\b/i.test(String(vary)))
    reply.header('vary', `${String(vary)}, accept-encoding`);
}

// eslint-disable-next-line @typescript-eslint/require-await -- a fastify plugin with no done callback is async: fastify waits for its promise and reports its throws
export const jsonCompression = shared(async (app) => {
  const kept = new LRUCache<string, Buffer, { body: Buffer; encoding: Encoding }>({
    maxSize: KEPT_BYTES,
    sizeCalculation: (compressed) => compressed.length,
    // Callers asking at the same moment for an answer not yet kept share one compression.
    fetchMethod: (_key, _stale, { context }) => compress(context.body, context.encoding),
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    const range = reply.getHeader('content-range');
    if (
      payload === null ||
      request.method === 'HEAD' ||
      reply.statusCode === 204 ||
      reply.statusCode === 304 ||
      reply.hasHeader('content-encoding') ||
      typeof type !== 'string' ||
      !COMPRESSIBLE.test(type) ||
      // A byte range would no longer match; PostgREST's row range ('0-24/*') still does.
      (typeof range === 'string' && range.startsWith('bytes'))
    )
      return payload;
    addVary(reply);
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS) as
      Encoding | undefined;
    if (!encoding) return payload;

    const body = await wholePayload(request, payload);
    if (!Buffer.isBuffer(body)) return body;
    if (body.length < SMALLEST) {
      reply.header('content-length', body.length);
      return body;
    }

    const compressed =
      body.length >= KEPT_FROM
        ? ((await kept.fetch(`${encoding}:${createHash('sha256').update(body).digest('base64')}`, {
            context: { body, encoding },
          })) ?? (await compress(body, encoding)))
        : await compress(body, encoding);
    reply.header('content-encoding', encoding).header('content-length', compressed.length);
    return compressed;
  });
});
