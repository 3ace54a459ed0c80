import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { signedInAdmin } from '../integration/helpers';
import { uploadZeros } from '../support/zero-upload';
import { workerStack } from '../support/stack-context';

// Classes 1 and 3 of docs/SECURITY.md together: an upload the storage service refuses before
// its body has arrived reaches the client through the gateway with its own status. (The
// storage service used to close such a connection at once; the gateway's proxy, still sending
// the body, then lost the answer to EPIPE and sent 502, which the app retries for ever.)

const MB = 1024 * 1024;

/** An upload of zeros through the gateway; its status. */
async function upload(
  headers: Record<string, string>,
  bytes: number,
  declare: boolean,
): Promise<number> {
  const url = `${workerStack().url}/storage/v1/object/originals/${crypto.randomUUID()}/${crypto.randomUUID()}.jpg`;
  return (await uploadZeros(url, headers, bytes, declare)).status;
}

describe('uploads refused early, through the gateway', () => {
  it('answer 403, 413 and 415 with their own status, never 502', async () => {
    const { anonKey } = workerStack();
    const api = { apikey: anonKey, authorization: `Bearer ${anonKey}` };
    const admin = await signedInAdmin();
    const asAdmin = { ...api, 'x-admin-username': admin.username, 'x-admin-token': admin.token };
    const statuses = await Promise.all([
      ...Array.from({ length: 12 }, () => upload(api, 50 * MB, true)),
      ...Array.from({ length: 6 }, () => upload(asAdmin, 60 * MB, true)),
      ...Array.from({ length: 2 }, () => upload(asAdmin, 60 * MB, false)),
    ]);
    expect(statuses.slice(0, 12)).toEqual(Array(12).fill(403));
    expect(statuses.slice(12, 18)).toEqual(Array(6).fill(413));
    // Zeros are no JPEG: refused on their first bytes.
    expect(statuses.slice(18)).toEqual([415, 415]);
  });

  // The answer to a refused upload comes while the client is still sending; a client that then
  // sends the rest and its next request on the same connection (as fetch does with a kept-alive
  // connection) gets both answers. The gateway used to close the connection on the first answer,
  // and an upload sent just then ended with no answer at all (EPIPE: 1 in ~200 in a loop).
  it('keeps the connection for the next request once the refused body has arrived', async () => {
    const { url, anonKey } = workerStack();
    const { host, port } = new URL(url);
    const body = Buffer.alloc(64 * 1024, 0xff);
    const head = (contentLength: number) =>
      `POST /storage/v1/object/escape.jpg HTTP/1.1\r\nhost: ${host}\r\napikey: ${anonKey}\r\n` +
      `authorization: Bearer ${anonKey}\r\ncontent-type: image/jpeg\r\ncontent-length: ${contentLength}\r\n\r\n`;
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const answers = () => received.match(/HTTP\/1\.1 \d{3}/g) ?? [];
    const waitFor = (count: number) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (answers().length < count) return;
          socket.off('data', check);
          resolve();
        };
        socket.on('data', check);
        socket.once('close', () =>
          reject(new Error(`connection closed after ${answers().length} answer(s):\n${received}`)),
        );
        check();
      });
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      // The first request's headers and a first part of its body: the refusal comes before the rest.
      socket.write(Buffer.concat([Buffer.from(head(body.length)), body.subarray(0, 1024)]));
      await waitFor(1);
      expect(answers()[0]).toBe('HTTP/1.1 400');
      expect(received).not.toMatch(/^connection: close/im);
      socket.write(body.subarray(1024));
      socket.write(head(body.length));
      socket.write(body);
      await waitFor(2);
      expect(answers()).toEqual(['HTTP/1.1 400', 'HTTP/1.1 400']);
    } finally {
      socket.destroy();
    }
  });

  it('cuts off a client that goes on sending a refused body after its answer', async () => {
    const { url, anonKey } = workerStack();
    const { host, port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /storage/v1/object/escape.jpg HTTP/1.1\r\nhost: ${host}\r\napikey: ${anonKey}\r\n` +
        `authorization: Bearer ${anonKey}\r\ncontent-type: image/jpeg\r\ncontent-length: ${40 * 1024 * 1024}\r\n\r\n`,
    );
    // 64 KB every 100 ms, at most 20 s: a slow client that never stops sending.
    const chunk = Buffer.alloc(64 * 1024);
    let sent = 0;
    const sender = setInterval(() => {
      if (socket.destroyed || sent >= 200) return;
      sent += 1;
      socket.write(chunk);
    }, 100);
    try {
      await closed;
    } finally {
      clearInterval(sender);
      socket.destroy();
    }
    expect(received).toMatch(/^HTTP\/1\.1 400/);
    expect(sent).toBeLessThan(200);
  }, 30_000);
});
