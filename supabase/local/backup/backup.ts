/**
 * `npm run backup`: one archive (format.ts) of a site's database and uploaded objects, taken
 * while the site runs. The rows come from one REPEATABLE READ snapshot, dumped with COPY (the
 * embedded Postgres has no pg_dump); the objects are the files of the storage.objects rows in
 * that snapshot. Everything streams: memory does not grow with the size of tables or photos.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { StackError } from '../errors';
import { isSafeVersion } from '../storage/names';
import { objectFilePath } from '../storage/store-object';
import { ArchiveWriter } from './archive-writer';
import {
  defaultArchiveName,
  FORMAT,
  FORMAT_VERSION,
  HEADER_ENTRY,
  MANIFEST_CHECKSUM_ENTRY,
  MANIFEST_ENTRY,
  objectEntry,
  SECRETS_ENTRY,
  SITE_SCHEMAS,
  tableEntry,
  type BackupHeader,
  type Manifest,
  type SequenceState,
  type TableDump,
} from './format';
import { createProgress, type Progress } from './progress';
import { openSiteDatabase } from './site-database';
import { columnList, listSiteTables, qualifiedName } from './site-tables';

export interface BackupOptions {
  dataDir: string;
  /** Where to write the archive; default a dated name in the current folder. */
  file?: string;
  progress?: Progress;
}

export interface BackupResult {
  file: string;
  header: BackupHeader;
}

/** Attempts before giving up on a site whose photos keep changing under the backup. */
const ATTEMPTS = 3;

interface StoredObject {
  bucketId: string;
  name: string;
  version: string;
  path: string;
  size: number;
}

interface Snapshot {
  migrations: string[];
  tables: Array<TableDump & { path: string }>;
  sequences: SequenceState[];
  objects: Array<Omit<StoredObject, 'path' | 'size'>>;
}

/** An object's file went away after the snapshot was taken: deleted or replaced meanwhile. */
class ObjectChangedDuringBackup extends Error {}

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const dataDir = resolve(options.dataDir);
  const file = resolve(options.file ?? defaultArchiveName(new Date()));
  const progress = options.progress ?? createProgress();
  const database = await openSiteDatabase(dataDir);
  progress.note(
    database.siteRunning
      ? `Backing up the running site in ${dataDir}.`
      : `Backing up ${dataDir} (the site is not running; its database runs for the backup).`,
  );
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await writeBackup({ dataDir, file, progress, connection: database.connection });
      } catch (error) {
        if (!(error instanceof ObjectChangedDuringBackup)) throw error;
        if (attempt === ATTEMPTS) {
          throw new StackError(
            `${error.message}; the photos kept changing during ${ATTEMPTS} attempts, run the backup again later.`,
          );
        }
        progress.note(`${error.message}; starting again from a new snapshot.`);
      }
    }
  } finally {
    await database.close();
  }
}

