/**
 * Issue 34 item 4: uploads the storage service could only refuse are refused by the gateway from
 * their headers, before their body moves or they reach the service (plugins/upload-gate.ts).
 * A gateway of its own in front of a stand-in upstream that records what reaches it; and, on the
 * real stack, the rule's ground: no policy lets a caller without an admin session write an object.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../../supabase/local/gateway';
import { DEFAULT_LIMITS } from '../../supabase/local/gateway/settings';
import { sql } from '../integration/helpers';

/** A JWT-shaped key claiming `role` (the stand-in checks no signature; the real service does). */
const keyFor = (role: string) =>
  ['{"alg":"HS256","typ":"JWT"}', JSON.stringify({ role })]
    .map((part) => Buffer.from(part).toString('base64url'))
    .concat('signature')
    .join('.');
const ANON = keyFor('anon');
const ADMIN = { 'x-admin-username': 'admin', 'x-admin-token': 'any-token' };

const arrivals: string[] = [];
let upstream: ReturnType<typeof createServer>;
let site: RunningGateway;

interface Answer {
  status: number;
  body: string;
  /** Bytes of the body the client had written when the answer came. */
  sentBeforeAnswer: number;
}

/**
 * A request through the gateway with `bytes` of body (declared, written as fast as the
 * connection takes them until the answer comes).
 */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  bytes = 4 * 1024 * 1024,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const call = request(
      `${site.url}/storage/v1${path}`,
      {
        method,
        agent: false,
        headers: {
          'content-type': 'image/jpeg',
          'content-length': String(bytes),
          ...headers,
        },
      },
      (response) => {
        answered = true;
        const sentBeforeAnswer = sent;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            sentBeforeAnswer,
          }),
        );
      },
    );
    call.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024);
    const pump = () => {
      while (!answered && sent < bytes) {
        const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += part.length;
        if (!call.write(part)) return void call.once('drain', pump);
      }
      if (sent >= bytes) call.end();
      else call.destroy();
    };
    pump();
  });
}

beforeAll(async () => {
  upstream = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    arrivals.push(`${incoming.method} ${incoming.url}`);
    incoming.resume();
    incoming.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  site = await startGateway({
    host: '127.0.0.1',
    port: 0,
    limits: { rateLimits: { ...DEFAULT_LIMITS.rateLimits, requests: 0, logins: 0 } },
  });
  site.attach({
    postgrestUrl: upstreamUrl,
    storageUrl: upstreamUrl,
    anonKey: ANON,
    serviceRoleKey: keyFor('service_role'),
  });
});

beforeEach(() => {
  arrivals.length = 0;
});

afterAll(async () => {
  await site.stop();
  await new Promise((resolve) => upstream.close(resolve));
});

describe('uploads refused from their headers', () => {
  const anonymous = { apikey: ANON, authorization: `Bearer ${ANON}` };
  const ownRights: Array<[string, string]> = [
    ['POST', '/object/originals/album/photo.jpg'],
    ['PUT', '/object/photos/album/photo-thumb.webp'],
    ['POST', '/upload/resumable'],
    ['PATCH', '/upload/resumable/some-upload-id'],
  ];

  it.for(ownRights)(
    'answer %s %s without an admin session with the service’s 403, and nothing reaches it',
    async ([method, path], { expect }) => {
      const answer = await send(method, path, anonymous);
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({
        statusCode: '403',
        message: 'new row violates row-level security policy',
      });
      expect(arrivals).toEqual([]);
      // The answer came from the headers: far less than the 4 MB body had been written.
      expect(answer.sentBeforeAnswer).toBeLessThan(4 * 1024 * 1024);
    },
  );

  it('refuses the same uploads with no key at all', async () => {
    expect((await send('POST', '/object/originals/album/photo.jpg', {})).status).toBe(403);
    expect(arrivals).toEqual([]);
  });

  it('lets through what the service must judge: admin headers (forged or not), the service key, signed uploads', async () => {
    const serviceKey = keyFor('service_role');
    const answers = await Promise.all([
      send('POST', '/object/originals/album/a.jpg', { ...anonymous, ...ADMIN }, 1024),
      send('PATCH', '/upload/resumable/some-upload-id', { ...anonymous, ...ADMIN }, 1024),
      send(
        'POST',
        '/object/originals/album/b.jpg',
        { authorization: `Bearer ${serviceKey}` },
        1024,
      ),
      send('PUT', '/object/upload/sign/originals/album/c.jpg?token=t', anonymous, 1024),
      send('POST', '/upload/resumable/sign', { ...anonymous, 'x-signature': 't' }, 1024),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(arrivals.sort()).toEqual(
      [
        'POST /object/originals/album/a.jpg',
        'PATCH /upload/resumable/some-upload-id',
        'POST /object/originals/album/b.jpg',
        'PUT /object/upload/sign/originals/album/c.jpg?token=t',
        'POST /upload/resumable/sign',
      ].sort(),
    );
  });

  it('lets through anonymous storage calls that write no object: signing, listing, reading', async () => {
    const answers = await Promise.all([
      send('POST', '/object/sign/originals/album/a.jpg', anonymous, 64),
      send('POST', '/object/list/photos', anonymous, 64),
      send('POST', '/object/info/photos/album/a.jpg', anonymous, 64),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(arrivals).toHaveLength(3);
  });

  it('refuses a body declared larger than any upload with 413, before the service', async () => {
    const answer = await send(
      'POST',
      '/object/originals/album/big.jpg',
      { ...anonymous, ...ADMIN },
      DEFAULT_LIMITS.storageBodyBytes + 1,
    );
    expect(answer.status).toBe(413);
    expect(arrivals).toEqual([]);
  });
});

describe('the ground of the rule', () => {
  it('every policy that lets a row into storage.objects asks for an admin session', async () => {
    const policies = await sql<{
      policyname: string;
      cmd: string;
      roles: string[];
      checks: string;
    }>(
      `select policyname, cmd, roles::text[] as roles, coalesce(with_check, qual) as checks
         from pg_policies
        where schemaname = 'storage' and tablename = 'objects' and cmd in ('INSERT', 'UPDATE', 'ALL')`,
    );
    expect(policies.length).toBeGreaterThan(0);
    for (const policy of policies)
      expect({
        policy: policy.policyname,
        asksForAdmin: policy.checks.includes('request_admin_id()'),
      }).toEqual({
        policy: policy.policyname,
        asksForAdmin: true,
      });
  });
});
