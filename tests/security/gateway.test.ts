/**
 * Issue 17, the gateway (supabase/local/gateway/) on the open internet. Most checks run a
 * gateway of their own in front of recording stand-ins for PostgREST and the storage service,
 * with a canary server on another loopback port that must never hear anything; hostile request
 * lines go out over raw sockets, as no HTTP client would send them. A few run against the real
 * stack of the integration run (workerStack()) and against a real production build.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_CONTENT_SECURITY_POLICY,
  siteContentSecurityPolicy,
  siteHeaders,
  staticHostBackendOrigins,
} from '../../deploy/security-headers';
import { sharedBuild } from '../support/shared-build';
import {
  startGateway,
  type GatewayOptions,
  type RunningGateway,
} from '../../supabase/local/gateway';
import { recordingServer, sendRaw, type RecordingServer } from './raw-http';
import { workerStack } from '../support/stack-context';
import { uploadZeros } from '../support/zero-upload';

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'permissions-policy',
  'cross-origin-opener-policy',
] as const;

/** PostgREST's own answer while Postgres is unreachable (as it logs it), naming the internal address. */
const POSTGRES_DOWN = JSON.stringify({
  code: 'PGRST001',
  details:
    'connection to server at "127.0.0.1", port 54329 failed: Connection refused\n\tIs the server running on that host and accepting TCP/IP connections?\n',
  hint: null,
  message: 'Database client error. Retrying the connection.',
});
const STORAGE_OBJECT_CSP = "default-src 'none'; sandbox";

let canary: RecordingServer;
let rest: RecordingServer;
let storage: RecordingServer;
const gateways: RunningGateway[] = [];

function expectSecurityHeaders(headers: Record<string, string> | Headers, csp?: string) {
  const get = (name: string) =>
    (headers instanceof Headers ? headers.get(name) : headers[name]) ?? null;
  for (const name of SECURITY_HEADERS) expect(get(name), name).toBeTruthy();
  expect(get('x-content-type-options')).toBe('nosniff');
  // The site's own pages may be framed by the site (Site Design's preview); nothing else by anyone.
  if (csp === undefined) expect(['DENY', 'SAMEORIGIN']).toContain(get('x-frame-options'));
  else
    expect(get('x-frame-options')).toBe(
      csp === siteContentSecurityPolicy() ? 'SAMEORIGIN' : 'DENY',
    );
  if (csp) expect(get('content-security-policy')).toBe(csp);
}

async function gateway(
  options: Partial<GatewayOptions> = {},
  attach = true,
): Promise<RunningGateway> {
  const running = await startGateway({
    host: '127.0.0.1',
    port: 0,
    ...options,
    limits: {
      headersTimeoutMs: 600,
      timeoutCheckIntervalMs: 100,
      restBodyTimeoutMs: 800,
      ...options.limits,
      rateLimits: {
        requests: 0,
        logins: 0,
        passcodes: 0,
        exemptLoopback: false,
        ...options.limits?.rateLimits,
      },
    },
  });
  gateways.push(running);
  if (attach)
    running.attach({
      postgrestUrl: rest.url,
      storageUrl: storage.url,
      anonKey: 'anon-key',
      serviceRoleKey: 'service-key',
    });
  return running;
}

/** A plain GET through a raw socket, with the admin's headers on it. */
const rawGet = (target: string, headers: Record<string, string> = {}) =>
  [
    `GET ${target} HTTP/1.1`,
    'Host: 127.0.0.1',
    'x-admin-username: admin',
    'x-admin-token: secret-admin-token',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
    '',
    '',
  ].join('\r\n');

beforeAll(async () => {
  canary = await recordingServer();
  rest = await recordingServer((request, res) => {
    if (request.url.startsWith('/rpc/fail')) {
      res.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
      res.end(POSTGRES_DOWN);
    } else if (request.url.startsWith('/rows')) {
      // PostgREST's shape: a row range, the body in pieces (chunked), as many rows as asked,
      // each naming the version asked for (a changed answer of the same length).
      const query = new URL(request.url, 'http://x').searchParams;
      const rows = Number(query.get('n'));
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-range': `0-${rows - 1}/*`,
      });
      const body = JSON.stringify(
        Array.from({ length: rows }, (_, id) => ({
          id,
          version: query.get('v'),
          preview_url: `/storage/v1/object/public/photos/album/${id}-preview.webp`,
        })),
      );
      for (let at = 0; at < body.length; at += 64 * 1024) res.write(body.slice(at, at + 64 * 1024));
      if (query.has('cut')) res.destroy();
      else res.end();
    } else if (request.url.startsWith('/big')) {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-security-policy': 'default-src *',
      });
      res.end(
        JSON.stringify(
          Array.from({ length: 500 }, (_, id) => ({
            id,
            name: `photo ${id}`,
            url: `/storage/v1/object/public/photos/${id}.jpg`,
          })),
        ),
      );
    } else {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        server: 'postgrest/12.0.2',
      });
      res.end(JSON.stringify({ url: request.url, bytes: request.bodyBytes }));
    }
  });
  storage = await recordingServer((request, res) => {
    if (request.method === 'GET' && request.url.startsWith('/object/public/')) {
      res.writeHead(200, {
        'content-type': 'image/jpeg',
        'content-security-policy': STORAGE_OBJECT_CSP,
        'x-content-type-options': 'nosniff',
        'cache-control': 'max-age=3600',
      });
      res.end(Buffer.alloc(20_000, 0xff));
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ Key: request.url, bytes: request.bodyBytes }));
    }
  });
});

