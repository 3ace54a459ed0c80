import replyFrom from '@fastify/reply-from';
import type { FastifyPluginAsync } from 'fastify';
import { uploadBody } from '../bodies';
import { API_METHODS, forward, upstreamOptions } from '../proxy';
import type { GatewayLimits } from '../settings';
import { jsonCompression } from './json-compression';

/**
 * /storage/v1/* → the storage service (supabase/local/storage/service.ts), registered under
 * that prefix. Uploads stream through unread: the storage service enforces each bucket's own
 * limits; what can be refused from the headers alone was refused before (upload-gate.ts). The
 * service's own security headers, stricter on objects, are kept (proxy.ts); its JSON answers
 * are compressed (json-compression.ts).
 */
export const storageProxy: FastifyPluginAsync<{ limits: GatewayLimits }> = async (
  app,
  { limits },
) => {
  await app.register(replyFrom, upstreamOptions(limits));
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, uploadBody(payload)));
  await app.register(jsonCompression);

  for (const url of ['', '/*']) {
    app.route({
      method: [...API_METHODS],
      url,
      constraints: { area: 'storage' },
      handler: async (request, reply) => {
        return forward(request, reply, {
          service: 'storage',
          upstream: request.backend.storageUrl,
        });
      },
    });
  }
};
