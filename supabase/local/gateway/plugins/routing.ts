import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { shared } from '../../http/shared-plugin';
import { classifyTarget, type ApiService, type RequestTarget } from '../paths';
import { GENERATED_FILES } from './generated-files';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the request line asks for (paths.ts), read once from the raw request target. */
    readonly target: RequestTarget;
  }
}

/** The part of the site a route answers for; each plugin's routes declare theirs. */
type Area = ApiService | 'config' | 'generated' | 'site';
const AREAS = new Set<string>(['rest', 'storage', 'config', 'generated', 'site']);

/** The area a target belongs to; a target that is not valid belongs to none, so no route answers it. */
function areaOf(target: RequestTarget): Area | 'invalid' {
  switch (target.kind) {
    case 'api':
      return target.service;
    case 'site':
      return GENERATED_FILES.has(target.path) ? 'generated' : 'site';
    default:
      return target.kind;
  }
}

type Strategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];
type RouteHandler = Parameters<ReturnType<Strategy['storage']>['set']>[1];

/**
 * The router matches a route by the path as it decodes it, and only when the request target,
 * classified from the raw request line (paths.ts), is of the route's area: a path spelled so
 * that the two read it differently (/%72est/v1/…, /config%2ejson, /rest%2fv1/…) never reaches
 * a route of another area. It falls back to a route whose area matches (the site's `/*`), or to
 * none: a target that is not valid has already been refused (plugins/limits.ts), and a method
 * no route of its area takes is answered 405 (index.ts).
 */
const areaConstraint: Strategy = {
  name: 'area',
  mustMatchWhenDerived: true,
  storage() {
    const handlers = new Map<unknown, RouteHandler>();
    return {
      get: (area) => handlers.get(area) ?? null,
      set: (area, handler) => void handlers.set(area, handler),
    };
  },
  deriveConstraint: (request: IncomingMessage) => areaOf(classifyTarget(request.url ?? '/')),
  validate(area) {
    if (typeof area !== 'string' || !AREAS.has(area)) throw new Error(`No area ${String(area)}`);
  },
};

const classified = Symbol('classified target');

/** Gives every request its `target` and the router its `area` constraint. */
// eslint-disable-next-line @typescript-eslint/require-await -- a fastify plugin with no done callback is async: fastify waits for its promise and reports its throws
export const routing = shared(async (app) => {
  app.addConstraintStrategy(areaConstraint);
  app.decorateRequest(classified, null);
  app.decorateRequest('target', {
    getter(this: FastifyRequest) {
      const request = this as FastifyRequest & { [classified]: RequestTarget | null };
      return (request[classified] ??= classifyTarget(this.raw.url ?? '/'));
    },
  });
});
