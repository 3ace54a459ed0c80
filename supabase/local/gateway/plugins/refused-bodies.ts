import type { FastifyReply, FastifyRequest } from 'fastify';
import { shared } from '../../http/shared-plugin';
import { dropRestOfBody, type RefusedBodyAllowance } from '../bodies';
import { clientAddress, isLocalCaller } from '../callers';
import type { GatewayLimits } from '../settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** After a refusal sent before the body has arrived: reads the rest to nowhere, within the caller's allowance (bodies.ts). */
    dropRestOfBody(request: FastifyRequest, reply: FastifyReply): void;
  }
}

/**
 * How much of its refused bodies the gateway reads for each client address: `refusedBodyBytes`
 * (settings.ts) in each rate-limit window, then it reads no more of them (bodies.ts). Reading a
 * refused body lets a client that sends it all before reading still get its answer; a stranger
 * who sends upload after refused upload would otherwise have the gateway read everything they
 * can send, and a visitor's request would wait behind it (docs/SECURITY.md, "Load under abuse").
 * Programs on this machine are not counted, as with the other per-address limits.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a fastify plugin with no done callback is async: fastify waits for its promise and reports its throws
export const refusedBodies = shared<{ limits: GatewayLimits }>(async (app, { limits }) => {
  const { windowMs, exemptLoopback } = limits.rateLimits;
  let used = new Map<string, number>();
  let windowEnds = 0;
  /** The counts start again for everyone when the window ends (as the rate limits do). */
  const usedBy = () => {
    const now = Date.now();
    if (now >= windowEnds) {
      used = new Map();
      windowEnds = now + windowMs;
    }
    return used;
  };
  const allowanceOf = (address: string): RefusedBodyAllowance => ({
    left: () => limits.refusedBodyBytes - (usedBy().get(address) ?? 0),
    spend: (bytes) => {
      const counts = usedBy();
      counts.set(address, (counts.get(address) ?? 0) + bytes);
    },
  });

  app.decorate('dropRestOfBody', (request: FastifyRequest, reply: FastifyReply) => {
    const uncapped = exemptLoopback && isLocalCaller(request);
    dropRestOfBody(request.raw, reply, uncapped ? undefined : allowanceOf(clientAddress(request)));
  });
});