afterAll(async () => {
  await Promise.all(gateways.splice(0).map((running) => running.stop()));
  await Promise.all([canary, rest, storage].map((server) => server?.stop()));
});

describe('requests reach only PostgREST and the storage service, on their own host and port', () => {
  let site: RunningGateway;
  beforeAll(async () => {
    site = await gateway();
  });

  it('forwards /rest/v1 and /storage/v1 below their prefix, with the admin headers, to the right upstream only', async () => {
    const before = { rest: rest.requests.length, storage: storage.requests.length };
    const answer = await fetch(`${site.url}/rest/v1/albums?select=id`, {
      headers: { 'x-admin-username': 'admin', 'x-admin-token': 't' },
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ url: '/albums?select=id', bytes: 0 });
    expect(rest.requests.at(-1)!.headers['x-admin-token']).toBe('t');
    const upload = await fetch(`${site.url}/storage/v1/object/photos/a/b.jpg`, {
      method: 'POST',
      headers: { 'x-admin-username': 'admin', 'x-admin-token': 't' },
      body: 'bytes',
    });
    expect(await upload.json()).toEqual({ Key: '/object/photos/a/b.jpg', bytes: 5 });
    expect({ rest: rest.requests.length, storage: storage.requests.length }).toEqual({
      rest: before.rest + 1,
      storage: before.storage + 1,
    });
  });

  it('sends nothing to another host or port, whatever the request line holds', async () => {
    const other = `127.0.0.1:${canary.port}`;
    const hostile: Array<[string, number[], Record<string, string>?]> = [
      // absolute-form: its authority is ignored, the path goes to PostgREST
      [`http://${other}/rest/v1/echo`, [200]],
      // … but only http(s) with a host the router can read: another scheme or no host is not valid
      [`foo://${other}/rest/v1/echo`, [400]],
      ['http:///rest/v1/echo', [400]],
      [`http://%zz${other}/rest/v1/echo`, [400]],
      [`//${other}/rest/v1/echo`, [400]],
      [`/rest/v1//${other}/x`, [400]],
      [`/rest/v1/%2F%2F${other}/x`, [400]],
      [`/rest/v1/@${other}/x`, [200]],
      [`/rest/v1@${other}/x`, [400]],
      [`/rest/v1/http://${other}/x`, [400]],
      [`/rest/v1/..%2F..%2F${other}`, [400]],
      [`/rest/v1/%5c%5c${other}/x`, [400]],
      [`/rest/v1/%255c%255c${other}/x`, [400]],
      [`/storage/v1//${other}/object/x`, [400]],
      [`/storage/v1/object/public/%2e%2e/%2e%2e/%2e%2e/${other}`, [400]],
      [`/storage/v1/http:%2F%2F${other}/x`, [400]],
      [`/rest%2Fv1//${other}/x`, [400]],
      [
        '/rest/v1/echo',
        [200],
        { Host: other, 'X-Forwarded-Host': other, Forwarded: `host=${other}` },
      ],
      [`/rest/v1/echo?next=http://${other}/&url=//${other}`, [200]],
      [`/storage/v1/object/public/photos/x.jpg?redirect=http://${other}/`, [200]],
    ];
    const answers = [];
    for (const [target, statuses, headers] of hostile)
      answers.push({
        target,
        statuses,
        answer: (await sendRaw(site.port, rawGet(target, headers))).answer,
      });
    const odd = [];
    for (const request of [
      'CONNECT ' + other + ' HTTP/1.1\r\nHost: ' + other + '\r\n\r\n',
      'GET * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    ]) {
      odd.push((await sendRaw(site.port, request, { timeoutMs: 2_000 })).answer?.status ?? null);
    }
    expect(
      canary.requests.map(
        (request) =>
          `${request.method} ${request.url} ${String(request.headers['x-admin-token'] ?? '')}`,
      ),
    ).toEqual([]);
    for (const { target, statuses, answer } of answers) {
      expect(statuses, `${target} answered ${answer?.status}`).toContain(answer?.status);
      expectSecurityHeaders(answer!.headers);
    }
    for (const status of odd) expect([null, 400]).toContain(status);
    for (const request of [...rest.requests, ...storage.requests]) {
      const path = request.url.split('?')[0]!;
      expect(path.startsWith('/')).toBe(true);
      expect(path).not.toMatch(/\/\/|\.\.|%2e|%2f|%5c/i);
    }
  });

  it('refuses paths that would escape their prefix, and forwards none of them', async () => {
    const before = rest.requests.length + storage.requests.length;
    for (const target of [
      '/rest/v1/../config.json',
      '/rest/v1/%2e%2e/config.json',
      '/rest/v1/%2E%2E%2Fconfig.json',
      '/rest/v1/%252e%252e/%252e%252e/config.json',
      '/rest/v1/.%2e/storage/v1/object/x',
      '/rest/v1/x/..',
      '/storage/v1/object/public/photos/../../../rest/v1/admin_credentials',
      '/storage/v1/object/%2e%2e/%2e%2e/rest/v1/x',
      '/storage/v1/object/public/photos/a%00b.jpg',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%5c..%5cetc/passwd',
      // An API prefix the router would decode, but the request line does not spell.
      '/%72est/v1/albums',
      '/%73torage/v1/object/public/photos/x.jpg',
    ]) {
      const { answer } = await sendRaw(site.port, rawGet(target));
      expect([400, 404], target).toContain(answer?.status);
      expect(answer!.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(rest.requests.length + storage.requests.length).toBe(before);
  });

  it('answers an upload to a path that is not valid with 400, not with a complaint about its body', async () => {
    const before = storage.requests.length;
    for (const path of [
      '/storage/v1/object/photos/a/50%off.jpg',
      '/storage/v1/object/photos/a/b%00.jpg',
    ]) {
      const answer = await fetch(`http://127.0.0.1:${site.port}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'image/jpeg' },
        body: new Uint8Array(64 * 1024),
      });
      expect(answer.status, path).toBe(400);
      expect(await answer.json()).toMatchObject({
        code: 'GW400',
        message: 'The request is not valid',
      });
    }
    expect(storage.requests.length).toBe(before);
  });

  it('replaces the client address headers: x-forwarded-for and x-real-ip are the connection’s', async () => {
    await sendRaw(
      site.port,
      rawGet('/rest/v1/who', {
        'X-Forwarded-For': '6.6.6.6, 7.7.7.7',
        'X-Real-IP': '6.6.6.6',
        'True-Client-IP': '6.6.6.6',
        Forwarded: 'for=6.6.6.6',
      }),
    );
    const seen = rest.requests.at(-1)!;
    expect(seen.url).toBe('/who');
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.headers['x-real-ip']).toBe('127.0.0.1');
    expect(seen.headers['true-client-ip']).toBeUndefined();
    expect(seen.headers.forwarded).toBeUndefined();
    expect(seen.headers.host).toBe(`127.0.0.1:${rest.port}`);
  });

  it('with TRUST_PROXY, takes the client address from the trusted proxy’s X-Forwarded-For (and still replaces it)', async () => {
    const behindProxy = await gateway({ trustProxy: 'loopback' });
    await sendRaw(
      behindProxy.port,
      rawGet('/rest/v1/who', { 'X-Forwarded-For': '6.6.6.6, 203.0.113.7' }),
    );
    const seen = rest.requests.at(-1)!;
    expect(seen.headers['x-real-ip']).toBe('203.0.113.7');
    expect(seen.headers['x-forwarded-for']).toBe('203.0.113.7');
  });
});

describe('limits', () => {
  let site: RunningGateway;
  beforeAll(async () => {
    site = await gateway({
      limits: {
        restBodyBytes: 1024 * 1024,
        storageBodyBytes: 8 * 1024 * 1024,
        // Its clients send hundreds of MB of refused bodies; the allowance has a test of its own.
        refusedBodyBytes: 1024 * 1024 * 1024,
      },
    });
  });

  it('closes a connection whose headers never finish (slowloris) after the headers timeout', async () => {
    const started = Date.now();
    const { answer, closedAfterMs } = await sendRaw(
      site.port,
      'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ',
      { timeoutMs: 5_000 },
    );
    expect(closedAfterMs).not.toBeNull();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(answer?.status).toBe(408);
    expectSecurityHeaders(answer!.headers, API_CONTENT_SECURITY_POLICY);
  });

  it('refuses too large and too many headers with 431', async () => {
    const large = await sendRaw(site.port, rawGet('/rest/v1/x', { 'X-Big': 'a'.repeat(20_000) }));
    expect(large.answer?.status).toBe(431);
    expectSecurityHeaders(large.answer!.headers, API_CONTENT_SECURITY_POLICY);
    const many = Object.fromEntries(
      Array.from({ length: 150 }, (_, index) => [`X-H${index}`, 'v']),
    );
    const counted = await sendRaw(site.port, rawGet('/rest/v1/x', many));
    expect(counted.answer?.status).toBe(431);
    expect(JSON.parse(counted.answer!.body.toString())).toMatchObject({ code: 'GW431' });
  });

  it('refuses a /rest/v1 body over 1 MB with a clean 413 JSON, before PostgREST sees it', async () => {
    const before = rest.requests.length;
    const answer = await fetch(`${site.url}/rest/v1/rpc/admin_login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ p_username: 'u'.repeat(1024 * 1024), p_password: 'x' }),
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await answer.json()).toMatchObject({ code: 'GW413', details: null, hint: null });
    expectSecurityHeaders(answer.headers, API_CONTENT_SECURITY_POLICY);
    // Sent in chunks without a length, it is cut off at the limit all the same.
    const chunked = await fetch(`${site.url}/rest/v1/rpc/admin_login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([Buffer.alloc(1024 * 1024 + 10, 0x20)]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(rest.requests.length).toBe(before);
  });

  it('answers every oversized body on a fresh connection, even to a client that sends it all before reading', async () => {
    const size = 8 * 1024 * 1024 + 1;
    const body = Buffer.alloc(size, 0x20);
    const post = (target: string, headers: string, payload: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${headers}\r\n`,
        ),
        payload,
      ]);
    const rpc = '/rest/v1/rpc/get_gallery_link_by_token';
    // Refused by its declared length, or at the limit as it arrives; asking to close or not.
    const requests = [
      post(rpc, `Content-Length: ${size}\r\n`, body),
      post(rpc, `Content-Length: ${size}\r\nConnection: close\r\n`, body),
      post(
        rpc,
        'Transfer-Encoding: chunked\r\n',
        Buffer.concat([
          Buffer.from(`${size.toString(16)}\r\n`),
          body,
          Buffer.from('\r\n0\r\n\r\n'),
        ]),
      ),
      post('/storage/v1/object/photos/x.jpg', `Content-Length: ${size}\r\n`, body),
    ];
    const statuses = [];
    for (let round = 0; round < 15; round++) {
      for (const request of requests) {
        const { answer } = await sendRaw(site.port, request, {
          untilAnswer: true,
          sendFirst: true,
        });
        statuses.push(answer?.status ?? 'no answer');
      }
    }
    expect(statuses).toEqual(Array(60).fill(413));
  });

  it('gives up on a /rest/v1 body that does not arrive in time (408)', async () => {
    const { answer } = await sendRaw(
      site.port,
      'POST /rest/v1/rpc/x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
      { timeoutMs: 4_000 },
    );
    expect(answer?.status).toBe(408);
  });

  it('streams /storage/v1 uploads through unread, chunked or not, and refuses a declared size over the limit', async () => {
    const bytes = Buffer.alloc(5 * 1024 * 1024, 7);
    // An admin's upload (without one, the gate answers first: upload-gate.test.ts).
    const asAdmin = { 'x-admin-username': 'admin', 'x-admin-token': 't' };
    const sized = await fetch(`${site.url}/storage/v1/object/photos/big.jpg`, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg', ...asAdmin },
      body: bytes,
    });
    expect(await sized.json()).toMatchObject({ bytes: bytes.length });
    const chunked = await fetch(`${site.url}/storage/v1/object/photos/big.jpg`, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', ...asAdmin },
      body: new Blob([bytes]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(await chunked.json()).toMatchObject({ bytes: bytes.length });
    const { answer } = await sendRaw(
      site.port,
      'POST /storage/v1/object/photos/x.jpg HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 9000000000\r\n\r\n',
    );
    expect(answer?.status).toBe(413);
    expect(JSON.parse(answer!.body.toString())).toMatchObject({ statusCode: '413' });
  });

  it('compresses JSON answers by Accept-Encoding, never images', async () => {
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const { answer } = await sendRaw(
        site.port,
        rawGet('/rest/v1/big', { 'Accept-Encoding': encoding }),
      );
      expect(answer!.headers['content-encoding']).toBe(encoding);
      expect(answer!.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(decode(answer!.body).toString())).toHaveLength(500);
      // PostgREST's answers carry the gateway's API policy, not an upstream's.
      expect(answer!.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
    }
    const { answer: image } = await sendRaw(
      site.port,
      rawGet('/storage/v1/object/public/photos/x.jpg', { 'Accept-Encoding': 'br, gzip' }),
    );
    expect(image!.headers['content-encoding']).toBeUndefined();
    expect(image!.body.length).toBe(20_000);
  });
});

describe('refused bodies: what the gateway reads of them for one address', () => {
  it('reads them up to the allowance, then no more; a client that reads as it sends still has its answer at once', async () => {
    const MB = 1024 * 1024;
    const site = await gateway({ limits: { storageBodyBytes: MB, refusedBodyBytes: 40 * MB } });
    const size = 32 * MB;
    const upload = (name: string) =>
      Buffer.concat([
        Buffer.from(
          `POST /storage/v1/object/photos/${name} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/jpeg\r\nContent-Length: ${size}\r\n\r\n`,
        ),
        Buffer.alloc(size),
      ]);
    // Within the allowance, a client that sends the whole body before reading gets its answer.
    const first = await sendRaw(site.port, upload('a.jpg'), { untilAnswer: true, sendFirst: true });
    expect(first.answer?.status).toBe(413);
    // 8 MB of the allowance are left: the gateway reads that much of the next body and no more,
    // so that client cannot finish sending; it is cut off after the grace, unanswered.
    const second = await sendRaw(site.port, upload('b.jpg'), { sendFirst: true });
    expect(second.answer).toBeNull();
    expect(second.closedAfterMs).toBeGreaterThanOrEqual(3000);
    // One that reads its answer as it sends (browsers, curl, Node) is answered without waiting.
    const reading = await uploadZeros(`${site.url}/storage/v1/object/photos/c.jpg`, {}, size, true);
    expect(reading.status).toBe(413);
  });
});

describe('JSON answers, compressed once per distinct answer', () => {
  let site: RunningGateway;
  beforeAll(async () => {
    site = await gateway();
  });
  const read = async (path: string, encoding: string) => {
    const answer = await fetch(`${site.url}/rest/v1${path}`, {
      headers: { 'accept-encoding': encoding, 'x-admin-username': 'admin', 'x-admin-token': 't' },
    });
    // fetch decodes br and gzip: the body is what the caller's code reads.
    return {
      status: answer.status,
      encoding: answer.headers.get('content-encoding'),
      range: answer.headers.get('content-range'),
      vary: answer.headers.get('vary'),
      body: Buffer.from(await answer.arrayBuffer()),
    };
  };

  it('gives the same bytes compressed or not, row range kept, and a changed answer afresh', async () => {
    for (const version of ['1', '1', '2', '1']) {
      const path = `/rows?n=3000&v=${version}`;
      const plain = await read(path, 'identity');
      expect(plain.encoding).toBeNull();
      expect(plain.vary).toMatch(/accept-encoding/i);
      const rows = JSON.parse(plain.body.toString()) as Array<{ version: string }>;
      expect(rows).toHaveLength(3000);
      expect(rows[0]!.version).toBe(version);
      for (const encoding of ['br', 'gzip', 'gzip;q=0.5, br;q=0.9']) {
        const compressed = await read(path, encoding);
        expect(compressed.status).toBe(200);
        expect(compressed.encoding).toBe(encoding.includes(',') ? 'br' : encoding);
        expect(compressed.range).toBe('0-2999/*');
        expect(compressed.body.equals(plain.body)).toBe(true);
      }
    }
  });

  it('answers callers who ask at the same moment each with the whole answer', async () => {
    const plain = await read('/rows?n=2000&v=together', 'identity');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => read('/rows?n=2000&v=together', i % 2 ? 'br' : 'gzip')),
    );
    for (const answer of answers) expect(answer.body.equals(plain.body)).toBe(true);
  });

  it('sends an answer over 8 MB whole and uncompressed, and a cut answer as a 502', async () => {
    const huge = await read('/rows?n=120000&v=huge', 'br');
    expect(huge.encoding).toBeNull();
    expect(huge.body.length).toBeGreaterThan(8 * 1024 * 1024);
    expect(JSON.parse(huge.body.toString())).toHaveLength(120_000);
    const cut = await read('/rows?n=3000&v=cut&cut', 'br');
    expect(cut.status).toBe(502);
    expect(JSON.parse(cut.body.toString())).toMatchObject({ code: 'GW502' });
  });
});

