import { request } from 'node:http';

export interface RpcAnswer {
  status: number;
  /** The answer's JSON, or null for an empty one. */
  body: unknown;
}

/**
 * Calls an RPC through a site's gateway from a given loopback address: the source the gateway's
 * limits and the database's throttles see (127.0.0.1 alone is this machine's own programs; the
 * rest of 127.0.0.0/8 stands for other machines). For the guessing tests and the bench's attack.
 */
export function rpcFrom(
  site: { url: string; anonKey: string },
  source: string,
  name: string,
  args: Record<string, unknown>,
): Promise<RpcAnswer> {
  const body = JSON.stringify(args);
  return new Promise((resolve, reject) => {
    const call = request(
      `${site.url}/rest/v1/rpc/${name}`,
      {
        method: 'POST',
        localAddress: source,
        headers: {
          apikey: site.anonKey,
          authorization: `Bearer ${site.anonKey}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            body: text === '' ? null : (JSON.parse(text) as unknown),
          });
        });
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}
