import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { POSTGREST_EXPOSED } from '../../supabase/local/postgrest';
import { DEFAULT_LIMITS } from '../../supabase/local/storage/context';
import { sql } from './helpers';

/**
 * supabase/config.toml is what the Supabase CLI reads for `supabase link` / `supabase db push`
 * on a hosted project; the embedded stack has its own settings. The two must describe the same
 * site, and the folder must be laid out as the CLI expects (docs/deploy.md, section 6).
 */

const supabaseDir = join(import.meta.dirname, '..', '..', 'supabase');
const config = parse(readFileSync(join(supabaseDir, 'config.toml'), 'utf8')) as {
  project_id: string;
  api: { schemas: string[]; max_rows: number; auto_expose_new_tables: boolean };
  db: { seed: { enabled: boolean; sql_paths: string[] }; migrations: { enabled: boolean } };
  storage: { file_size_limit: string };
};

/** The CLI's size strings ('50MiB', '5MB', '500KB') in bytes. */
function bytes(size: string): number {
  const match = /^(\d+)\s*(B|KB|MB|GB|KiB|MiB|GiB)$/.exec(size);
  if (!match) throw new Error(`not a size: ${size}`);
  const units: Record<string, number> = {
    B: 1,
    KB: 1e3,
    MB: 1e6,
    GB: 1e9,
    KiB: 1024,
    MiB: 1024 ** 2,
    GiB: 1024 ** 3,
  };
  return Number(match[1]) * units[match[2]!]!;
}

describe('supabase/config.toml and the folder the Supabase CLI reads', () => {
  it('names the project and applies the migrations and the seed', () => {
    expect(config.project_id).toMatch(/^[a-z0-9-]+$/);
    expect(config.db.migrations.enabled).toBe(true);
    expect(config.db.seed.enabled).toBe(true);
    for (const path of config.db.seed.sql_paths)
      expect(existsSync(join(supabaseDir, path)), path).toBe(true);
  });

  it('holds only migration files the CLI takes, each named <version>_<name>.sql', () => {
    // The CLI reads ^([0-9]+)_(.*)\.sql$ and skips anything else: a file it would skip is a
    // migration that hosted projects would never get.
    const files = readdirSync(join(supabaseDir, 'migrations'));
    expect(files.filter((name) => !/^\d{14}_[a-z0-9_]+\.sql$/.test(name))).toEqual([]);
    expect(new Set(files.map((name) => name.slice(0, 14))).size).toBe(files.length);
  });

  it('exposes what the embedded PostgREST exposes', () => {
    expect(config.api.schemas).toEqual(POSTGREST_EXPOSED.schemas);
    expect(config.api.max_rows).toBe(POSTGREST_EXPOSED.maxRows);
    // Every grant is in the migrations, as the local bootstrap has no default privileges.
    expect(config.api.auto_expose_new_tables).toBe(false);
  });

  it('allows the same upload size as the buckets and the embedded storage service', async () => {
    const limit = bytes(config.storage.file_size_limit);
    expect(limit).toBe(DEFAULT_LIMITS.fileSizeLimit);
    const buckets = await sql<{ id: string; file_size_limit: string }>(
      'select id, file_size_limit::text from storage.buckets order by id',
    );
    expect(buckets.map((bucket) => bucket.id)).toEqual(['originals', 'photos']);
    for (const bucket of buckets) expect(Number(bucket.file_size_limit), bucket.id).toBe(limit);
  });
});
