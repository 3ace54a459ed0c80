/**
 * Issue 34 item 4: a stranger flooding the API cannot take PostgREST's pool (or the storage
 * service) from a visitor. A gateway of its own in front of a stand-in upstream that holds every
 * request until the test lets it answer, so what reaches the upstream, and in which order, is
 * exactly what the gateway let through. Callers are told apart by their loopback source
 * address (127.0.0.1 alone is this machine's own programs: callers.ts).
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../../supabase/local/gateway';
import { DEFAULT_LIMITS } from '../../supabase/local/gateway/settings';

interface Held {
  url: string;
  answer: () => void;
}

const held: Held[] = [];
const arrivals: string[] = [];
let upstream: ReturnType<typeof createServer>;
let site: RunningGateway;
let arrived: (() => void) | undefined;

/** Resolves once the upstream has received `count` requests in all. */
async function upstreamHas(count: number): Promise<void> {
  while (arrivals.length < count) await new Promise<void>((resolve) => (arrived = resolve));
}

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: string;
}

/** A GET through the gateway from `source`, on a connection of its own; `signal` drops it before its answer. */
const get = (source: string, path: string, signal?: AbortSignal) => send(source, path, { signal });

/** A request through the gateway from `source`, on a connection of its own. */
function send(
  source: string,
  path: string,
  {
    method = 'GET',
    body,
    signal,
    headers = {},
  }: { method?: string; body?: Buffer; signal?: AbortSignal; headers?: Record<string, string> },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const call = request(
      `${site.url}${path}`,
      {
        method,
        localAddress: source,
        agent: false,
        signal,
        headers: {
          apikey: 'anon-key',
          ...headers,
          ...(body && { 'content-type': 'image/jpeg', 'content-length': String(body.length) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers['retry-after'],
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

/** Resolves once `count` requests of a lane wait in the gateway for a slot. */
async function waiting(lane: 'rest' | 'uploads', count: number): Promise<void> {
  while (site.upstreamLoad()[lane].waiting !== count)
    await new Promise((resolve) => setTimeout(resolve, 5));
}
const restWaiting = (count: number) => waiting('rest', count);

/** Lets the upstream answer everything, as it arrives, until it has had `total` requests. */
async function drain(total: number): Promise<void> {
  for (;;) {
    for (const request of held.splice(0)) request.answer();
    if (arrivals.length >= total) return;
    await upstreamHas(arrivals.length + 1);
  }
}

/** Lets the upstream answer the held request for `url`. */
function answer(url: string): void {
  const index = held.findIndex((request) => request.url === url);
  if (index < 0) throw new Error(`${url} is not held`);
  held.splice(index, 1)[0]!.answer();
}

beforeAll(async () => {
  upstream = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const url = incoming.url ?? '';
    arrivals.push(url);
    incoming.resume();
    held.push({
      url,
      answer: () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('[]');
      },
    });
    arrived?.();
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  site = await startGateway({
    host: '127.0.0.1',
    port: 0,
    limits: {
      rateLimits: { ...DEFAULT_LIMITS.rateLimits, requests: 0, logins: 0, passcodes: 0 },
      fairShare: {
        rest: { slots: 4, activePerAddress: 3, queuedPerAddress: 5 },
        storage: { slots: 4, activePerAddress: 3, queuedPerAddress: 5 },
        uploads: { slots: 2, activePerAddress: 1, queuedPerAddress: 1 },
        queueWaitMs: 1_500,
      },
    },
  });
  site.attach({
    postgrestUrl: upstreamUrl,
    storageUrl: upstreamUrl,
    anonKey: 'anon-key',
    serviceRoleKey: 'service-key',
  });
});

beforeEach(() => {
  expect(held).toEqual([]);
  arrivals.length = 0;
});

afterAll(async () => {
  for (const request of held.splice(0)) request.answer();
  await site?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
});

describe('fair shares of the upstreams under a flood', () => {
  it("refuses a stranger's requests past their share and queue at once, and never lets them reach the upstream", async () => {
    const flood = Array.from({ length: 12 }, (_, n) =>
      get('127.0.0.201', `/rest/v1/rpc/flood?n=${n}`),
    );
    // 3 at once reach PostgREST, 5 wait their turn, the other 4 are answered 429 without waiting.
    await upstreamHas(3);
    const early = await Promise.all(flood.slice(8));
    expect(early.map((sent) => [sent.status, sent.retryAfter])).toEqual(
      Array.from({ length: 4 }, () => [429, '1']),
    );
    expect(JSON.parse(early[0]!.body)).toMatchObject({
      message: 'Too many requests at once from your address; try again in a moment',
    });
    expect(arrivals).toEqual(['/rpc/flood?n=0', '/rpc/flood?n=1', '/rpc/flood?n=2']);

    // Each answer lets the next waiting one through, in the order they came.
    for (let n = 0; n < 8; n++) {
      await upstreamHas(Math.min(n + 3, 8));
      answer(`/rpc/flood?n=${n}`);
    }
    expect((await Promise.all(flood.slice(0, 8))).map((sent) => sent.status)).toEqual(
      Array.from({ length: 8 }, () => 200),
    );
    expect(arrivals).toHaveLength(8);
  });

  it("serves a visitor's request at the next free slot, ahead of what the strangers have waiting", async () => {
    // Two strangers fill the four slots (three and one) and each has more waiting.
    const first = Array.from({ length: 5 }, (_, n) => get('127.0.0.201', `/rest/v1/a?n=${n}`));
    await upstreamHas(3);
    const second = Array.from({ length: 5 }, (_, n) => get('127.0.0.202', `/rest/v1/b?n=${n}`));
    await upstreamHas(4);
    await restWaiting(6);
    const visitor = get('127.0.0.203', '/rest/v1/site_settings');
    await restWaiting(7);
    // A slot frees: the strangers hold three and one and have more waiting; the visitor, who holds none, goes first.
    answer('/a?n=0');
    await upstreamHas(5);
    expect(arrivals[4]).toBe('/site_settings');
    answer('/site_settings');
    expect((await visitor).status).toBe(200);

    // Then the stranger who holds fewer: the other, at its cap of three, waits for its own.
    await upstreamHas(6);
    expect(arrivals[5]).toBe('/b?n=1');
    await drain(11);
    const answers = await Promise.all([...first, ...second]);
    expect(answers.map((sent) => sent.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(arrivals.filter((url) => url.startsWith('/a'))).toHaveLength(5);
  });

  it('answers 503 with retry-after to a request that waits too long, and the upstream never hears it', async () => {
    const busy = Array.from({ length: 3 }, (_, n) =>
      get('127.0.0.204', `/storage/v1/object/public/photos/${n}.jpg`),
    );
    await upstreamHas(3);
    const late = await get('127.0.0.204', '/storage/v1/object/public/photos/late.jpg');
    expect([late.status, late.retryAfter]).toEqual([503, '2']);
    expect(JSON.parse(late.body)).toMatchObject({
      message: 'The site is busy; try again in a moment',
    });
    for (let n = 0; n < 3; n++) answer(`/object/public/photos/${n}.jpg`);
    expect((await Promise.all(busy)).map((sent) => sent.status)).toEqual([200, 200, 200]);
    expect(arrivals).toHaveLength(3);
  });

  it('drops the place of a caller who leaves while waiting, and keeps the slot for the others', async () => {
    const busy = Array.from({ length: 3 }, (_, n) => get('127.0.0.205', `/rest/v1/c?n=${n}`));
    await upstreamHas(3);
    const leaving = new AbortController();
    const gone = get('127.0.0.205', '/rest/v1/gone', leaving.signal).catch(
      (error: unknown) => (error as Error).name,
    );
    const stays = get('127.0.0.205', '/rest/v1/stays');
    // Both wait behind the three; the first hangs up.
    await restWaiting(2);
    leaving.abort();
    expect(await gone).toBe('AbortError');
    await restWaiting(1);
    answer('/c?n=0');
    await upstreamHas(4);
    expect(arrivals[3]).toBe('/stays');
    answer('/stays');
    answer('/c?n=1');
    answer('/c?n=2');
    expect((await stays).status).toBe(200);
    expect((await Promise.all(busy)).map((sent) => sent.status)).toEqual([200, 200, 200]);
    expect(arrivals).not.toContain('/gone');
  });

  it("lets this machine's own programs (127.0.0.1) past the per-address caps, in turn with everyone", async () => {
    const local = Array.from({ length: 12 }, (_, n) => get('127.0.0.1', `/rest/v1/local?n=${n}`));
    // All four slots (no cap of three for it), and none refused though twelve is past any queue.
    await upstreamHas(4);
    await restWaiting(8);
    const stranger = get('127.0.0.206', '/rest/v1/stranger');
    await restWaiting(9);
    answer('/local?n=0');
    await upstreamHas(5);
    expect(arrivals[4]).toBe('/stranger');
    answer('/stranger');
    expect((await stranger).status).toBe(200);
    await drain(13);
    expect((await Promise.all(local)).map((sent) => sent.status)).toEqual(
      Array.from({ length: 12 }, () => 200),
    );
  });

  it("keeps a stranger's uploads to a few at once, refuses the rest before reading them, and still serves their reads", async () => {
    const photo = Buffer.alloc(256 * 1024, 7);
    // A stranger holding an admin's token (without one, uploads end at the gate: upload-gate.test.ts).
    const upload = (name: string) =>
      send('127.0.0.207', `/storage/v1/object/originals/a/${name}.jpg`, {
        method: 'POST',
        body: photo,
        headers: { 'x-admin-username': 'admin', 'x-admin-token': 'a-token' },
      });
    const first = upload('first');
    await upstreamHas(1);
    const second = upload('second');
    await waiting('uploads', 1);
    // One uploading, one waiting: the third is refused without its body going anywhere.
    const third = await upload('third');
    expect([third.status, third.retryAfter]).toEqual([429, '1']);
    // The uploads do not hold up the same address's reads.
    const read = get('127.0.0.207', '/storage/v1/object/public/photos/thumb.jpg');
    await upstreamHas(2);
    expect(arrivals).toEqual(['/object/originals/a/first.jpg', '/object/public/photos/thumb.jpg']);
    await drain(3);
    expect((await Promise.all([first, second, read])).map((sent) => sent.status)).toEqual([
      200, 200, 200,
    ]);
    expect(arrivals).not.toContain('/object/originals/a/third.jpg');
  });
});
