/**
 * `npm run types`: writes what is generated from the migrations, from one throwaway database
 * with all of them applied (migrated-database.ts):
 *
 * - src/lib/backend/database.generated.ts, the database types the app is typed with;
 * - supabase/schema.sql, the schema as it is now, to read (supabase/local/schema/).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { StackError } from '../errors';
import { dumpSchema, SCHEMA_FILE } from '../schema/dump-schema';
import { GENERATED_TYPES_FILE, generateTypes } from './generate-types';
import { withMigratedDatabase } from './migrated-database';

function write(file: string, text: string): void {
  const before = readFileSync(file, { encoding: 'utf8', flag: 'a+' });
  writeFileSync(file, text);
  const name = relative(process.cwd(), file);
  process.stdout.write(before === text ? `${name} was up to date.\n` : `Wrote ${name}.\n`);
}

async function main(): Promise<void> {
  const { types, schema } = await withMigratedDatabase(async (client) => ({
    types: await generateTypes(client),
    schema: await dumpSchema(client),
  }));
  write(GENERATED_TYPES_FILE, types);
  write(SCHEMA_FILE, schema);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof StackError ? error.message : `Generating the types failed: ${(error as Error).message}`}\n`,
  );
  process.exit(1);
});
