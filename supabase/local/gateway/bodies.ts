import type { IncomingMessage } from 'node:http';
import { PassThrough, Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GatewayError } from './errors';

/**
 * Request bodies as the proxies take them: a /rest/v1 body read into memory within its limits,
 * a /storage/v1 upload streamed through unread, and the rest of a refused body read and dropped
 * so that its client still gets the answer.
 */

/** Reads a /rest/v1 body into memory: at most `limit` bytes, within `timeoutMs`. */
export function readBody(
  payload: IncomingMessage,
  limit: number,
  timeoutMs: number,
): Promise<Buffer> {
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

/**
 * An upload's body as a stream of its own for the proxy. When the storage service answers before
 * the body has all arrived (a refused upload), the proxy destroys the stream it was sending from:
 * were that the client's request, its connection would close under it, and a client still
 * sending would meet EPIPE instead of reading the answer. The rest of the body is read and
 * dropped instead; a client that keeps sending is cut off after its answer (dropRestOfBody).
 */
export function uploadBody(request: IncomingMessage): Readable {
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

/** Requests whose rest is already being dropped: a second refusal's call changes nothing. */
const dropping = new WeakSet<IncomingMessage>();

/** How much of refused bodies may still be read for a caller (plugins/refused-bodies.ts). */
export interface RefusedBodyAllowance {
  left(): number;
  spend(bytes: number): void;
}

/**
 * For an answer sent before the request's body has all arrived (a refusal). Were the
 * connection closed with the body unread, a client still sending would meet EPIPE instead of
 * reading its answer, and one that sends the whole body before reading never gets it. The rest
 * of the body is read and dropped instead, and the connection kept open even if the client
 * asked to close it (it closes it once answered); a client still sending that body
 * REFUSED_BODY_GRACE_MS after its answer is cut off.
 *
 * With an `allowance`, reading stops once it is spent: the connection then takes in nothing
 * more (the request's stream paused, Node stops reading its socket once a chunk is buffered),
 * a client still sending waits on it, and it is cut off after the same grace. A client that
 * reads its answer as it sends (browsers, curl, Node) has it at once either way.
 */
export function dropRestOfBody(
  request: IncomingMessage,
  reply: FastifyReply,
  allowance?: RefusedBodyAllowance,
): void {
  if (request.complete || dropping.has(request)) return;
  dropping.add(request);
  reply.removeHeader('connection');
  reply.raw.shouldKeepAlive = true;
  // Piped into an upload's own stream (uploadBody) or paused by readBody: read to nowhere now.
  request.unpipe();
  // Read to nowhere, counted; a listener rather than resume(), so that pause() below holds.
  request.on('data', (chunk: Buffer) => {
    if (!allowance) return;
    allowance.spend(chunk.length);
    if (allowance.left() <= 0) request.pause();
  });
  request.resume();
  const socket = request.socket;
  reply.raw.once('finish', () =>
    setTimeout(() => {
      if (!request.complete) socket.destroy();
    }, REFUSED_BODY_GRACE_MS).unref(),
  );
}

/** A bigger answer (PostgREST's are at most 1,000 rows) streams on rather than being held in memory. */
const LARGEST_ANSWER = 8 * 1024 * 1024;

/**
 * An upstream's answer whole, for what needs all of it (compression, the answer cache); past
 * 8 MB, a stream of what was read and the rest, to be passed on as it comes.
 */
export async function readWhole(stream: Readable): Promise<Buffer | Readable> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const read: Buffer[] = [];
  let size = 0;
  for (;;) {
    const next = await chunks.next();
    if (next.done) return Buffer.concat(read, size);
    read.push(next.value);
    size += next.value.length;
    if (size > LARGEST_ANSWER)
      return Readable.from(
        (async function* () {
          yield* read;
          for (let rest = await chunks.next(); !rest.done; rest = await chunks.next())
            yield rest.value;
        })(),
      );
  }
}

/**
 * An answer's payload whole, for an onSend hook that needs all of it: text and bytes as bytes,
 * a stream read (readWhole: past 8 MB, a stream again), anything else as it is. An upstream
 * that broke off mid-answer is a 502, unless its caller left (no fault of ours: index.ts).
 */
export async function wholePayload(request: FastifyRequest, payload: unknown): Promise<unknown> {
  if (typeof payload === 'string') return Buffer.from(payload);
  if (!(payload instanceof Readable)) return payload;
  try {
    return await readWhole(payload);
  } catch (error) {
    if (request.raw.destroyed) throw error;
    throw new GatewayError(502);
  }
}
