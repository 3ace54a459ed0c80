import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

/**
 * A plugin whose hooks and decorators belong to the instance that registers it, not to a
 * context of its own: what fastify-plugin does, through fastify's documented `skip-override`
 * mark (docs/Reference/Plugins.md). For what every route must see: the gateway's routing,
 * security headers and limits, the storage service's caller.
 */
export function shared<Options extends FastifyPluginOptions = Record<never, never>>(
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}