describe('rate limits per client address', () => {
  it('limits admin_login tightly, passcode checks, and everything generously; 429 is JSON with retry-after', async () => {
    const site = await gateway({
      limits: { rateLimits: { logins: 3, passcodes: 4, requests: 40 } },
    });
    const post = (path: string, body: unknown) =>
      fetch(`${site.url}/rest/v1/rpc/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const before = rest.requests.length;
    const logins = [];
    for (let attempt = 0; attempt < 5; attempt++)
      logins.push(
        await post('admin_login', { p_username: 'admin', p_password: `guess-${attempt}` }),
      );
    expect(logins.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429]);
    const refused = logins[3]!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      code: 'GW429',
      details: null,
      hint: null,
      message: expect.stringMatching(/try again/),
    });
    expectSecurityHeaders(refused.headers, API_CONTENT_SECURITY_POLICY);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(rest.requests.length - before).toBe(3);

    // Passcodes: validate_gallery_passcode, and get_album_photos_by_token, get_download_grant and get_album_cover_by_token when they carry one.
    const photos = [];
    for (let call = 0; call < 5; call++) {
      const rpc = call % 2 === 0 ? 'get_album_photos_by_token' : 'get_album_cover_by_token';
      photos.push((await post(rpc, { p_access_token: 't' })).status);
    }
    expect(photos).toEqual([200, 200, 200, 200, 200]);
    const passcodes = [
      (await post('validate_gallery_passcode', { p_access_token: 't', p_passcode: '1' })).status,
      (await post('get_album_photos_by_token', { p_access_token: 't', p_passcode: '2' })).status,
      (await post('get_download_grant', { p_access_token: 't', p_passcode: '3' })).status,
      (await post('get_album_cover_by_token', { p_access_token: 't', p_passcode: '4' })).status,
      (
        await fetch(
          `${site.url}/rest/v1/rpc/get_album_photos_by_token?p_access_token=t&p_passcode=5`,
        )
      ).status,
      (await post('validate_gallery_passcode', { p_access_token: 't', p_passcode: '6' })).status,
    ];
    expect(passcodes).toEqual([200, 200, 200, 200, 429, 429]);

    // The global limit counts every request, files and errors included.
    const statuses = [];
    for (let call = 0; call < 40; call++)
      statuses.push((await fetch(`${site.url}/rest/v1/albums`)).status);
    expect(statuses).toContain(429);
    const page = await fetch(`${site.url}/`);
    expect(page.status).toBe(429);
    expectSecurityHeaders(page.headers, API_CONTENT_SECURITY_POLICY);
  });

  it('counts record_link_event against the passcode limit when it carries a passcode', async () => {
    const site = await gateway({ limits: { rateLimits: { passcodes: 2 } } });
    const record = async (passcode?: string) =>
      (
        await fetch(`${site.url}/rest/v1/rpc/record_link_event`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ p_access_token: 't', p_kind: 'opened', p_passcode: passcode }),
        })
      ).status;
    const statuses = [
      await record(),
      await record(),
      await record('1'),
      await record('2'),
      await record('3'),
      await record(),
    ];
    expect(statuses).toEqual([200, 200, 200, 200, 429, 200]);
  });

  it('leaves programs on this machine alone by default, but not a proxy forwarding others', async () => {
    const site = await gateway({ limits: { rateLimits: { logins: 2, exemptLoopback: true } } });
    const login = (headers: Record<string, string> = {}) =>
      fetch(`${site.url}/rest/v1/rpc/admin_login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{}',
      });
    const local = [];
    for (let attempt = 0; attempt < 5; attempt++) local.push((await login()).status);
    expect(local).toEqual([200, 200, 200, 200, 200]);
    const proxied = [];
    for (let attempt = 0; attempt < 3; attempt++)
      proxied.push((await login({ 'x-forwarded-for': '198.51.100.4' })).status);
    expect(proxied).toEqual([200, 200, 429]);
  });
});

