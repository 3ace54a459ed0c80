import type { FastifyPluginAsync } from 'fastify';

export interface ConfigJsonOptions {
  /** PUBLIC_URL, when set (settings.ts). */
  publicUrl: string | undefined;
}

/**
 * /config.json: the runtime configuration the app reads at start, so one build runs on any
 * backend. Never derived from the request (its Host header is the caller's to choose): the app
 * resolves '/' against its own origin (src/lib/backend/config.ts), or PUBLIC_URL names the site.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a fastify plugin with no done callback is async: fastify waits for its promise and reports its throws
export const configJson: FastifyPluginAsync<ConfigJsonOptions> = async (app, { publicUrl }) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/config.json',
    constraints: { area: 'config' },
    handler: (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('application/json')
        .send(
          JSON.stringify({
            supabaseUrl: publicUrl ?? '/',
            supabaseAnonKey: request.backend.anonKey,
          }),
        ),
  });
};
