import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * The photographer's uplink, in front of the local stack, for the resumable-upload journey: it
 * carries request bodies at a set speed, counts the bytes of every tus upload (per upload, as
 * they arrive, so a chunk cut half-way counts what got through), and can be cut (every open
 * connection reset, new ones refused) and restored, as a venue's Wi-Fi drops and comes back.
 */
export interface NetworkLink {
  url: string;
  /** Bytes of tus PATCH bodies received so far, by upload id. */
  patchBytes: Map<string, number>;
  /** The declared length of each tus upload created, by upload id. */
  uploadLengths: Map<string, number>;
  /** Bytes of tus PATCH bodies sent for the uploads of `size` bytes (every upload made for one file). */
  sentFor(size: number): number;
  /** Connections the browser opened while the link was cut (each one refused). */
  refused(): number;
  cut(): void;
  restore(): void;
  /** Changes the link's upload speed for requests from now on. */
  setUploadRate(bytesPerSecond: number): void;
  stop(): Promise<void>;
}

const TUS_UPLOAD = /\/storage\/v1\/upload\/resumable(?:\/sign)?\/([0-9a-f-]{36})$/;

/** Passes bytes through at `bytesPerSecond` (backpressure slows the sender to it). */
class Meter extends Transform {
  private allowedAt = Date.now();
  constructor(private readonly bytesPerSecond: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const wait = Math.max(0, this.allowedAt - Date.now());
    this.allowedAt =
      Math.max(this.allowedAt, Date.now()) + (chunk.length / this.bytesPerSecond) * 1000;
    setTimeout(() => callback(null, chunk), wait);
  }
}

export async function startNetworkLink(
  target: string,
  options: { uploadBytesPerSecond: number },
): Promise<NetworkLink> {
  let uploadBytesPerSecond = options.uploadBytesPerSecond;
  const upstream = new URL(target);
  const patchBytes = new Map<string, number>();
  const uploadLengths = new Map<string, number>();
  const sockets = new Set<Socket>();
  let down = false;
  let refused = 0;

  const server = http.createServer((req, res) => {
    if (down) {
      req.socket.destroy();
      return;
    }
    const upload = TUS_UPLOAD.exec(req.url ?? '')?.[1];
    const request = http.request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        const location = answer.headers.location;
        const created =
          req.method === 'POST' && typeof location === 'string'
            ? TUS_UPLOAD.exec(location)?.[1]
            : undefined;
        if (created) uploadLengths.set(created, Number(req.headers['upload-length']));
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    request.on('error', () => res.destroy());
    req.on('error', () => request.destroy());
    // Counted as they arrive from the browser: bytes sent, whether or not they get further.
    if (req.method === 'PATCH' && upload)
      req.on('data', (chunk: Buffer) =>
        patchBytes.set(upload, (patchBytes.get(upload) ?? 0) + chunk.length),
      );
    req.pipe(new Meter(uploadBytesPerSecond)).pipe(request);
  });
  server.on('connection', (socket) => {
    if (down) {
      refused += 1;
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    patchBytes,
    uploadLengths,
    sentFor: (size) => {
      let total = 0;
      for (const [id, bytes] of patchBytes) if (uploadLengths.get(id) === size) total += bytes;
      return total;
    },
    refused: () => refused,
    cut: () => {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    restore: () => {
      down = false;
    },
    setUploadRate: (bytesPerSecond) => {
      uploadBytesPerSecond = bytesPerSecond;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
