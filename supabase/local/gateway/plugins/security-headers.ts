import { API_HEADERS, siteHeaders } from '../../../../deploy/security-headers';
import { keptOutOfSearch } from '../../../../src/lib/routes/route-table';
import { NOINDEX } from '../../crawler-files';
import { shared } from '../../http/shared-plugin';

/** Any origin may call the APIs, with the headers supabase-js and the app send. */
const API_CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, apikey, x-client-info, content-type, content-profile, accept-profile, prefer, range, x-upsert, cache-control, x-admin-username, x-admin-token, x-download-grant, ' +
    // tus resumable uploads (storage's /upload/resumable) and their signed upload tokens.
    'tus-resumable, upload-length, upload-offset, upload-metadata, upload-defer-length, upload-concat, x-signature',
  'access-control-expose-headers':
    'content-range, content-location, location, retry-after, tus-resumable, tus-version, tus-max-size, tus-extension, upload-offset, upload-length, upload-expires',
  'access-control-max-age': '86400',
};

/**
 * The security headers of deploy/security-headers.ts on every answer, set first, before
 * anything can answer: the site's on its pages and files, the API's on everything else (the
 * storage service's own, stricter ones on its answers are kept: plugins/storage-proxy.ts), and
 * the CORS headers on the APIs'. The admin area and client links stay out of search engines,
 * whatever the answer (crawler-files.ts).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a fastify plugin with no done callback is async: fastify waits for its promise and reports its throws
export const securityHeaders = shared(async (app) => {
  const site = siteHeaders();
  app.addHook('onRequest', (request, reply, next) => {
    const { target } = request;
    const raw = reply.raw;
    for (const [name, value] of Object.entries(target.kind === 'site' ? site : API_HEADERS))
      raw.setHeader(name, value);
    if (target.kind === 'site' && keptOutOfSearch(target.path))
      raw.setHeader('x-robots-tag', NOINDEX);
    if (target.kind === 'api')
      for (const [name, value] of Object.entries(API_CORS_HEADERS)) raw.setHeader(name, value);
    next();
  });
});
