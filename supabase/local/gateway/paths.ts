/**
 * What a request line asks the gateway for, decided once, before routing, from the raw
 * request target. Only a path that starts literally with /rest/v1/ or /storage/v1/ and whose
 * segments are plain (no dot segments, no encoded slashes or backslashes, no double encoding,
 * no empty segments) is forwarded, and then only its path below the prefix, to the one
 * upstream of that prefix: nothing in a request can name another host or port.
 */

export type ApiService = 'rest' | 'storage';

export type RequestTarget =
  /** `path` is what follows the prefix ('' or '/…'), as sent (still percent-encoded); `query` is '' or '?…'. */
  | { kind: 'api'; service: ApiService; path: string; query: string; segments: string[] }
  | { kind: 'config' }
  | { kind: 'site'; path: string; query: string }
  | { kind: 'invalid' };

const PREFIXES: Array<[ApiService, string]> = [
  ['rest', '/rest/v1'],
  ['storage', '/storage/v1'],
];

/** Control characters, space and backslash: never in a path we accept, raw or decoded. */
const hasForbidden = (value: string) =>
  [...value].some((char) => char <= ' ' || char === '\u007f' || char === '\\');

function decodeOnce(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** Decodes until stable (a bounded number of rounds), for spotting a disguised API prefix. */
function decodeFully(value: string): string {
  let current = value;
  for (let round = 0; round < 4; round++) {
    const next = decodeOnce(current);
    if (next === undefined || next === current) break;
    current = next;
  }
  return current;
}

/**
 * The decoded segments of an API path below its prefix, or undefined when one of them could
 * escape or be read differently by another parser: '.', '..', empty (a '//'), or holding '/',
 * '\', '%' (double encoding) or a control character once decoded. A single trailing slash is
 * allowed (PostgREST's root is /rest/v1/).
 */
function apiSegments(path: string): string[] | undefined {
  if (path === '' || path === '/') return [];
  if (!path.startsWith('/')) return undefined;
  const raw = path.slice(1).split('/');
  if (raw.length > 1 && raw[raw.length - 1] === '') raw.pop();
  const segments: string[] = [];
  for (const part of raw) {
    const decoded = decodeOnce(part);
    if (decoded === undefined || decoded === '' || decoded === '.' || decoded === '..')
      return undefined;
    if (decoded.includes('/') || decoded.includes('%') || hasForbidden(decoded)) return undefined;
    segments.push(decoded);
  }
  return segments;
}

/** A site path may not hold dot segments or backslashes, raw or encoded (a browser never sends them). */
function sitePathIsPlain(path: string): boolean {
  const decoded = decodeOnce(path);
  if (decoded === undefined || hasForbidden(decoded)) return false;
  return !decoded.split(/[/\\]/).some((segment) => segment === '.' || segment === '..');
}

export function classifyTarget(rawUrl: string): RequestTarget {
  let target = rawUrl;
  // absolute-form (RFC 9112 §3.2.2): accepted for http and https with a host, as fastify's
  // router reads it (find-my-way), but its authority is ignored; only the path counts. Any other
  // scheme, or no valid host, is not a target we serve.
  const absolute = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)/i.exec(target);
  if (absolute) {
    const [authorityForm, scheme = '', authority] = absolute;
    if (!/^https?$/i.test(scheme) || !authority || !URL.canParse(target))
      return { kind: 'invalid' };
    target = target.slice(authorityForm.length);
    if (target === '' || target.startsWith('?')) target = `/${target}`;
  }
  // asterisk-form, authority-form, a fragment or a protocol-relative '//host/…' path: nothing we serve.
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('#'))
    return { kind: 'invalid' };
  const queryAt = target.indexOf('?');
  const path = queryAt < 0 ? target : target.slice(0, queryAt);
  const query = queryAt < 0 ? '' : target.slice(queryAt);
  if (hasForbidden(path)) return { kind: 'invalid' };

  for (const [service, prefix] of PREFIXES) {
    if (path === prefix || path.startsWith(`${prefix}/`)) {
      const below = path.slice(prefix.length);
      const segments = apiSegments(below);
      return segments
        ? { kind: 'api', service, path: below, query, segments }
        : { kind: 'invalid' };
    }
  }
  // Anything else that a lenient parser would read as an API path (/rest%2fv1/…, /REST/v1/…,
  // /%72est/v1/…) is refused rather than served as a page of the app.
  const loose = decodeFully(path)
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
  if (
    PREFIXES.some(
      ([, prefix]) =>
        loose === prefix || loose.startsWith(`${prefix}/`) || loose.startsWith(`${prefix}@`),
    )
  ) {
    return { kind: 'invalid' };
  }
  if (path === '/config.json') return { kind: 'config' };
  if (!sitePathIsPlain(path)) return { kind: 'invalid' };
  return { kind: 'site', path, query };
}
