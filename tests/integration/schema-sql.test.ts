import { existsSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { dumpSchema, SCHEMA_FILE } from '../../supabase/local/schema/dump-schema';
import { withMigratedDatabase } from '../../supabase/local/types/migrated-database';

/**
 * supabase/schema.sql is where a reader finds a function's current body, a table's policies or
 * a column's grants without replaying the migrations. It must be what the migrations make. Its
 * own fresh database, not the run's shared stack: other test files change that one for a moment
 * (link-defaults.test.ts disables a trigger), which would show in the dump.
 */
it('keeps supabase/schema.sql what the migrations make', async () => {
  const committed = existsSync(SCHEMA_FILE) ? readFileSync(SCHEMA_FILE, 'utf8') : '';
  await withMigratedDatabase(async (client) => {
    expect(committed, 'the schema changed: run npm run types and commit supabase/schema.sql').toBe(
      await dumpSchema(client),
    );

    // What the dump cannot print fails it, rather than going missing from the file.
    await client.query('create materialized view public.unprintable as select 1 as one');
    await expect(dumpSchema(client)).rejects.toThrow(/materialized view public\.unprintable/);
  });
}, 120_000);