describe('security headers and error answers', () => {
  let site: RunningGateway;
  let distDir: string;
  beforeAll(async () => {
    // A real production build, as npm start serves it.
    distDir = await sharedBuild();
    site = await gateway({ distDir });
  }, 180_000);

  it('puts the site policy on the app and its files, the API policy on everything else', async () => {
    const htmlPolicy = siteContentSecurityPolicy();
    const asset = readdirSync(join(distDir, 'assets')).find((name) => name.endsWith('.js'))!;
    const cases: Array<[string, number, string]> = [
      ['/', 200, htmlPolicy],
      ['/admin/albums', 200, htmlPolicy],
      [`/assets/${asset}`, 200, htmlPolicy],
      ['/sw.js', 200, htmlPolicy],
      ['/assets/missing.js', 404, API_CONTENT_SECURITY_POLICY],
      ['/_headers', 404, API_CONTENT_SECURITY_POLICY],
      ['/vercel.json', 404, API_CONTENT_SECURITY_POLICY],
      ['/config.json', 200, API_CONTENT_SECURITY_POLICY],
      ['/rest/v1/albums', 200, API_CONTENT_SECURITY_POLICY],
      ['/rest/v1/rpc/fail', 503, API_CONTENT_SECURITY_POLICY],
      ['/rest/v1/../x', 400, API_CONTENT_SECURITY_POLICY],
      ['/storage/v1/object/public/photos/x.jpg', 200, STORAGE_OBJECT_CSP],
      ['/storage/v1/object/list/photos', 200, API_CONTENT_SECURITY_POLICY],
    ];
    for (const [path, status, csp] of cases) {
      const { answer } = await sendRaw(site.port, rawGet(path));
      expect(answer?.status, path).toBe(status);
      expectSecurityHeaders(answer!.headers, csp);
    }
    const { answer: trace } = await sendRaw(
      site.port,
      'TRACE /rest/v1/albums HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(trace?.status).toBe(405);
    expectSecurityHeaders(trace!.headers, API_CONTENT_SECURITY_POLICY);
    const starting = await gateway({ distDir }, false);
    for (const path of ['/', '/rest/v1/albums', '/config.json']) {
      const answer = await fetch(`${starting.url}${path}`);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('1');
      expectSecurityHeaders(answer.headers, API_CONTENT_SECURITY_POLICY);
    }
  });

  it('answers errors with JSON that never echoes the request, and 5xx without internal addresses', async () => {
    const probe = '<script>alert(1)</script>';
    for (const target of [
      `/rest/v1/%2e%2e/${encodeURIComponent(probe)}`,
      `/assets/${encodeURIComponent(probe)}.js`,
      `/rest%2fv1/${encodeURIComponent(probe)}`,
    ]) {
      const { answer } = await sendRaw(site.port, rawGet(target));
      expect(answer!.headers['content-type']).toMatch(/^application\/json/);
      expect(answer!.body.toString()).not.toMatch(/script|alert/i);
    }
    const down = await fetch(`${site.url}/rest/v1/rpc/fail`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(down.status).toBe(503);
    const text = await down.text();
    expect(text).not.toMatch(/127\.0\.0\.1|54329|connection to server/);
    expect(JSON.parse(text)).toEqual({
      code: 'PGRST001',
      details: null,
      hint: null,
      message: expect.any(String),
    });
    // An upstream that is not there at all.
    const orphan = await gateway();
    orphan.attach({
      postgrestUrl: `http://127.0.0.1:${await closedPort()}`,
      storageUrl: `http://127.0.0.1:${await closedPort()}`,
      anonKey: 'anon-key',
    });
    for (const path of ['/rest/v1/albums', '/storage/v1/object/public/photos/x.jpg']) {
      const answer = await fetch(`${orphan.url}${path}`);
      expect(answer.status).toBe(502);
      const body = await answer.text();
      expect(body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|at .*\.js/);
      expectSecurityHeaders(answer.headers, API_CONTENT_SECURITY_POLICY);
    }
  });

  it('gives PostgREST’s OpenAPI description to the service key only', async () => {
    const before = rest.requests.length;
    for (const path of ['/rest/v1/', '/rest/v1']) {
      const anonymous = await fetch(`${site.url}${path}`, {
        headers: { apikey: 'anon-key', authorization: 'Bearer anon-key' },
      });
      expect(anonymous.status).toBe(403);
    }
    expect(rest.requests.length).toBe(before);
    const service = await fetch(`${site.url}/rest/v1/`, {
      headers: { apikey: 'service-key', authorization: 'Bearer service-key' },
    });
    expect(service.status).toBe(200);
  });

  it('serves /config.json the same whatever the Host header says', async () => {
    for (const host of ['127.0.0.1', 'evil.example', `127.0.0.1:${canary.port}`]) {
      const { answer } = await sendRaw(
        site.port,
        rawGet('/config.json', { Host: host }).replace('Host: 127.0.0.1\r\n', ''),
      );
      expect(JSON.parse(answer!.body.toString())).toEqual({
        supabaseUrl: '/',
        supabaseAnonKey: 'anon-key',
      });
      expect(answer!.headers['cache-control']).toBe('no-store');
    }
    const named = await gateway({ publicUrl: 'https://photos.example' });
    expect(
      await (await fetch(`${named.url}/config.json`, { headers: { host: 'evil.example' } })).json(),
    ).toMatchObject({
      supabaseUrl: 'https://photos.example',
    });
  });

  it('keeps the SPA fallback, cache rules and precompressed assets; the build has no source maps', async () => {
    const route = await fetch(`${site.url}/gallery/abc`);
    expect(route.status).toBe(200);
    expect(route.headers.get('content-type')).toMatch(/text\/html/);
    expect(route.headers.get('cache-control')).toBe('no-cache');
    const assets = readdirSync(join(distDir, 'assets'));
    const big = assets.find((name) => name.endsWith('.js') && assets.includes(`${name}.br`))!;
    const { answer } = await sendRaw(
      site.port,
      rawGet(`/assets/${big}`, { 'Accept-Encoding': 'br' }),
    );
    expect(answer!.headers['content-encoding']).toBe('br');
    expect(answer!.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(
      brotliDecompressSync(answer!.body).equals(readFileSync(join(distDir, 'assets', big))),
    ).toBe(true);
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) =>
        statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)],
      );
    expect(files(distDir).filter((file) => file.endsWith('.map'))).toEqual([]);
    for (const file of files(distDir).filter((name) => name.endsWith('.js')))
      expect(readFileSync(file, 'utf8')).not.toContain('sourceMappingURL');
  });

  it('writes the same headers for static hosts (dist/_headers, dist/vercel.json), allowing the hosted Supabase origin', async () => {
    const { answer } = await sendRaw(site.port, rawGet('/'));
    const served = Object.fromEntries(
      Object.keys(siteHeaders()).map((name) => [name, answer!.headers[name]]),
    );
    expect(served).toEqual(siteHeaders());
    const forStaticHost = siteHeaders({ backendOrigins: staticHostBackendOrigins(undefined) });
    expect(forStaticHost['content-security-policy']).toMatch(
      /connect-src 'self' https:\/\/\*\.supabase\.co/,
    );

    const netlify = readFileSync(join(distDir, '_headers'), 'utf8');
    const block = netlify.split(/\n(?=\S)/).find((rule) => rule.startsWith('/*\n'))!;
    const netlifyHeaders = Object.fromEntries(
      block
        .split('\n')
        .slice(1)
        .filter(Boolean)
        .map((line) => [
          line.slice(0, line.indexOf(':')).trim().toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
    );
    expect(netlifyHeaders).toEqual(forStaticHost);
    expect(netlify).toMatch(/\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable/);
    expect(readFileSync(join(distDir, '_redirects'), 'utf8')).toMatch(
      /^\/\*\s+\/index\.html\s+200/,
    );

    const vercel = JSON.parse(readFileSync(join(distDir, 'vercel.json'), 'utf8')) as {
      headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }>;
      rewrites: Array<{ source: string; destination: string }>;
    };
    const all = vercel.headers.find((rule) => rule.source === '/(.*)')!;
    expect(
      Object.fromEntries(all.headers.map(({ key, value }) => [key.toLowerCase(), value])),
    ).toEqual(forStaticHost);
    expect(vercel.rewrites).toContainEqual({ source: '/(.*)', destination: '/index.html' });
    // The same policy but for the backend's origin: every other directive is the gateway's.
    const directives = (csp: string) =>
      csp.split('; ').filter((directive) => !/^(connect|img)-src /.test(directive));
    expect(directives(forStaticHost['content-security-policy']!)).toEqual(
      directives(served['content-security-policy']!),
    );
    expect(staticHostBackendOrigins('https://abcd.supabase.co/')).toEqual([
      'https://abcd.supabase.co',
    ]);
  });
});

