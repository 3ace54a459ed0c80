import type { FastifyReply, FastifyRequest } from 'fastify';
import { shared } from '../../http/shared-plugin';
import { clientAddress, isLocalCaller } from '../callers';
import { sendError } from '../errors';
import { FairQueue, type Release } from '../fair-queue';
import type { ApiService } from '../paths';
import type { GatewayLimits } from '../settings';

/** The queues: PostgREST's, the storage service's reads, and its uploads (and other writes). */
type Lane = 'rest' | 'storage' | 'uploads';
export type UpstreamLoad = Record<Lane, FairQueue['load']>;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const laneOf = (service: ApiService, method: string): Lane =>
  service === 'rest' ? 'rest' : READS.has(method) ? 'storage' : 'uploads';

declare module 'fastify' {
  interface FastifyInstance {
    upstreamLoad(): UpstreamLoad;
  }
}

/**
 * Fair shares of the two upstreams behind /rest/v1 and /storage/v1 (settings.ts gives the
 * numbers): PostgREST's pool of database connections, and the storage service's streams, its
 * uploads apart (each pulls megabytes through the gateway before it can be refused). Each
 * API request takes a slot of its service before it is forwarded and gives it back when its
 * answer has gone out (or the client has gone). A stranger flooding the site fills only their
 * own share and their own queue: past it they get 429 at once, before anything reads their
 * body or asks the database, and a visitor's request goes before those of anyone who already
 * holds more slots. Programs on this machine (callers.ts) have no caps but take their turn like anyone.
 * A request that waits longer than `queueWaitMs` gets 503 and retry-after. docs/SECURITY.md
 * has the bench's figures.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a fastify plugin with no done callback is async: fastify waits for its promise and reports its throws
export const fairShare = shared<{ limits: GatewayLimits }>(async (app, { limits }) => {
  const { queueWaitMs, ...lanes } = limits.fairShare;
  const queues: Record<Lane, FairQueue> = {
    rest: new FairQueue(lanes.rest),
    storage: new FairQueue(lanes.storage),
    uploads: new FairQueue(lanes.uploads),
  };

  /** The slot, or undefined when the request was answered instead (429, 503) or its client left. */
  async function takeSlot(
    request: FastifyRequest,
    reply: FastifyReply,
    queue: FairQueue,
  ): Promise<Release | undefined> {
    const uncapped = limits.rateLimits.exemptLoopback && isLocalCaller(request);
    const entry = queue.enter(clientAddress(request), uncapped);
    if (entry.kind === 'granted') return entry.release;
    if (entry.kind === 'refused') {
      // An upload's body is still coming: read to nowhere, so its client can read the answer.
      app.dropRestOfBody(request, reply);
      reply.header('retry-after', '1');
      void sendError(
        request,
        reply,
        429,
        'Too many requests at once from your address; try again in a moment',
      );
      return undefined;
    }
    const outcome = await new Promise<Release | 'gone' | 'late'>((resolve) => {
      const timer = setTimeout(() => resolve('late'), queueWaitMs);
      const gone = () => resolve('gone');
      reply.raw.once('close', gone);
      void entry.granted.then((release) => {
        clearTimeout(timer);
        reply.raw.off('close', gone);
        resolve(release);
      });
    });
    if (typeof outcome === 'function') return outcome;
    entry.cancel();
    // Granted in the same moment it gave up: the slot goes straight back.
    void entry.granted.then((release) => release());
    if (outcome === 'late') {
      app.dropRestOfBody(request, reply);
      reply.header('retry-after', '2');
      void sendError(request, reply, 503, 'The site is busy; try again in a moment');
    } else {
      // Nobody to answer: the request ends here, before any route (or upstream) sees it.
      reply.hijack();
    }
    return undefined;
  }

  app.decorate('upstreamLoad', () => ({
    rest: queues.rest.load,
    storage: queues.storage.load,
    uploads: queues.uploads.load,
  }));
  /** Whether the client has gone: its answer's 'close' has been (or will never be) heard. */
  const gone = (request: FastifyRequest) => request.raw.socket.destroyed;

  app.addHook('onRequest', async (request, reply) => {
    const target = request.target;
    if (target.kind !== 'api') return;
    // Checked first and after the wait, each time in the same turn as the 'close' listener is
    // added: were an earlier check to wait on I/O (a rate limit kept in Redis), a client that
    // left meanwhile would never give its slot back (its 'close' came before anyone listened).
    if (gone(request)) {
      reply.hijack();
      return reply;
    }
    const release = await takeSlot(request, reply, queues[laneOf(target.service, request.method)]);
    if (!release) return reply;
    if (gone(request)) {
      release();
      reply.hijack();
      return reply;
    }
    reply.raw.once('close', release);
  });
});