async function writeBackup(options: {
  dataDir: string;
  file: string;
  progress: Progress;
  connection: pg.ClientConfig;
}): Promise<BackupResult> {
  const { dataDir, file, progress, connection } = options;
  const storageRoot = join(dataDir, 'storage');
  // Next to the archive (not in a tmpfs /tmp): the table dumps may be large. Only the owner may read it.
  const workDir = await mkdtemp(join(dirname(file), '.photo-site-backup-'));
  try {
    const createdAt = new Date();
    const snapshot = await dumpDatabase(connection, workDir);
    const objects = await locateObjects(snapshot.objects, storageRoot, connection);
    const rows = snapshot.tables.reduce((sum, table) => sum + table.rows, 0);
    const objectBytes = objects.reduce((sum, object) => sum + object.size, 0);
    progress.note(
      `Database: ${snapshot.tables.length} tables, ${rows} rows (one snapshot of ${createdAt.toISOString()}).`,
    );

    const header: BackupHeader = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: createdAt.toISOString(),
      migrationVersion: snapshot.migrations.at(-1) ?? '',
      counts: {
        tables: snapshot.tables.length,
        rows,
        objects: objects.length,
        objectBytes,
        entries: snapshot.tables.length + objects.length + 4,
      },
    };
    const partial = join(workDir, 'archive.tar');
    const archive = new ArchiveWriter(partial, createdAt);
    try {
      await archive.addBytes(HEADER_ENTRY, Buffer.from(JSON.stringify(header, null, 2)));
      for (const table of snapshot.tables) await archive.addFile(table.entry, table.path);
      await archive.addBytes(SECRETS_ENTRY, await readFile(join(dataDir, 'secrets.json')));

      progress.begin('Uploaded files', { files: objects.length, bytes: objectBytes });
      for (const object of objects) {
        await archive
          .addFile(objectEntry(object.bucketId, object.version), object.path, (count) =>
            progress.addBytes(count),
          )
          .catch(async (error: unknown) => {
            throw (error as NodeJS.ErrnoException).code === 'ENOENT'
              ? await missingFileError(object, connection)
              : error;
          });
        progress.addFile();
      }
      progress.end();

      const manifest: Manifest = {
        ...header,
        migrations: snapshot.migrations,
        tables: snapshot.tables.map(({ path: _path, ...table }) => table),
        sequences: snapshot.sequences,
        entries: archive.checksums,
      };
      await archive.addBytes(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
      await archive.addBytes(
        MANIFEST_CHECKSUM_ENTRY,
        Buffer.from(archive.checksums.at(-1)!.sha256),
      );
      await archive.finish();
    } catch (error) {
      archive.abort(error as Error);
      throw error;
    }
    // On disk before it replaces an older archive of the same name.
    const handle = await open(partial, 'r+');
    await handle.sync();
    await handle.close();
    await rename(partial, file);
    return { file, header };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Every table of the site's schemas, the sequences and the list of objects, from one snapshot. */
async function dumpDatabase(connection: pg.ClientConfig, workDir: string): Promise<Snapshot> {
  const client = new pg.Client(connection);
  await client.connect();
  try {
    // What pg_dump does: one read-only snapshot; writers are not blocked, and every table is
    // seen as of the same moment (a photo row and its album, an object row and its photo).
    await client.query('begin isolation level repeatable read, read only');
    const migrations = (
      await client.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations order by version',
      )
    ).rows.map((row) => row.version);
    const tables = await listSiteTables(client);
    const { rows: sequences } = await client.query<SequenceState>(
      `select schemaname::text as schema, sequencename::text as name, last_value::text as "lastValue"
         from pg_sequences where schemaname = any($1) order by 1, 2`,
      [SITE_SCHEMAS],
    );
    const { rows: objects } = await client.query<{
      bucketId: string;
      name: string;
      version: string;
    }>(
      `select bucket_id as "bucketId", name, version from storage.objects order by bucket_id, name`,
    );
    const dumped: Snapshot['tables'] = [];
    for (const table of tables) {
      const entry = tableEntry(table.schema, table.name);
      const path = join(workDir, entry.replace('/', '_'));
      const copy = client.query(
        copyTo(`copy (select ${columnList(table)} from ${qualifiedName(table)}) to stdout`),
      );
      await pipeline(copy, createWriteStream(path, { mode: 0o600 }));
      dumped.push({ ...table, rows: copy.rowCount, entry, path });
    }
    await client.query('commit');
    return { migrations, tables: dumped, sequences, objects };
  } finally {
    await client.end();
  }
}

/** Each object's file and size; a file missing already now means the snapshot is out of date, or the site is damaged. */
async function locateObjects(
  objects: Snapshot['objects'],
  storageRoot: string,
  connection: pg.ClientConfig,
): Promise<StoredObject[]> {
  const located: StoredObject[] = [];
  for (const object of objects) {
    if (!isSafeVersion(object.version)) {
      throw new StackError(
        `The object ${object.bucketId}/${object.name} has no stored file (version ${String(object.version)}).`,
      );
    }
    const path = objectFilePath(storageRoot, object.bucketId, object.version);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) throw await missingFileError({ ...object, path }, connection);
    located.push({ ...object, path, size: info.size });
  }
  return located;
}

/**
 * A file of the snapshot is gone. If its row is gone or points to a new version now, a delete
 * or replace happened after the snapshot began: try again with a new one. If the row still
 * points to it, the file is lost from the site itself: a backup that leaves it out would restore
 * a broken photo, so stop and say which.
 */
async function missingFileError(
  object: Omit<StoredObject, 'size'>,
  connection: pg.ClientConfig,
): Promise<Error> {
  const client = new pg.Client(connection);
  await client.connect();
  const { rows } = await client
    .query('select 1 from storage.objects where bucket_id = $1 and version = $2', [
      object.bucketId,
      object.version,
    ])
    .finally(() => client.end());
  const label = `${object.bucketId}/${object.name}`;
  if (rows.length === 0)
    return new ObjectChangedDuringBackup(`${label} was deleted or replaced while the backup ran`);
  return new StackError(
    `The file of ${label} is missing from ${object.path}, though the database still lists it; the site's storage is damaged (delete that photo in the admin area, or put the file back) and run the backup again.`,
  );
}
