import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/** Why Node refused a request before any route saw it: too slow, headers too large, or malformed. */
export type ClientErrorStatus = 400 | 408 | 431;

/** The answer a server gives in its own shape (the gateway's JSON, or the storage service's). */
export interface SocketAnswer {
  headers: Record<string, string>;
  body: string;
}

/**
 * The one writer of answers on a raw socket, for both the gateway and the storage service: a
 * fastify `clientErrorHandler`. Requests Node cannot even parse (bad framing, headers over the
 * limit, too slow) never become requests, so their answer is written on the socket in the
 * server's own shape (`answer`), with its length and `connection: close`, and the socket closed.
 * A client that reset the connection gets nothing.
 */
export function answerClientErrors(answer: (status: ClientErrorStatus) => SocketAnswer) {
  return (error: NodeJS.ErrnoException, socket: Duplex): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status: ClientErrorStatus =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? 431
          : 400;
    const { headers, body } = answer(status);
    const head = {
      ...headers,
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${Object.entries(head)
          .map(([name, value]) => `${name}: ${value}`)
          .join('\r\n')}\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}
