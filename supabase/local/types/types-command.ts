/**
 * `npm run types`: writes src/lib/backend/database.generated.ts from the migrations. It starts
 * a throwaway PostgreSQL (not the site's, which may be running or hold other data), applies
 * every migration, generates the types from it, then stops it and removes its folder.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import pg from 'pg';
import { prepareDatabase, superuserConnection } from '../database';
import { StackError } from '../errors';
import { GENERATED_TYPES_FILE, generateTypes } from './generate-types';
import { freePort } from '../ports';
import { startPostgres } from '../postgres';
import { loadOrCreateSecrets } from '../secrets';

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'photo-site-types-'));
  try {
    const secrets = await loadOrCreateSecrets(dataDir);
    const postgres = await startPostgres({
      dataDir,
      port: await freePort(),
      password: secrets.postgresPassword,
      fast: true,
    });
    let text: string;
    try {
      await prepareDatabase(postgres.port, secrets, {});
      const client = new pg.Client(superuserConnection(postgres.port, secrets));
      await client.connect();
      try {
        text = await generateTypes(client);
      } finally {
        await client.end();
      }
    } finally {
      await postgres.stop();
    }
    const before = readFileSync(GENERATED_TYPES_FILE, { encoding: 'utf8', flag: 'a+' });
    writeFileSync(GENERATED_TYPES_FILE, text);
    const name = relative(process.cwd(), GENERATED_TYPES_FILE);
    process.stdout.write(before === text ? `${name} was up to date.\n` : `Wrote ${name}.\n`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof StackError ? error.message : `Generating the types failed: ${(error as Error).message}`}\n`,
  );
  process.exit(1);
});
