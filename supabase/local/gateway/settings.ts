import { StackError } from '../errors';
import { DEFAULT_LIMITS as STORAGE_LIMITS, MULTIPART_ALLOWANCE } from '../storage/context';
import { POSTGREST_POOL_SIZE } from '../postgrest';
import type { FairQueueLimits } from './fair-queue';

/**
 * The gateway's limits, with their defaults and the environment variables that change them
 * (read by startGateway, so `npm start`, the tests and the bench all use them).
 *
 * Timeouts (Node's HTTP server):
 * - headers: 15 s to send the request line and headers (slowloris); checked every 5 s.
 * - whole request: 15 min to send a request with its body. A 50 MB photo at 1 Mbit/s takes
 *   about 7 min; 15 min still lets it through at the 64 KB/s (~0.5 Mbit/s) the app itself
 *   allows for (src/lib/backend/client.ts).
 * - idle socket: 60 s without a byte either way (a slow uplink keeps sending, a dead one does not).
 * - keep-alive: 30 s between requests on one connection.
 * - /rest/v1 body: 60 s to send at most 1 MB (~140 kbit/s).
 * - PostgREST: 60 s to answer (hosted Supabase stops anonymous statements after 3 s); the
 *   storage service gets the whole-request time plus a minute, as uploads stream through it.
 * Sizes: 16 KB of request line and headers, at most 100 headers, 1 MB of /rest/v1 body (413
 * beyond); /storage/v1 bodies stream through unread, refused from their headers when they
 * declare more than the largest upload the storage service takes (its largest object, 50 MB,
 * and a form's allowance around it); the service enforces each bucket's own limit.
 */
export interface GatewayLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  idleTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** How often Node checks the headers and request timeouts. */
  timeoutCheckIntervalMs: number;
  restBodyTimeoutMs: number;
  restUpstreamTimeoutMs: number;
  maxHeaderBytes: number;
  maxHeaderCount: number;
  restBodyBytes: number;
  storageBodyBytes: number;
  /**
   * Bytes of refused bodies read per client address in a rate-limit window (plugins/refused-bodies.ts):
   * two refused uploads of the largest size. Past it, a refused body is no longer read.
   */
  refusedBodyBytes: number;
  rateLimits: RateLimits;
  fairShare: FairShares;
}

/**
 * Fair shares of the upstreams (plugins/fair-share.ts). PostgREST: as many requests at once as
 * its pool has database connections, at most 6 of the 10 for one address, so a flood leaves 4
 * for everyone else. The storage service streams (no pool), but each stream costs memory and a
 * file handle: 32 reads at once, 12 per address (a browser opens at most 6 connections to a
 * site; an album's download of originals and an admin grid's thumbnails stay under it). Uploads
 * (and other writes) pull their bodies through the gateway, megabytes before a refusal can be
 * sent: 8 at once, 4 per address (the admin app sends one photo's files at a time). 50 more
 * requests may wait per address (8 uploads); past that, 429 at once. A request waits at most
 * 10 s for its turn (503). Programs on this machine have no per-address caps (RATE_LIMIT_LOOPBACK).
 */
export interface FairShares {
  rest: FairQueueLimits;
  storage: FairQueueLimits;
  uploads: FairQueueLimits;
  queueWaitMs: number;
}

/**
 * Requests per client address (see TRUST_PROXY; IPv6 per /64) in a one-minute window; 0 turns
 * a limit off. Answered with 429, retry-after and a JSON error.
 * - RATE_LIMIT_REQUESTS_PER_MINUTE (default 6000, 100 a second): every request, files included.
 *   Against floods; people browsing from behind one NAT, a client zipping an album stay under it.
 * - RATE_LIMIT_LOGINS_PER_MINUTE (default 10): /rest/v1/rpc/admin_login, which costs a bcrypt
 *   hash each. The database also refuses a username after 5 failures in 15 minutes.
 * - RATE_LIMIT_PASSCODES_PER_MINUTE (default 60): validate_gallery_passcode, and
 *   get_album_photos_by_token, get_download_grant, get_album_cover_by_token, sync_favourites_by_token and
 *   record_link_event when they carry a passcode (a client's hearts wait and go again when limited; an album of
 *   10,000 photos is read in 10 such calls). The database also refuses a link after 10 wrong passcodes in 15 minutes.
 * - RATE_LIMIT_LOOPBACK (default off): programs on this machine (127.0.0.1 or ::1 and no
 *   forwarding headers: the test suites, `npm run bench` at hundreds of requests a second,
 *   Lighthouse) are not limited unless this is 1. A reverse proxy on the machine is never taken
 *   for one: it sends X-Forwarded-For, and with TRUST_PROXY set its clients' addresses count.
 */
