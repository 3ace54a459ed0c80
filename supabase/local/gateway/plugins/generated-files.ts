import type { FastifyPluginAsync } from 'fastify';
import { CRAWLER_FILES, GeneratedFileError, type GeneratedFileWriter } from '../../crawler-files';
import type { SiteOrigin } from '../../site-origin';
import { WEB_MANIFESTS } from '../../web-manifests';
import { sendError } from '../errors';

/** Every file the gateway writes per request, by its path. */
export const GENERATED_FILES: ReadonlyMap<string, GeneratedFileWriter> = new Map([
  ...CRAWLER_FILES,
  ...WEB_MANIFESTS,
]);

export interface GeneratedFilesOptions {
  /** The origin of the addresses the files hold (site-origin.ts). */
  origin: SiteOrigin;
  /** The built PWA, when there is one. */
  distDir: string | undefined;
}

/**
 * robots.txt, sitemap.xml, favicon.ico and the web app manifests, written per request from
 * what a visitor may read (crawler-files.ts, web-manifests.ts), with or without a build.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a fastify plugin with no done callback is async: fastify waits for its promise and reports its throws
export const generatedFiles: FastifyPluginAsync<GeneratedFilesOptions> = async (app, options) => {
  for (const [path, write] of GENERATED_FILES) {
    app.route({
      method: ['GET', 'HEAD'],
      url: path,
      constraints: { area: 'generated' },
      handler: async (request, reply) => {
        try {
          const file = await write({
            origin: options.origin({ host: request.headers.host, protocol: request.protocol }),
            backend: request.backend,
            distDir: options.distDir,
          });
          return reply.header('cache-control', file.cacheControl).type(file.type).send(file.body);
        } catch (error) {
          if (error instanceof GeneratedFileError)
            return sendError(request, reply, error.statusCode);
          throw error;
        }
      },
    });
  }
};
