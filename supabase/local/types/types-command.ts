/**
 * `npm run types`: writes src/lib/backend/database.generated.ts from the migrations, from a
 * throwaway database with all of them applied (migrated-database.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { StackError } from '../errors';
import { GENERATED_TYPES_FILE, generateTypes } from './generate-types';
import { withMigratedDatabase } from './migrated-database';

function write(file: string, text: string): void {
  const before = readFileSync(file, { encoding: 'utf8', flag: 'a+' });
  writeFileSync(file, text);
  const name = relative(process.cwd(), file);
  process.stdout.write(before === text ? `${name} was up to date.\n` : `Wrote ${name}.\n`);
}

async function main(): Promise<void> {
  write(GENERATED_TYPES_FILE, await withMigratedDatabase(generateTypes));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof StackError ? error.message : `Generating the types failed: ${(error as Error).message}`}\n`,
  );
  process.exit(1);
});
