import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { answersVersion } from './answers-version';
import { prepareDatabase, superuserConnection } from './database';
import { StackError } from './errors';
import { startGateway, type RunningGateway } from './gateway';
import { freePort } from './ports';
import { startHousekeeping } from './housekeeping';
import { runningPostmasterPid, startPostgres, type RunningPostgres } from './postgres';
import { startPostgrest, type RunningPostgrest } from './postgrest';
import { loadOrCreateSecrets } from './secrets';
import { moveOriginals } from './storage/move-originals';
import { startStorageService } from './storage/service';

/** Where the site listens unless HOST says otherwise: only this machine. */
export const DEFAULT_HOST = '127.0.0.1';

export interface StackOptions {
  dataDir: string;
  /** Gateway port; 0 picks a free one. */
  port: number;
  host?: string;
  /** Password for the superuser 'admin' when it is created (first start). */
  adminPassword?: string;
  /** Serve this built PWA besides the API. */
  distDir?: string;
  /** Faster, less durable Postgres settings for throwaway test databases. */
  fast?: boolean;
  /**
   * Apply the migrations only up to this version (14 digits): the schema an older release left.
   * For the upgrade tests; a start without it applies what is pending.
   */
  migrationsThrough?: string;
  /** Start a new database with the default grants of an older hosted project (tests only). */
  olderProjectDefaults?: boolean;
  /** How often the scheduled database chores run (housekeeping.ts); default every minute. */
  housekeepingEveryMs?: number;
  /** Where start-up notes go (originals moved into the private bucket); default stdout. */
  log?: (line: string) => void;
}

export interface RunningStack {
  /** The site and API origin: {url}/rest/v1, {url}/storage/v1, {url}/config.json. */
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Superuser connection settings, for tests that check what the database holds. */
  database: pg.ClientConfig;
  /** Set when this start created the superuser: its password. */
  createdAdminPassword?: string;
  migrationsApplied: string[];
  stop(): Promise<void>;
}

interface StackState {
  pid: number;
  url: string;
  databasePort: number;
}

const stateFile = (dataDir: string) => join(dataDir, 'stack.json');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The running stack on this data directory, if one is up (used by the admin password command). */
export function readStackState(dataDir: string): StackState | undefined {
  const file = stateFile(dataDir);
  if (!existsSync(file)) return undefined;
  const state = JSON.parse(readFileSync(file, 'utf8')) as StackState;
  return isAlive(state.pid) ? state : undefined;
}

/**
 * A Postgres left running by a stack that was killed without cleaning up holds the data
 * directory; stop it, unless a live stack owns it.
 */
async function stopOrphanedPostgres(dataDir: string): Promise<void> {
  const live = readStackState(dataDir);
  const pid = runningPostmasterPid(dataDir);
  if (!pid) return;
  if (live) {
    throw new StackError(
      `The site is already running from ${dataDir} at ${live.url}; stop that copy first, or set DATA_DIR to another folder.`,
    );
  }
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 10_000 && isAlive(pid); waited += 100) {
    await new Promise((done) => setTimeout(done, 100));
  }
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const stoppers: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stoppers.splice(0).reverse()) await stop().catch(() => undefined);
  };

  try {
    const gateway: RunningGateway = await startGateway({
      host: options.host ?? DEFAULT_HOST,
      port: options.port,
      distDir: options.distDir,
    });
    stoppers.push(() => gateway.stop());

    await stopOrphanedPostgres(dataDir);
    const secrets = await loadOrCreateSecrets(dataDir);
    const postgres: RunningPostgres = await startPostgres({
      dataDir,
      port: await freePort(),
      password: secrets.postgresPassword,
      fast: options.fast,
    });
    stoppers.push(() => postgres.stop());

    const prepared = await prepareDatabase(postgres.port, secrets, {
      adminPassword: options.adminPassword,
      migrationsThrough: options.migrationsThrough,
      olderProjectDefaults: options.olderProjectDefaults,
    });

    const database = superuserConnection(postgres.port, secrets);
    const housekeeping = await startHousekeeping(database, options.housekeepingEveryMs);
    stoppers.push(() => housekeeping.stop());
    const versions = answersVersion(database);
    stoppers.push(() => versions.stop());

    const postgrest: RunningPostgrest = await startPostgrest({
      dbPort: postgres.port,
      authenticatorPassword: secrets.authenticatorPassword,
      jwtSecret: secrets.jwtSecret,
      port: await freePort(),
      adminPort: await freePort(),
      publicUri: `${gateway.publicUrl}/rest/v1`,
    });
    stoppers.push(() => postgrest.stop());

    const storagePool = new pg.Pool({
      host: '127.0.0.1',
      port: postgres.port,
      user: 'supabase_storage_admin',
      password: secrets.storagePassword,
      database: 'postgres',
      max: 8,
      // A request waits at most this long for a connection, then gets 503 (storage/errors.ts).
      connectionTimeoutMillis: 10_000,
    });
    storagePool.on('error', () => undefined);
    stoppers.push(() => storagePool.end());

    // Originals stored before migration 20261124000200 move into the private bucket before
    // anything is served. A failure is reported and does not keep the site from starting: a
    // move that failed before its commit left everything as it was (such rows keep working),
    // one cut short after it is completed by the next start (storage/move-originals.ts).
    const storageRoot = join(dataDir, 'storage');
    const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
    await moveOriginals({ pool: storagePool, root: storageRoot, log }).catch((error: unknown) => {
      console.error(
        `Could not move the originals into the private bucket (the next start tries again): ${(error as Error).message}`,
      );
    });

    const storage = await startStorageService({
      pool: storagePool,
      jwtSecret: secrets.jwtSecret,
      root: storageRoot,
      port: await freePort(),
    });
    stoppers.push(() => storage.stop());

    gateway.attach({
      postgrestUrl: postgrest.url,
      storageUrl: storage.url,
      anonKey: secrets.anonKey,
      serviceRoleKey: secrets.serviceRoleKey,
      answersVersion: versions,
    });

    const state: StackState = { pid: process.pid, url: gateway.url, databasePort: postgres.port };
    writeFileSync(stateFile(dataDir), JSON.stringify(state));
    stoppers.push(() => rm(stateFile(dataDir), { force: true }));

    return {
      url: gateway.url,
      anonKey: secrets.anonKey,
      serviceRoleKey: secrets.serviceRoleKey,
      database,
      createdAdminPassword: prepared.createdPassword,
      migrationsApplied: prepared.migrationsApplied,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
