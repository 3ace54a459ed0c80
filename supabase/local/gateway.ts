import { existsSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import sirv from 'sirv';
import { StackError } from './errors';

export interface GatewayOptions {
  host: string;
  port: number;
  /** The built PWA; without it only the API is served. */
  distDir?: string;
}

/** What the gateway forwards to, attached once the backend is up. */
export interface GatewayBackend {
  postgrestUrl: string;
  /** The storage service (supabase/local/storage/service.ts), reached with the /storage/v1 prefix removed. */
  storageUrl: string;
  anonKey: string;
}

export interface RunningGateway {
  port: number;
  url: string;
  attach(backend: GatewayBackend): void;
  stop(): Promise<void>;
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer'];

const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; '),
};

const API_CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, apikey, x-client-info, content-type, content-profile, accept-profile, prefer, range, x-upsert, cache-control, x-admin-username, x-admin-token',
  'access-control-max-age': '86400',
};

function proxy(req: IncomingMessage, res: ServerResponse, target: URL): void {
  const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: target.host };
  for (const name of HOP_BY_HOP) delete headers[name];
  const upstream = request(target, { method: req.method, headers }, (response) => {
    const responseHeaders = { ...response.headers };
    for (const name of HOP_BY_HOP) delete responseHeaders[name];
    res.writeHead(response.statusCode ?? 502, responseHeaders);
    response.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 'PGRST000', message: 'The database API is not reachable' }));
  });
  req.pipe(upstream);
}

function staticSite(distDir: string) {
  const longLived = sirv(distDir, {
    dev: false,
    etag: true,
    // The .br / .gz copies the build wrote (supabase/local/build.ts), when the browser accepts them.
    brotli: true,
    gzip: true,
    setHeaders(res, pathname) {
      // Hashed build assets never change; the shell, manifest and service worker must revalidate.
      res.setHeader(
        'cache-control',
        pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const indexFile = join(distDir, 'index.html');
  const spaShell = sirv(distDir, {
    dev: false,
    etag: true,
    brotli: true,
    gzip: true,
    single: true,
    setHeaders: (res) => res.setHeader('cache-control', 'no-cache'),
  });
  return (req: IncomingMessage, res: ServerResponse) => {
    longLived(req, res, () => {
      // A path that names a file and was not found is a 404; any other path is a route of
      // the single-page app, answered with index.html.
      const path = new URL(req.url ?? '/', 'http://local').pathname;
      if (extname(path) !== '' || !existsSync(indexFile)) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Not found');
        return;
      }
      spaShell(req, res);
    });
  };
}

/**
 * Binds the port first, so a busy port is reported before anything else starts; requests
 * to the API before attach() get 503.
 */
export function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const site = options.distDir ? staticSite(options.distDir) : undefined;
  let backend: GatewayBackend | undefined;

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    if (!backend) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' });
      res.end('Starting up');
      return;
    }

    const isApi = url.pathname.startsWith('/rest/v1') || url.pathname.startsWith('/storage/v1');
    if (isApi) {
      for (const [name, value] of Object.entries(API_CORS_HEADERS)) res.setHeader(name, value);
      if (req.method === 'OPTIONS') {
        res.writeHead(204);
        res.end();
        return;
      }
    }
    if (url.pathname === '/rest/v1' || url.pathname.startsWith('/rest/v1/')) {
      proxy(req, res, new URL(url.pathname.slice('/rest/v1'.length) + url.search, backend.postgrestUrl));
      return;
    }
    if (url.pathname.startsWith('/storage/v1/')) {
      proxy(req, res, new URL(url.pathname.slice('/storage/v1'.length) + url.search, backend.storageUrl));
      return;
    }
    if (url.pathname === '/config.json') {
      // The runtime configuration the app reads at start, so one build runs on any backend.
      const origin = `http://${req.headers.host ?? `127.0.0.1:${options.port}`}`;
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ supabaseUrl: origin, supabaseAnonKey: backend.anonKey }));
      return;
    }
    if (site) {
      site(req, res);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found');
  });

  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(new StackError(`Port ${options.port} is already in use; stop the program using it or choose another port, e.g. PORT=${options.port + 1} npm start.`));
      } else if (error.code === 'EACCES') {
        reject(new StackError(`Port ${options.port} needs special permission; choose a port above 1024, e.g. PORT=8080 npm start.`));
      } else {
        reject(error);
      }
    });
    server.listen(options.port, options.host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      const shownHost = options.host === '0.0.0.0' ? 'localhost' : options.host;
      resolve({
        port,
        url: `http://${shownHost}:${port}`,
        attach: (attached) => {
          backend = attached;
        },
        stop: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
