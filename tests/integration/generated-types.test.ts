import { readFileSync } from 'node:fs';
import pg from 'pg';
import { expect, it } from 'vitest';
import { GENERATED_TYPES_FILE, generateTypes } from '../../supabase/local/types/generate-types';
import { workerStack } from '../support/stack-context';

/**
 * The app is typed from src/lib/backend/database.generated.ts (through database.types.ts). It
 * must be what the migrations make, or a changed column or RPC would still type-check.
 */
it('keeps src/lib/backend/database.generated.ts what the migrations make', async () => {
  const client = new pg.Client(workerStack().database);
  await client.connect();
  let fromDatabase: string;
  try {
    fromDatabase = await generateTypes(client);
  } finally {
    await client.end();
  }
  const committed = readFileSync(GENERATED_TYPES_FILE, 'utf8');
  expect(
    committed,
    'the schema changed: run npm run types and commit src/lib/backend/database.generated.ts',
  ).toBe(fromDatabase);
});
