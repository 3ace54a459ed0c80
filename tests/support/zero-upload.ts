import { request } from 'node:http';

export interface ZeroUploadAnswer {
  /** The answer's status, or 0 when the connection ended without one. */
  status: number;
  /** Milliseconds until the answer (or the end). */
  ms: number;
}

/**
 * POSTs `bytes` of zeros as a JPEG upload (declared in content-length, or chunked), and stops
 * sending as soon as the server answers: an attacker's oversized upload, for the security tests
 * and the bench's abuse scenario.
 */
export function uploadZeros(
  url: string,
  headers: Record<string, string>,
  bytes: number,
  declare: boolean,
  /** The source address (a loopback address standing for another machine); the default, 127.0.0.1. */
  from?: string,
): Promise<ZeroUploadAnswer> {
  const started = performance.now();
  return new Promise((resolve) => {
    let answered = false;
    const call = request(
      url,
      {
        method: 'POST',
        localAddress: from,
        headers: {
          ...headers,
          'content-type': 'image/jpeg',
          ...(declare ? { 'content-length': String(bytes) } : {}),
        },
      },
      (response) => {
        answered = true;
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    call.on('error', () => {
      if (!answered) resolve({ status: 0, ms: performance.now() - started });
    });
    const chunk = Buffer.alloc(256 * 1024);
    let sent = 0;
    const pump = () => {
      while (!answered && sent < bytes) {
        sent += chunk.length;
        if (!call.write(chunk)) return void call.once('drain', pump);
      }
      call.end();
    };
    pump();
  });
}
