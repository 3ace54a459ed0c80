/**
 * `npm run restore`: brings a backup (format.ts) back into an empty data directory. Everything
 * is built in a staging folder inside it: the archive is unpacked there while every entry is
 * checked against the manifest, the database is built there (the archive's schema version, then
 * its rows), and only when all of that worked are pg/, storage/ and secrets.json moved into
 * place. A damaged, cut-short or foreign archive therefore leaves the data directory as it was.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import tar from 'tar-stream';
import { migrationFiles, prepareDatabase, superuserConnection } from '../database';
import { StackError } from '../errors';
import { freePort } from '../ports';
import { runningPostmasterPid, startPostgres } from '../postgres';
import { loadOrCreateSecrets } from '../secrets';
import { readStackState } from '../stack';
import { ChecksumStream } from './checksum-stream';
import {
  entryKind,
  FORMAT,
  FORMAT_VERSION,
  HEADER_ENTRY,
  MANIFEST_CHECKSUM_ENTRY,
  MANIFEST_CHECKSUM_SINCE,
  MANIFEST_ENTRY,
  type BackupHeader,
  type EntryChecksum,
  type Manifest,
} from './format';
import { createProgress, type Progress } from './progress';
import { columnList, listSiteTables, qualifiedName } from './site-tables';

export interface RestoreOptions {
  file: string;
  dataDir: string;
  /** Replace the site the data directory holds (never a running one). */
  force?: boolean;
  progress?: Progress;
}

export interface RestoreResult {
  dataDir: string;
  header: BackupHeader;
}

/** Inside the data directory, so the final moves are renames on one file system. */
const STAGING = '.restore-in-progress';
/** The header and manifest are read into memory; a damaged size field must not make that unbounded. */
const MAX_HEADER_BYTES = 1 << 20;
const MAX_MANIFEST_BYTES = 256 << 20;

