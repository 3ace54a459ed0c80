import type { FastifyRequest } from 'fastify';
import { shared } from '../http/shared-plugin';
import { authenticate, type Caller } from './caller';
import { StorageHttpError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Who is calling: authenticate() in caller.ts (the role and claims of the request's JWT,
     * with its headers, method and path), verified once, when a route first asks. Routes ask
     * where they always did, after their own checks of the path and body and before any
     * lookup, so every refusal keeps its order. Rejects with 403 Invalid JWT.
     */
    readonly caller: Promise<Caller>;
  }
}

const verified = Symbol('verified caller');

/** Decorates every request of the storage service with its `caller`. */
// eslint-disable-next-line @typescript-eslint/require-await -- a fastify plugin with no done callback is async: fastify waits for its promise and reports its throws
export const callerPlugin = shared<{ secret: Uint8Array }>(async (app, { secret }) => {
  app.decorateRequest(verified, null);
  app.decorateRequest('caller', {
    getter(this: FastifyRequest) {
      const request = this as FastifyRequest & { [verified]: Promise<Caller> | null };
      return (request[verified] ??= authenticate(secret, this));
    },
  });
});

/**
 * The caller when its JWT is valid, else nobody: where hosted lets a missing or invalid JWT
 * reach public buckets only (downloads and object info).
 */
export function callerIfAny(request: FastifyRequest): Promise<Caller | undefined> {
  return request.caller.catch((error: unknown) => {
    if (error instanceof StorageHttpError) return undefined;
    throw error;
  });
}
