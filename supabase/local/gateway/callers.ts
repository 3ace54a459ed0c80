import type { FastifyRequest } from 'fastify';

/** Who a request comes from, as the gateway's limits and the database see it. */

/** The address the database sees (x-real-ip): the connection's, or with TRUST_PROXY the proxies' client. */
export const clientAddress = (request: FastifyRequest) =>
  request.ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/**
 * A program on this machine (the tests, the bench, the admin's own browser on it), not a
 * proxy forwarding someone else: it connects from 127.0.0.1 or ::1 and sends no forwarding
 * headers. The rest of 127.0.0.0/8 counts as strangers: nothing uses those addresses unless
 * asked to, and the tests and the bench use them to stand for other machines.
 */
export function isLocalCaller(request: FastifyRequest): boolean {
  const headers = request.headers;
  if (
    headers['x-forwarded-for'] !== undefined ||
    headers.forwarded !== undefined ||
    headers['x-real-ip'] !== undefined
  )
    return false;
  return /^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/.test(request.ip);
}
