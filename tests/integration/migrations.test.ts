import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationFiles } from '../../supabase/local/database';
import type { RunningStack } from '../../supabase/local/stack';
import { ownStacks } from '../support/own-stack';

/**
 * The migrations as `supabase db push` applies them to a new hosted project: every file, in
 * order, on a database that has only what a new project has (supabase/local/bootstrap.sql,
 * docs/deploy.md). And applied a second time (a push repeated by hand, or the SQL editor), each
 * is refused without changing anything, or changes nothing. A stack of its own, so the
 * second applications cannot disturb other tests.
 */

const migrationsDir = join(import.meta.dirname, '..', '..', 'supabase', 'migrations');
const own = ownStacks();
const dataDir = own.folder('migrations-test-');
let stack: RunningStack;
let db: pg.Client;

beforeAll(async () => {
  stack = await own.start(dataDir);
  db = new pg.Client(stack.database);
  await db.connect();
}, 60_000);

afterAll(async () => {
  await db?.end();
  await own.cleanup();
});

/**
 * What a migration can change: tables and columns, constraints, indexes, functions (body and
 * grants), policies, triggers, table grants, the buckets, and every row of schema public.
 */
async function fingerprint(): Promise<string[]> {
  const { rows } = await db.query<{ part: string; items: string[] }>(`
    with schemas(name) as (values ('public'), ('private'), ('storage'))
    select 'columns' as part, array_agg(format('%s.%s.%s %s %s %s', table_schema, table_name, column_name, data_type,
             is_nullable, column_default)) as items
      from information_schema.columns where table_schema in (select name from schemas)
    union all
    select 'constraints', array_agg(format('%s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid)))
      from pg_constraint where connamespace in (select oid from pg_namespace where nspname in (select name from schemas))
    union all
    select 'indexes', array_agg(indexdef) from pg_indexes where schemaname in (select name from schemas)
    union all
    select 'functions', array_agg(format('%s %s %s %s', p.oid::regprocedure, md5(pg_get_functiondef(p.oid)), p.proacl, p.proconfig))
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('public', 'private') and p.prokind in ('f', 'p')
    union all
    select 'policies', array_agg(format('%s.%s %s %s %s %s %s', schemaname, tablename, policyname, cmd, roles, qual, with_check))
      from pg_policies
    union all
    select 'triggers', array_agg(format('%s %s', tgrelid::regclass, pg_get_triggerdef(oid)))
      from pg_trigger where not tgisinternal
    union all
    select 'grants', array_agg(format('%s %s %s', c.oid::regclass, c.relacl, c.relrowsecurity))
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in (select name from schemas) and c.relkind in ('r', 'v', 'm', 'S', 'p')
    union all
    select 'buckets', array_agg(to_jsonb(b)::text) from storage.buckets b
  `);
  const { rows: tables } = await db.query<{ name: string }>(
    `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by 1`,
  );
  const data: string[] = [];
  for (const { name } of tables) {
    const { rows: content } = await db.query<{ rows: string }>(
      `select coalesce(string_agg(to_jsonb(t)::text, ',' order by to_jsonb(t)::text), '') as rows from public.${pg.escapeIdentifier(name)} t`,
    );
    data.push(`${name}: ${content[0]!.rows}`);
  }
  return [
    ...rows.flatMap((row) => (row.items ?? []).map((item) => `${row.part}: ${item}`)),
    ...data,
  ].sort();
}

/** What one fingerprint has that the other has not, both ways. */
function difference(before: string[], after: string[]) {
  const [was, is] = [new Set(before), new Set(after)];
  return {
    gone: before.filter((item) => !is.has(item)),
    added: after.filter((item) => !was.has(item)),
  };
}

/**
 * What each API role may do with each table, view, sequence and function of schema public, as
 * the database answers it (privileges granted directly, through PUBLIC or by membership).
 */
async function rights(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ line: string }>(`
    with roles(name) as (values ('anon'), ('authenticated'), ('service_role'))
    select format('%s %s %s', r.name, c.oid::regclass,
             concat_ws(',', case when has_table_privilege(r.name, c.oid, 'select') then 'select' end,
                            case when has_table_privilege(r.name, c.oid, 'insert') then 'insert' end,
                            case when has_table_privilege(r.name, c.oid, 'update') then 'update' end,
                            case when has_table_privilege(r.name, c.oid, 'delete') then 'delete' end)) as line
      from pg_class c cross join roles r
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'p')
    union all
    select format('%s %s %s', r.name, c.oid::regclass, has_sequence_privilege(r.name, c.oid, 'usage'))
      from pg_class c cross join roles r
     where c.relnamespace = 'public'::regnamespace and c.relkind = 'S'
    union all
    select format('%s %s %s', r.name, p.oid::regprocedure, has_function_privilege(r.name, p.oid, 'execute'))
      from pg_proc p cross join roles r
     where p.pronamespace = 'public'::regnamespace
  `);
  return rows.map((row) => row.line).sort();
}

describe('the migrations on a new project', () => {
  it('apply, every one, in the order of their versions', async () => {
    const { rows } = await db.query<{ version: string; name: string }>(
      'select version, name from supabase_migrations.schema_migrations order by version',
    );
    expect(rows.map((row) => `${row.version}_${row.name}.sql`)).toEqual(migrationFiles());
    expect(stack.migrationsApplied).toEqual(migrationFiles());
  });

  it('are not applied again by a second start', async () => {
    await db.end();
    await own.stop(stack);
    stack = await own.start(dataDir);
    db = new pg.Client(stack.database);
    await db.connect();
    expect(stack.migrationsApplied).toEqual([]);
  }, 60_000);

  it(
    'each, applied a second time, is refused and changes nothing, or changes nothing',
    { timeout: 120_000 },
    async () => {
      const before = await fingerprint();
      const outcomes: string[] = [];
      for (const file of migrationFiles()) {
        const sql = readFileSync(join(migrationsDir, file), 'utf8');
        await db.query('begin');
        try {
          await db.query(sql);
          // Applied without an error: it must have changed nothing (looked at before the rollback).
          expect(
            difference(before, await fingerprint()),
            `${file} changed the database when applied again`,
          ).toEqual({ gone: [], added: [] });
          outcomes.push(`${file}: no change`);
        } catch (error) {
          if ((error as Error).message.includes('changed the database')) throw error;
          outcomes.push(`${file}: refused (${(error as Error).message})`);
        } finally {
          await db.query('rollback');
        }
      }
      expect(difference(before, await fingerprint())).toEqual({ gone: [], added: [] });
      // Every outcome named, so a run shows what a repeated push meets.
      expect(outcomes).toHaveLength(migrationFiles().length);
    },
  );

  // A project made before 2026 starts with default grants to the API roles in public; a new
  // one with none (docs/deploy.md 3.1). The migrations must leave the same rights either way.
  it(
    'leave the API roles the same rights on a project with the older default grants',
    { timeout: 120_000 },
    async () => {
      const older = await own.start(own.folder('migrations-older-'), {
        olderProjectDefaults: true,
      });
      const olderDb = new pg.Client(older.database);
      try {
        await olderDb.connect();
        const [now, before] = [await rights(db), await rights(olderDb)];
        expect(difference(now, before)).toEqual({ gone: [], added: [] });
        // The service key may write what the owner's tools write (npm run move-originals).
        expect(now).toContain('service_role photos select,insert,update,delete');
        expect(now).toContain('service_role albums select,insert,update,delete');
      } finally {
        await olderDb.end();
        await own.stop(older);
      }
    },
  );
});
