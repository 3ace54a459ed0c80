import { hostname, networkInterfaces } from 'node:os';

/**
 * The site's origin for absolute addresses (canonical, link previews, robots.txt, the sitemap,
 * the web app manifests). PUBLIC_URL when set. Without it, the Host the browser used, when it is
 * a plain host name: on a loopback listener any such name (only programs on this machine reach
 * it), on a public one only this machine's own names (docs/SECURITY.md, class 12), so a
 * stranger's `Host: evil.example` cannot put its name into a crawler file a shared cache keeps.
 * Anything else gets the gateway's own address. X-Forwarded-Host is never read.
 */
export type SiteOrigin = (request: { host: string | undefined; protocol: string }) => string;

/** Which Host names may shape the addresses: any plain name, or only this machine's own. */
export type HostNames = 'any' | 'own';

/** A host name or address with an optional port; anything else in a Host header is not used. */
const PLAIN_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const LOOPBACK_LISTENERS = new Set(['127.0.0.1', 'localhost', '::1']);

/** Whether the gateway listens only for programs on this machine (HOST's default). */
export const isLoopbackListener = (host: string) => LOOPBACK_LISTENERS.has(host);

/** The names this machine answers to: loopback, its host name (and .local), each interface address. */
export function ownHostNames(): Set<string> {
  const name = hostname().toLowerCase();
  const names = new Set(['localhost', '127.0.0.1', '[::1]', name, `${name}.local`]);
  for (const addresses of Object.values(networkInterfaces())) {
    for (const { address, family } of addresses ?? [])
      names.add(family === 'IPv6' ? `[${address.split('%')[0]}]` : address);
  }
  return names;
}

export function siteOriginFor(options: {
  publicUrl: string | undefined;
  listenHost: string;
  ownUrl: () => string;
  hostNames?: HostNames;
}): SiteOrigin {
  if (options.publicUrl) {
    const fixed = options.publicUrl.replace(/\/$/, '');
    return () => fixed;
  }
  const rule = options.hostNames ?? (isLoopbackListener(options.listenHost) ? 'any' : 'own');
  const own = rule === 'own' ? ownHostNames() : undefined;
  return (request) => {
    const host = request.host?.toLowerCase();
    if (!host || !PLAIN_HOST.test(host)) return options.ownUrl();
    if (own && !own.has(host.replace(/:\d{1,5}$/, ''))) return options.ownUrl();
    return `${request.protocol === 'https' ? 'https' : 'http'}://${host}`;
  };
}
