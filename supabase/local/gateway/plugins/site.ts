import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import sirv from 'sirv';
import {
  API_CONTENT_SECURITY_POLICY,
  API_HEADERS,
  ASSETS_PREFIX,
  IMMUTABLE_CACHE,
} from '../../../../deploy/security-headers';
import type { SiteOrigin } from '../../site-origin';
import { createSitePages } from '../../site-pages';
import { errorBody, messageFor, sendError } from '../errors';
import type { RequestTarget } from '../paths';
import { clientAddress } from '../callers';

export interface SiteOptions {
  /** The built PWA; without it every site address is 404. */
  distDir: string | undefined;
  /** PUBLIC_URL, when set (settings.ts). */
  publicUrl: string | undefined;
  /** The origin of every canonical and preview address (site-origin.ts). */
  origin: SiteOrigin;
}

/** Deploy files the build writes for static hosts; not part of the site. */
const DEPLOY_FILES = new Set(['/_headers', '/_redirects', '/vercel.json']);

/** The build's files, with the .br / .gz copies the build wrote (build.ts) when the browser accepts them. */
function staticFiles(distDir: string) {
  return sirv(distDir, {
    dev: false,
    etag: true,
    brotli: true,
    gzip: true,
    setHeaders(res, pathname) {
      // Hashed build assets never change; the shell, manifest and service worker must revalidate.
      res.setHeader(
        'cache-control',
        pathname.startsWith(ASSETS_PREFIX) ? IMMUTABLE_CACHE : 'no-cache',
      );
    },
  });
}

/**
 * The site: every address outside the APIs, /config.json and the generated files. A path that
 * names no file ('/', '/gallery/…') is a page of the app, answered with the build's index.html
 * filled in for it and, for the public pages, drawn on the server (site-pages.ts); one that
 * names a file is the build's file, or a JSON 404.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a fastify plugin with no done callback is async: fastify waits for its promise and reports its throws
export const site: FastifyPluginAsync<SiteOptions> = async (app, options) => {
  const { distDir } = options;
  const files = distDir ? staticFiles(distDir) : undefined;
  const pages = distDir
    ? createSitePages({ distDir, publicUrl: options.publicUrl, origin: options.origin })
    : undefined;
  const indexFile = distDir ? join(distDir, 'index.html') : '';

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    constraints: { area: 'site' },
    handler: (request, reply) => {
      // The route's area says so.
      const target = request.target as Extract<RequestTarget, { kind: 'site' }>;
      if (!files || !pages || DEPLOY_FILES.has(target.path)) return sendError(request, reply, 404);
      // sirv reads the request's URL: the path and query the target named (an absolute-form
      // request line also carries the authority).
      request.raw.url = target.path + target.query;
      reply.hijack();
      const notFound = () => {
        const body = JSON.stringify(errorBody(undefined, 404, messageFor(404)));
        reply.raw.writeHead(404, {
          ...API_HEADERS,
          'content-security-policy': API_CONTENT_SECURITY_POLICY,
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
          'content-length': Buffer.byteLength(body),
        });
        reply.raw.end(request.method === 'HEAD' ? undefined : body);
      };
      if (extname(target.path) !== '' || !existsSync(indexFile)) {
        files(request.raw, reply.raw, notFound);
        return;
      }
      const { postgrestUrl, anonKey } = request.backend;
      pages
        .answer(
          {
            pathname: target.path,
            host: request.headers.host,
            protocol: request.protocol,
            acceptEncoding: request.headers['accept-encoding'],
            method: request.method,
            clientAddress: clientAddress(request),
          },
          reply.raw,
          { postgrestUrl, anonKey },
        )
        .then(
          (sent) => {
            if (!sent) notFound();
          },
          (error: unknown) => {
            console.error('gateway: page answer failed:', error);
            reply.raw.destroy();
          },
        );
    },
  });
};
