import type { FastifyPluginAsync } from 'fastify';

/**
 * A plugin whose hooks and decorators belong to the instance that registers it, not to a
 * context of its own: what fastify-plugin does, through fastify's documented `skip-override`
 * mark (docs/Reference/Plugins.md). For what every route must see: the gateway's
 * security headers and limits, the storage service's caller.
 */
export function shared<Options extends Record<string, unknown>>(
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}
