import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { StackError } from './errors';
import { checkVersion, findPostgrest, localSources } from './postgrest-binary';

export interface PostgrestOptions {
  dbPort: number;
  authenticatorPassword: string;
  jwtSecret: string;
  port: number;
  adminPort: number;
  /** Where callers reach PostgREST (the gateway's /rest/v1), named in its OpenAPI description instead of its own loopback address. */
  publicUri?: string;
}

export interface RunningPostgrest {
  url: string;
  stop(): Promise<void>;
}

/** What the API exposes: the same in supabase/config.toml for hosted projects (tests/integration/supabase-config.test.ts). */
export const POSTGREST_EXPOSED = { schemas: ['public'], maxRows: 1000 } as const;

/** PostgREST's database connections; the gateway lets as many requests through at once (gateway/settings.ts). */
export const POSTGREST_POOL_SIZE = 10;

/** The binary to run; one that npm did not install must say it is PostgREST 12 or newer. */
function binaryPath(): string {
  const found = findPostgrest(localSources());
  if (found.from !== 'npm') checkVersion(found.path);
  return found.path;
}

/** Starts PostgREST (12 or newer) on 127.0.0.1 and waits until it reports ready. */
export async function startPostgrest(options: PostgrestOptions): Promise<RunningPostgrest> {
  const dbUri =
    `postgres://authenticator:${encodeURIComponent(options.authenticatorPassword)}` +
    `@127.0.0.1:${options.dbPort}/postgres`;
  const child: ChildProcess = spawn(binaryPath(), [], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      PGRST_DB_URI: dbUri,
      PGRST_DB_SCHEMAS: POSTGREST_EXPOSED.schemas.join(','),
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_DB_POOL: String(POSTGREST_POOL_SIZE),
      PGRST_DB_MAX_ROWS: String(POSTGREST_EXPOSED.maxRows),
      PGRST_JWT_SECRET: options.jwtSecret,
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(options.port),
      PGRST_ADMIN_SERVER_PORT: String(options.adminPort),
      PGRST_LOG_LEVEL: 'error',
      // The OpenAPI description (the gateway gives it to service-key holders only) follows the
      // caller's privileges and names the public address, not this loopback one.
      PGRST_OPENAPI_MODE: 'follow-privileges',
      ...(options.publicUri ? { PGRST_OPENAPI_SERVER_PROXY_URI: options.publicUri } : {}),
    },
  });
  // If this process dies, do not leave PostgREST behind.
  const killChild = () => child.kill('SIGTERM');
  process.once('exit', killChild);

  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });

  const deadline = Date.now() + 20_000;
  for (;;) {
    if (exited) {
      throw new StackError(
        `PostgREST stopped during start-up (${stderr.trim().split('\n').pop() ?? 'no message'}); check that nothing else broke the database and start again.`,
      );
    }
    const ready = await fetch(`http://127.0.0.1:${options.adminPort}/ready`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new StackError(
        'PostgREST did not become ready within 20 seconds; start again, and if it repeats delete the data directory.',
      );
    }
    await delay(50);
  }

  return {
    url: `http://127.0.0.1:${options.port}`,
    stop: async () => {
      process.removeListener('exit', killChild);
      if (exited) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([gone, delay(3000).then(() => child.kill('SIGKILL'))]);
    },
  };
}
