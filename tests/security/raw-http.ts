import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';

/** One HTTP answer as it came off the wire. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function decodeChunked(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

export function parseAnswer(data: Buffer): RawAnswer | null {
  const headEnd = data.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const [statusLine = '', ...lines] = data.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  let body = data.subarray(headEnd + 4);
  if (headers['transfer-encoding'] === 'chunked') body = decodeChunked(body);
  else if (headers['content-length'] !== undefined)
    body = body.subarray(0, Number(headers['content-length']));
  return { status, headers, body };
}

/** Whether `data` holds a whole answer with a content-length (then nothing more is awaited). */
function holdsWholeAnswer(data: Buffer): boolean {
  const headEnd = data.indexOf('\r\n\r\n');
  const length =
    headEnd < 0
      ? undefined
      : /\r\ncontent-length:\s*(\d+)/i.exec(data.subarray(0, headEnd).toString('latin1'))?.[1];
  return length !== undefined && data.length >= headEnd + 4 + Number(length);
}

/**
 * Sends bytes as they are (a request line no HTTP client would send) and reads what comes
 * back until the server closes the connection or `timeoutMs` passes (or, with `untilAnswer`, a
 * whole answer has arrived). With `sendFirst` it reads nothing until all is sent, as a client
 * that sends the whole body before reading (Python's http.client) does.
 *
 * By default `timeoutMs` only guards against a hang, well inside the test's own 30 s: a busy
 * machine took over 5 s for a gateway's first page (its server render loads then). A test that
 * measures when the server gives up passes its own.
 */
export function sendRaw(
  port: number,
  request: string | Buffer,
  options: { timeoutMs?: number; untilAnswer?: boolean; sendFirst?: boolean } = {},
): Promise<{ answer: RawAnswer | null; closedAfterMs: number | null; raw: Buffer }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1');
    let closedAfterMs: number | null = null;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const raw = Buffer.concat(chunks);
      resolve({ answer: parseAnswer(raw), closedAfterMs, raw });
    };
    const timer = setTimeout(done, options.timeoutMs ?? 20_000);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (options.untilAnswer && holdsWholeAnswer(Buffer.concat(chunks))) done();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closedAfterMs = Date.now() - started;
      done();
    });
    if (options.sendFirst) socket.pause();
    socket.write(request, (error) => {
      if (!error) socket.resume();
    });
  });
}

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  bodyBytes: number;
  body: Buffer;
}

export interface RecordingServer {
  port: number;
  url: string;
  requests: Recorded[];
  stop(): Promise<void>;
}

/** A loopback HTTP server that records every request and answers through `respond`. */
export async function recordingServer(
  respond: (request: Recorded, res: ServerResponse) => void = (_request, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  },
): Promise<RecordingServer> {
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        bodyBytes: body.length,
        body,
      };
      requests.push(recorded);
      respond(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
