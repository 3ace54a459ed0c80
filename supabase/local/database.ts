import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { StackSecrets } from './secrets';

const supabaseDir = join(import.meta.dirname, '..');

export function superuserConnection(port: number, secrets: StackSecrets): pg.ClientConfig {
  return {
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: secrets.postgresPassword,
    database: 'postgres',
  };
}

async function withClient<T>(
  config: pg.ClientConfig,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client(config);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function inTransaction(client: pg.Client, sql: string): Promise<void> {
  await client.query('begin');
  try {
    await client.query(sql);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/**
 * What hosted Supabase provides before migrations: roles, extensions, the storage schema (once),
 * and Storage's policy functions (every start, idempotent: an older data directory gets the
 * ones hosted added since, as hosted's tenant migrations reach every project).
 */
async function applyBootstrap(client: pg.Client): Promise<void> {
  const { rows } = await client.query(`select 1 from pg_roles where rolname = 'authenticator'`);
  if (rows.length === 0) {
    await inTransaction(client, readFileSync(join(import.meta.dirname, 'bootstrap.sql'), 'utf8'));
  }
  await inTransaction(
    client,
    readFileSync(join(import.meta.dirname, 'storage-operations.sql'), 'utf8'),
  );
}

/** The migration files, in the order they apply (their names start with the version). */
export function migrationFiles(): string[] {
  return readdirSync(join(supabaseDir, 'migrations'))
    .filter((name) => /^\d{14}_.+\.sql$/.test(name))
    .sort();
}

/**
 * Applies every migration not yet recorded, in file-name order, each in its own transaction;
 * with `through`, only those up to that version (a data directory as an older release left it).
 */
async function applyMigrations(client: pg.Client, through?: string): Promise<string[]> {
  const dir = join(supabaseDir, 'migrations');
  const files = migrationFiles().filter(
    (file) => through === undefined || file.slice(0, 14) <= through,
  );
  const { rows } = await client.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  );
  const applied = new Set(rows.map((row) => row.version));
  const appliedNow: string[] = [];
  for (const file of files) {
    const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
    if (!version || applied.has(version)) continue;
    const sql = readFileSync(join(dir, file), 'utf8');
    try {
      await inTransaction(
        client,
        `${sql}\n;insert into supabase_migrations.schema_migrations (version, name) values ('${version}', '${rest.join('_')}');`,
      );
    } catch (error) {
      throw new Error(`Migration ${file} failed: ${(error as Error).message}`);
    }
    appliedNow.push(file);
  }
  return appliedNow;
}

/** Applies seed.sql once, when the database is new. */
async function applySeed(client: pg.Client): Promise<void> {
  const path = 'supabase/seed.sql';
  const sql = readFileSync(join(supabaseDir, 'seed.sql'), 'utf8');
  const hash = createHash('sha256').update(sql).digest('hex');
  const { rows } = await client.query(
    'select 1 from supabase_migrations.seed_files where path = $1',
    [path],
  );
  if (rows.length > 0) return;
  await inTransaction(
    client,
    `${sql}\n;insert into supabase_migrations.seed_files (path, hash) values ('${path}', '${hash}');`,
  );
}

export interface SuperuserResult {
  /** The password, when this call created the superuser; otherwise undefined. */
  createdPassword?: string;
}

/** Creates the superuser 'admin' when no such user exists yet. */
async function ensureSuperuser(
  client: pg.Client,
  password: string | undefined,
): Promise<SuperuserResult> {
  const { rows } = await client.query(
    `select 1 from public.admin_credentials where username = 'admin'`,
  );
  if (rows.length > 0) return {};
  const chosen = password ?? randomBytes(12).toString('base64url');
  await client.query('select private.set_admin_password($1, $2)', ['admin', chosen]);
  return { createdPassword: chosen };
}

export async function setAdminPassword(
  config: pg.ClientConfig,
  username: string,
  password: string,
): Promise<void> {
  await withClient(config, (client) =>
    client.query('select private.set_admin_password($1, $2)', [username, password]),
  );
}

/**
 * The default privileges of a hosted project made before 2026: whatever postgres creates in
 * public is granted to all three API roles, so the migrations' own revokes decide. Tests only.
 */
const OLDER_PROJECT_DEFAULTS = `
  alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
  alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
  alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;`;

export interface PreparedDatabase extends SuperuserResult {
  migrationsApplied: string[];
}

/**
 * Brings the database to the current schema: bootstrap (first start), pending migrations,
 * seed (once), API role passwords from this installation's secrets, the superuser.
 */
export async function prepareDatabase(
  port: number,
  secrets: StackSecrets,
  options: {
    adminPassword?: string;
    migrationsThrough?: string;
    olderProjectDefaults?: boolean;
    /** Bootstrap and migrations only: a restore brings the seeded rows and the admins from its backup. */
    schemaOnly?: boolean;
  },
): Promise<PreparedDatabase> {
  return withClient(superuserConnection(port, secrets), async (client) => {
    await client.query('set client_min_messages = warning');
    await applyBootstrap(client);
    await client.query(
      `alter role authenticator password ${client.escapeLiteral(secrets.authenticatorPassword)}`,
    );
    await client.query(
      `alter role supabase_storage_admin password ${client.escapeLiteral(secrets.storagePassword)}`,
    );
    // Hosted Supabase limits how long an API caller's statement may run (anon 3 s,
    // authenticated 8 s); PostgREST applies these role settings when it switches role.
    await client.query(`alter role anon set statement_timeout = '3s'`);
    await client.query(`alter role authenticated set statement_timeout = '8s'`);
    await client.query(`alter role authenticator set statement_timeout = '8s'`);
    await client.query(`alter role authenticator set lock_timeout = '8s'`);
    if (options.olderProjectDefaults) await client.query(OLDER_PROJECT_DEFAULTS);
    const migrationsApplied = await applyMigrations(client, options.migrationsThrough);
    if (options.schemaOnly) return { migrationsApplied };
    await applySeed(client);
    const superuser = await ensureSuperuser(client, options.adminPassword);
    return { migrationsApplied, ...superuser };
  });
}