export interface RateLimits {
  windowMs: number;
  requests: number;
  logins: number;
  passcodes: number;
  exemptLoopback: boolean;
}

export const DEFAULT_LIMITS: GatewayLimits = {
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 15 * 60_000,
  idleTimeoutMs: 60_000,
  keepAliveTimeoutMs: 30_000,
  timeoutCheckIntervalMs: 5_000,
  restBodyTimeoutMs: 60_000,
  restUpstreamTimeoutMs: 60_000,
  maxHeaderBytes: 16 * 1024,
  maxHeaderCount: 100,
  restBodyBytes: 1024 * 1024,
  storageBodyBytes: STORAGE_LIMITS.fileSizeLimit + MULTIPART_ALLOWANCE,
  refusedBodyBytes: 2 * (STORAGE_LIMITS.fileSizeLimit + MULTIPART_ALLOWANCE),
  rateLimits: { windowMs: 60_000, requests: 6000, logins: 10, passcodes: 60, exemptLoopback: true },
  fairShare: {
    rest: { slots: POSTGREST_POOL_SIZE, activePerAddress: 6, queuedPerAddress: 50 },
    storage: { slots: 32, activePerAddress: 12, queuedPerAddress: 50 },
    uploads: { slots: 8, activePerAddress: 4, queuedPerAddress: 8 },
    queueWaitMs: 10_000,
  },
};

/**
 * TRUST_PROXY: off by default, so the client address is the connection's. Behind a reverse
 * proxy (Caddy, nginx) on the same machine set TRUST_PROXY=loopback; otherwise the proxy's
 * address(es) or CIDR ranges, comma-separated, or the number of proxies in front (1). The
 * client address is then taken from the X-Forwarded-For those proxies add. `true` trusts any
 * X-Forwarded-For: only when nothing can reach the gateway but the proxy.
 */
export type TrustProxy = boolean | number | string;

export interface GatewaySettings {
  limits: GatewayLimits;
  trustProxy: TrustProxy;
  /** PUBLIC_URL: the site's public address, given to the app in /config.json; unset, the app uses its own origin. */
  publicUrl?: string;
}

function count(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new StackError(`${name} must be a whole number (0 turns the limit off), not "${raw}".`);
  return value;
}

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || /^(0|false|off|no)$/i.test(value)) return false;
  if (/^(true|on|yes)$/i.test(value)) return true;
  if (/^\d+$/.test(value)) return Number(value);
  if (!/^[\w.:/,\s-]+$/.test(value)) {
    throw new StackError(
      `TRUST_PROXY must be off, a number of proxies, "loopback", or proxy addresses / CIDR ranges, not "${value}".`,
    );
  }
  return value;
}

export function parsePublicUrl(raw: string | undefined): string | undefined {
  if (!raw?.trim()) return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new StackError(
      `PUBLIC_URL must be the site's address, e.g. https://photos.example.com, not "${raw}".`,
    );
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.pathname !== '/' ||
    url.search ||
    url.hash ||
    url.username
  ) {
    throw new StackError(
      `PUBLIC_URL must be an http(s) origin without a path, e.g. https://photos.example.com, not "${raw}".`,
    );
  }
  return url.origin;
}

export function settingsFromEnvironment(env: NodeJS.ProcessEnv = process.env): GatewaySettings {
  const rate = DEFAULT_LIMITS.rateLimits;
  return {
    limits: {
      ...DEFAULT_LIMITS,
      rateLimits: {
        windowMs: rate.windowMs,
        requests: count(env, 'RATE_LIMIT_REQUESTS_PER_MINUTE', rate.requests),
        logins: count(env, 'RATE_LIMIT_LOGINS_PER_MINUTE', rate.logins),
        passcodes: count(env, 'RATE_LIMIT_PASSCODES_PER_MINUTE', rate.passcodes),
        exemptLoopback: !/^(1|true|on|yes)$/i.test(env.RATE_LIMIT_LOOPBACK?.trim() ?? ''),
      },
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
  };
}
