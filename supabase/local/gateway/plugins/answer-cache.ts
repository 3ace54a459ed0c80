import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { shared } from '../../http/shared-plugin';
import { wholePayload } from '../bodies';

/**
 * API answers the database marked as ones that may be kept, given again from memory to the
 * next caller who asks the same, while nothing they were read from has changed. A wedding's
 * guests open one link: its list of 1,000 photos cost the database about 20 ms of JSON and
 * PostgREST 9 ms more for each of them (docs/architecture.md §3 has the figures).
 *
 * - The database decides: an answer is kept only when it carries the mark (KEEP_MARK), which
 *   says until when it holds (get_album_photos_by_token sets it for a link without a
 *   passcode, until the link expires: migration 20261201000200). No other answer is kept, and
 *   the mark never reaches the client.
 * - Before each such request the database is asked for the version of what those answers read
 *   (supabase/local/answers-version.ts): every statement that writes a link, an album or a
 *   photo makes a new one, seen once it commits. A kept answer is given only under the version
 *   read before it was made, so once a revocation has committed no caller gets the answer it
 *   revoked. Without an answer from the database, nothing is kept or given.
 * - An answer is kept under everything that shapes it: method, path and query, body, the
 *   caller's keys and the headers PostgREST reads. It is looked up after the rate limits.
 */

/** The database's mark on an answer that may be kept, and until when: epoch ms, or 'never'. */
export const KEEP_MARK = 'x-answer-until';
/** Memory for kept answers: about 45 lists of 1,000 photos. */
const KEPT_BYTES = 32 * 1024 * 1024;
/** The headers that name the caller or shape PostgREST's answer. */
const KEYED_HEADERS = [
  'authorization',
  'apikey',
  'accept',
  'accept-profile',
  'content-profile',
  'content-type',
  'prefer',
  'range',
  'range-unit',
] as const;
/** What of a kept answer goes with its body. */
const KEPT_HEADERS = ['content-type', 'content-range'] as const;
const KEPT_METHODS = new Set(['GET', 'POST']);

interface KeptAnswer {
  /** The version of what it was read from (read before it was asked for). */
  version: string;
  headers: Record<string, string>;
  body: Buffer;
  until: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** What a marked answer to this request is kept under, and the version asked before it. */
    answerKey?: { key: string; version: string };
  }
  interface FastifyInstance {
    /** True when the request was answered from what is kept (plugins/answer-cache.ts). */
    answerKept(
      request: FastifyRequest,
      reply: FastifyReply,
      body: Buffer | undefined,
    ): Promise<boolean>;
  }
}

function keyOf(request: FastifyRequest, body: Buffer | undefined): string {
  const hash = createHash('sha256').update(`${request.method} ${request.url}`);
  for (const name of KEYED_HEADERS) {
    const value = request.headers[name];
    hash.update(`\0${name}:${Array.isArray(value) ? value.join(',') : (value ?? '')}`);
  }
  hash.update('\0');
  if (body) hash.update(body);
  return hash.digest('base64');
}

const keptHeaders = (reply: FastifyReply): Record<string, string> =>
  Object.fromEntries(
    KEPT_HEADERS.flatMap((name) => {
      const value = reply.getHeader(name);
      return value === undefined ? [] : [[name, String(value)]];
    }),
  );

// eslint-disable-next-line @typescript-eslint/require-await -- a fastify plugin with no done callback is async: fastify waits for its promise and reports its throws
export const answerCache = shared(async (app) => {
  const kept = new LRUCache<string, KeptAnswer>({
    maxSize: KEPT_BYTES,
    sizeCalculation: (answer) => answer.body.length + 256,
  });

  // The paths whose answers the database has marked: only their requests wait for a version.
  const markedPaths = new Set<string>();
  const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!;

  app.decorate(
    'answerKept',
    async (request: FastifyRequest, reply: FastifyReply, body: Buffer | undefined) => {
      const versions = request.backend.answersVersion;
      if (!versions || !KEPT_METHODS.has(request.method) || !markedPaths.has(pathOf(request)))
        return false;
      const version = await versions.read();
      if (version === null) return false;
      const key = keyOf(request, body);
      const answer = kept.get(key);
      if (answer && answer.version === version && answer.until > Date.now()) {
        void reply.code(200).headers(answer.headers).send(answer.body);
        return true;
      }
      request.answerKey = { key, version };
      return false;
    },
  );

  app.addHook('onSend', async (request, reply, payload) => {
    const mark = reply.getHeader(KEEP_MARK);
    if (mark === undefined) return payload;
    reply.removeHeader(KEEP_MARK);
    markedPaths.add(pathOf(request));
    const until = mark === 'never' ? Number.POSITIVE_INFINITY : Number(mark);
    const asked = request.answerKey;
    if (!asked || reply.statusCode !== 200 || !(until > Date.now())) return payload;
    const body = await wholePayload(request, payload);
    if (Buffer.isBuffer(body))
      kept.set(asked.key, { version: asked.version, headers: keptHeaders(reply), body, until });
    return body;
  });
});