const damaged = (what: string) => new StackError(`The archive is damaged: ${what}.`);
const incomplete = (what: string) => new StackError(`The archive is incomplete: ${what}.`);

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const file = resolve(options.file);
  const dataDir = resolve(options.dataDir);
  const progress = options.progress ?? createProgress();
  const archiveSize = (await stat(file).catch(() => undefined))?.size;
  if (archiveSize === undefined) throw new StackError(`There is no file ${file}.`);

  const header = await readHeader(file);
  const target = await prepareTarget(dataDir, options.force === true);
  const staging = join(dataDir, STAGING);
  try {
    await rm(staging, { recursive: true, force: true });
    await mkdir(join(staging, 'storage'), { recursive: true });
    progress.begin('Checking and unpacking', { files: header.counts.entries, bytes: archiveSize });
    const manifest = await unpack(file, staging, header, progress);
    progress.end();
    checkMigrations(manifest);

    progress.note(
      `Building the database (schema version ${manifest.migrationVersion}) and loading ${manifest.counts.rows} rows...`,
    );
    await buildDatabase(staging, manifest);

    for (const entry of target.replaced)
      await rm(join(dataDir, entry), { recursive: true, force: true });
    for (const entry of ['pg', 'storage', 'secrets.json'])
      await rename(join(staging, entry), join(dataDir, entry));
    await rm(staging, { recursive: true, force: true });
    return { dataDir, header };
  } catch (error) {
    await rm(target.created ? dataDir : staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The data directory must be empty, or hold a site that is not running and --force replaces.
 * Anything else (a folder of other files) is never emptied.
 */
async function prepareTarget(
  dataDir: string,
  force: boolean,
): Promise<{ created: boolean; replaced: string[] }> {
  if (!existsSync(dataDir)) {
    await mkdir(dataDir, { recursive: true });
    await allowPostgresUser(dataDir);
    return { created: true, replaced: [] };
  }
  if (!(await stat(dataDir)).isDirectory())
    throw new StackError(`${dataDir} is a file; set DATA_DIR to an empty folder.`);
  const entries = (await readdir(dataDir)).filter((entry) => entry !== STAGING);
  if (entries.length > 0) {
    if (readStackState(dataDir) || runningPostmasterPid(dataDir)) {
      throw new StackError(
        `The site is running from ${dataDir}; stop it first, or restore into another folder (DATA_DIR).`,
      );
    }
    if (!entries.includes('pg') && !entries.includes('secrets.json')) {
      throw new StackError(
        `${dataDir} is not empty and holds no site; restore into an empty folder (set DATA_DIR).`,
      );
    }
    if (!force) {
      throw new StackError(
        `${dataDir} already holds a site; restore into an empty folder (set DATA_DIR), or add --force to replace that site with the backup.`,
      );
    }
  }
  await allowPostgresUser(dataDir);
  return { created: false, replaced: entries };
}

/** Run as root, embedded Postgres runs as the user 'postgres', which must reach the staging folder (postgres.ts). */
async function allowPostgresUser(dataDir: string): Promise<void> {
  if (process.getuid?.() === 0) await chmod(dataDir, 0o755);
}

/** Reads the first entry only: a foreign or newer archive is refused before gigabytes are read. */
async function readHeader(file: string): Promise<BackupHeader> {
  const notBackup = new StackError(
    `${file} is not a backup of this site (made by npm run backup).`,
  );
  const source = createReadStream(file);
  const extract = tar.extract();
  pipeline(source, extract).catch(() => undefined);
  let header: BackupHeader | undefined;
  try {
    for await (const entry of extract) {
      if (entry.header.name !== HEADER_ENTRY || entry.header.size > MAX_HEADER_BYTES) break;
      header = JSON.parse((await readEntry(entry)).toString('utf8')) as BackupHeader;
      break;
    }
  } catch {
    throw notBackup;
  } finally {
    source.destroy();
  }
  if (
    header?.format !== FORMAT ||
    typeof header.migrationVersion !== 'string' ||
    typeof header.counts?.entries !== 'number'
  ) {
    throw notBackup;
  }
  const latest = migrationFiles().at(-1)?.slice(0, 14) ?? '';
  if (header.formatVersion > FORMAT_VERSION || header.migrationVersion > latest) {
    throw new StackError(
      `The backup was made by a newer version of the site (database schema ${header.migrationVersion}, this copy knows up to ${latest}); update this copy (git pull, npm install) and restore again.`,
    );
  }
  return header;
}

async function readEntry(entry: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * One streaming pass: each entry goes to its place in the staging folder while its size and
 * sha256 are taken; at the end those must be exactly what the manifest lists, nothing missing
 * and nothing more.
 */
async function unpack(
  file: string,
  staging: string,
  header: BackupHeader,
  progress: Progress,
): Promise<Manifest> {
  const source = createReadStream(file);
  source.on('data', (chunk) => progress.addBytes(chunk.length));
  const extract = tar.extract();
  const reading = pipeline(source, extract);
  reading.catch(() => undefined);
  // A file cut short inside an entry fails the extractor, but the entry's own stream then
  // never ends: wait for either, whichever comes first.
  const readingFailed = reading.then(() => new Promise<never>(() => undefined));
  const untilReadingFails = <T>(work: Promise<T>) => Promise.race([work, readingFailed]);
  const found = new Map<string, EntryChecksum>();
  let manifestBytes: Buffer | undefined;
  let manifestChecksum: string | undefined;
  let position = 'at its start';
  try {
    for await (const entry of extract) {
      const { name, size, type } = entry.header;
      position = `inside ${name}`;
      const kind = entryKind(name);
      if (manifestChecksum !== undefined || (manifestBytes && kind !== 'manifest-checksum')) {
        throw damaged(`it holds ${name} after its manifest`);
      }
      if (type !== 'file' || !kind) throw damaged(`it holds ${name}, which no backup writes`);
      if (found.has(name)) throw damaged(`it holds ${name} twice`);
      if (kind === 'manifest') {
        if (size > MAX_MANIFEST_BYTES) throw damaged('its manifest is too large');
        manifestBytes = await untilReadingFails(readEntry(entry));
      } else if (kind === 'manifest-checksum') {
        if (!manifestBytes) throw damaged(`it holds ${name} before its manifest`);
        if (size > MAX_HEADER_BYTES) throw damaged(`its manifest's checksum is too large`);
        manifestChecksum = (await untilReadingFails(readEntry(entry))).toString('utf8');
      } else {
        // entryKind() admits only names that stay inside the staging folder; the extractor
        // writes a regular file of our own for each (type 'file' only, never a link).
        const path = join(staging, name);
        await mkdir(dirname(path), { recursive: true });
        const checksum = new ChecksumStream();
        const file = createWriteStream(path, { mode: kind === 'secrets' ? 0o600 : 0o644 });
        await untilReadingFails(pipeline(entry, checksum, file)).finally(() => file.destroy());
        found.set(name, { name, size: checksum.size, sha256: checksum.digest() });
      }
      position = `after ${name}`;
      progress.addFile();
    }
    await reading;
  } catch (error) {
    source.destroy();
    if (error instanceof StackError) throw error;
    if (/unexpected end|premature close/i.test((error as Error).message)) {
      throw incomplete(`it ends ${position} (the file was cut short; copy it again)`);
    }
    throw damaged(`it cannot be read ${position} (${(error as Error).message})`);
  }

  if (!manifestBytes)
    throw incomplete(
      `its manifest (${MANIFEST_ENTRY}, the last entry) is missing; the file was cut short`,
    );
  if (manifestChecksum === undefined && header.formatVersion >= MANIFEST_CHECKSUM_SINCE) {
    throw incomplete(
      `its manifest's checksum (${MANIFEST_CHECKSUM_ENTRY}, the last entry) is missing; the file was cut short`,
    );
  }
  if (
    manifestChecksum !== undefined &&
    manifestChecksum !== createHash('sha256').update(manifestBytes).digest('hex')
  ) {
    throw damaged(`its manifest (${MANIFEST_ENTRY}) does not match its checksum`);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8')) as Manifest;
  } catch {
    throw damaged(`its manifest (${MANIFEST_ENTRY}) cannot be read`);
  }
  if (
    ![manifest?.entries, manifest?.tables, manifest?.sequences, manifest?.migrations].every(
      Array.isArray,
    )
  ) {
    throw damaged(`its manifest (${MANIFEST_ENTRY}) cannot be read`);
  }
  if (
    manifest.createdAt !== header.createdAt ||
    manifest.migrationVersion !== header.migrationVersion
  ) {
    throw damaged(`its manifest (${MANIFEST_ENTRY}) does not belong to this backup`);
  }
  checkManifestNames(manifest, found);
  return manifest;
}

/**
 * The manifest is read from the archive, so it is trusted no further than it was checked: every
 * name it gives must be one this restore unpacked itself (a regular file inside the staging
 * folder) and checked against a checksum, each once. A name that climbs out (`../`), or points at
 * a FIFO, a device or a file of the database being built, is refused before anything is opened.
 */
function checkManifestNames(manifest: Manifest, found: Map<string, EntryChecksum>): void {
  const checked = new Set<string>();
  for (const expected of manifest.entries) {
    const name = String(expected?.name);
    if (checked.has(name)) throw damaged(`its manifest names ${name} twice`);
    const actual = found.get(name);
    if (!actual)
      throw entryKind(name)
        ? incomplete(`${name} is missing`)
        : damaged(`its manifest names ${name}, which no backup writes`);
    if (actual.size !== expected.size || actual.sha256 !== expected.sha256)
      throw damaged(`${name} does not match its checksum`);
    checked.add(name);
  }
  const extra = [...found.keys()].find((name) => !checked.has(name));
  if (extra) throw damaged(`it holds ${extra}, which its manifest does not list`);

  const loaded = new Set<string>();
  for (const table of manifest.tables) {
    const entry = String(table?.entry);
    if (entryKind(entry) !== 'table' || !checked.has(entry)) {
      throw damaged(
        `its manifest loads ${table?.schema}.${table?.name} from ${entry}, which is not a table dump of the archive`,
      );
    }
    if (loaded.has(entry)) throw damaged(`its manifest names ${entry} twice`);
    loaded.add(entry);
  }
}

/** The archive's schema must be one this copy builds: the same migrations up to its version. */
function checkMigrations(manifest: Manifest): void {
  const known = migrationFiles().map((file) => file.slice(0, 14));
  const unknown = manifest.migrations.filter((version) => !known.includes(version));
  const skipped = known.filter(
    (version) => version <= manifest.migrationVersion && !manifest.migrations.includes(version),
  );
  if (unknown.length > 0 || skipped.length > 0) {
    throw new StackError(
      `The backup's database was built by another version of the site (migrations ${[...unknown, ...skipped].join(', ')} differ); restore it with the version that made it.`,
    );
  }
}

/**
 * Builds the database in the staging folder: a new cluster, bootstrap and migrations through the
 * archive's version (what npm start does for a data directory an older release left; no seed and
 * no first superuser, which today's seed.sql might not even fit), then the archive's rows in place
 * of whatever the migrations wrote (buckets, the migration records).
 */
async function buildDatabase(staging: string, manifest: Manifest): Promise<void> {
  const secrets = await loadOrCreateSecrets(staging);
  const postgres = await startPostgres({
    dataDir: staging,
    port: await freePort(),
    password: secrets.postgresPassword,
  });
  try {
    await prepareDatabase(postgres.port, secrets, {
      migrationsThrough: manifest.migrationVersion,
      schemaOnly: true,
    });
    await loadRows(superuserConnection(postgres.port, secrets), staging, manifest);
  } finally {
    // Stopped cleanly, the cluster can move: it keeps no record of the folder it was built in.
    await postgres.stop();
  }
}

async function loadRows(
  connection: pg.ClientConfig,
  staging: string,
  manifest: Manifest,
): Promise<void> {
  const client = new pg.Client(connection);
  await client.connect();
  try {
    await client.query('begin');
    // Rows go in as they were: no triggers (they would stamp times, log events, check foreign
    // keys row by row). The snapshot was consistent, so the keys hold once all tables are in.
    await client.query('set local session_replication_role = replica');
    const tables = await listSiteTables(client);
    const describe = (table: { schema: string; name: string; columns: string[] }) =>
      `${table.schema}.${table.name} (${table.columns.join(', ')})`;
    const built = tables.map(describe).join('\n');
    const archived = manifest.tables.map(describe).join('\n');
    if (built !== archived) {
      throw new StackError(
        `The tables built for schema version ${manifest.migrationVersion} differ from the backup's; it was made by another build of the site.`,
      );
    }
    await client.query(`truncate ${tables.map(qualifiedName).join(', ')}`);
    for (const table of manifest.tables) {
      const copy = client.query(
        copyFrom(`copy ${qualifiedName(table)} (${columnList(table)}) from stdin`),
      );
      // unpack() admitted only table entries it wrote and checked itself.
      await pipeline(createReadStream(join(staging, table.entry)), copy);
      if (copy.rowCount !== table.rows)
        throw damaged(
          `${table.entry} holds ${copy.rowCount} rows, its manifest says ${table.rows}`,
        );
    }
    for (const sequence of manifest.sequences) {
      const name = qualifiedName(sequence);
      if (sequence.lastValue === null) await client.query(`alter sequence ${name} restart`);
      else
        await client.query(`select setval($1::regclass, $2::bigint, true)`, [
          name,
          sequence.lastValue,
        ]);
    }
    await client.query('commit');
  } finally {
    await client.end();
  }
}