describe('absolute addresses without PUBLIC_URL (issue 32, item 6)', () => {
  /** The sitemap address robots.txt names when asked with this Host header. */
  const sitemapFor = async (port: number, host: string) => {
    const { answer } = await sendRaw(
      port,
      `GET /robots.txt HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer?.status).toBe(200);
    return /^Sitemap: (\S+)$/m.exec(answer!.body.toString('utf8'))?.[1];
  };

  it('on a public listener, takes only this machine’s own names from Host; a stranger’s name gets the gateway’s own', async () => {
    const running = await gateway({ hostNames: 'own' });
    expect(await sitemapFor(running.port, 'evil.example')).toBe(`${running.url}/sitemap.xml`);
    expect(await sitemapFor(running.port, `evil.example:${running.port}`)).toBe(
      `${running.url}/sitemap.xml`,
    );
    expect(await sitemapFor(running.port, `localhost:${running.port}`)).toBe(
      `http://localhost:${running.port}/sitemap.xml`,
    );
    expect(await sitemapFor(running.port, `${hostname().toLowerCase()}:${running.port}`)).toBe(
      `http://${hostname().toLowerCase()}:${running.port}/sitemap.xml`,
    );
  });

  it('on loopback, any plain name the browser used; with PUBLIC_URL, only that', async () => {
    const loopback = await gateway();
    expect(await sitemapFor(loopback.port, 'photos.example.org:8443')).toBe(
      'http://photos.example.org:8443/sitemap.xml',
    );
    const fixed = await gateway({ publicUrl: 'https://photos.example.com/', hostNames: 'any' });
    expect(await sitemapFor(fixed.port, 'evil.example')).toBe(
      'https://photos.example.com/sitemap.xml',
    );
  });
});

describe('the real stack', () => {
  it('refuses PostgREST’s OpenAPI root to the anon key, a 1 MB username with 413, and sends the headers on PostgREST answers', async () => {
    const { url, anonKey } = workerStack();
    const headers = { apikey: anonKey, authorization: `Bearer ${anonKey}` };
    const root = await fetch(`${url}/rest/v1/`, { headers });
    expect(root.status).toBe(403);
    expect(await root.text()).not.toMatch(/swagger|admin_login|127\.0\.0\.1/);
    const login = await fetch(`${url}/rest/v1/rpc/admin_login`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ p_username: 'a'.repeat(1024 * 1024), p_password: 'x' }),
    });
    expect(login.status).toBe(413);
    const albums = await fetch(`${url}/rest/v1/albums?select=id&limit=1`, { headers });
    expect(albums.status).toBe(200);
    expectSecurityHeaders(albums.headers, API_CONTENT_SECURITY_POLICY);
  });
});

describe('start-up errors', () => {
  it('names a busy port clearly', async () => {
    const taken = await gateway();
    await expect(startGateway({ host: '127.0.0.1', port: taken.port })).rejects.toThrow(
      /already in use/,
    );
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
