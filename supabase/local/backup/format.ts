/**
 * The backup archive: one tar file, written and read as a stream.
 *
 *   backup.json                    what this is: format, schema version, created_at, counts
 *   db/{schema}.{table}.copy       each table's rows in COPY text format, one snapshot
 *   secrets.json                   this installation's keys and passwords
 *   storage/{bucket}/{version}     each stored object's bytes, as under DATA_DIR/storage
 *   manifest.json                  everything above again, with each entry's size and sha256
 *   manifest.sha256                the manifest's own sha256 (format 2 on; format 1 ends at the manifest)
 *
 * backup.json comes first so a restore refuses a foreign or newer archive before reading
 * gigabytes; the manifest comes last because only then are the checksums known, and its own
 * checksum after it because it cannot hold that.
 */
import { isSafeVersion } from '../storage/names';

export const FORMAT = 'photo-site-backup';
export const FORMAT_VERSION = 2;
/** The first format whose archives end with the manifest's checksum; older ones stay restorable. */
export const MANIFEST_CHECKSUM_SINCE = 2;

export const HEADER_ENTRY = 'backup.json';
export const SECRETS_ENTRY = 'secrets.json';
export const MANIFEST_ENTRY = 'manifest.json';
export const MANIFEST_CHECKSUM_ENTRY = 'manifest.sha256';

/** The schemas whose tables are the site's data (storage: buckets and objects; private: sessions, signing keys). */
export const SITE_SCHEMAS = ['public', 'private', 'storage', 'supabase_migrations'];

export interface BackupCounts {
  tables: number;
  rows: number;
  objects: number;
  objectBytes: number;
  /** Every entry of the archive, the manifest included. */
  entries: number;
}

export interface BackupHeader {
  format: typeof FORMAT;
  formatVersion: number;
  createdAt: string;
  /** The last migration the site's database had applied: its schema version. */
  migrationVersion: string;
  counts: BackupCounts;
}

export interface TableDump {
  schema: string;
  name: string;
  /** The columns in the dump, in order (generated columns are left out: the database computes them). */
  columns: string[];
  rows: number;
  entry: string;
}

export interface SequenceState {
  schema: string;
  name: string;
  /** As pg_sequences shows it; null when the sequence was never used. */
  lastValue: string | null;
}

export interface EntryChecksum {
  name: string;
  size: number;
  sha256: string;
}

export interface Manifest extends BackupHeader {
  /** Every applied migration version, to refuse an archive of a schema this code cannot build. */
  migrations: string[];
  tables: TableDump[];
  sequences: SequenceState[];
  /** Every entry but the manifest and its checksum, in archive order. */
  entries: EntryChecksum[];
}

export const tableEntry = (schema: string, name: string) => `db/${schema}.${name}.copy`;
export const objectEntry = (bucketId: string, version: string) => `storage/${bucketId}/${version}`;

const TABLE_ENTRY = /^db\/[A-Za-z0-9_$]+\.[A-Za-z0-9_$]+\.copy$/;
const OBJECT_ENTRY = /^storage\/([^/\\\0]+)\/([^/]+)$/;

/** The kind of an entry name, or undefined when no backup writes such a name (nothing else is ever written to disk). */
export function entryKind(
  name: string,
): 'header' | 'manifest' | 'manifest-checksum' | 'secrets' | 'table' | 'object' | undefined {
  if (name === HEADER_ENTRY) return 'header';
  if (name === MANIFEST_ENTRY) return 'manifest';
  if (name === MANIFEST_CHECKSUM_ENTRY) return 'manifest-checksum';
  if (name === SECRETS_ENTRY) return 'secrets';
  if (TABLE_ENTRY.test(name)) return 'table';
  const object = OBJECT_ENTRY.exec(name);
  if (object && !object[1]!.startsWith('.') && isSafeVersion(object[2])) return 'object';
  return undefined;
}

/** The default archive name: `photo-site-backup-2026-11-25T2310.tar` (local time, sorts by date). */
export function defaultArchiveName(now: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  const date = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  return `${FORMAT}-${date}T${two(now.getHours())}${two(now.getMinutes())}.tar`;
}
