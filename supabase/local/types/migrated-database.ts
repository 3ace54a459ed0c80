/**
 * A throwaway PostgreSQL with every migration applied, for what is generated from the schema
 * (`npm run types`, and the tests that check what it wrote). Not the site's database, which may
 * be running or hold other data: a new data directory under the system's temp folder, removed
 * afterwards, with the bootstrap and the migrations as a new site gets them (no seed, no admin).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { prepareDatabase, superuserConnection } from '../database';
import { freePort } from '../ports';
import { startPostgres } from '../postgres';
import { loadOrCreateSecrets } from '../secrets';

/** Runs `work` on a superuser connection to a freshly migrated database, then removes it. */
export async function withMigratedDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'photo-site-schema-'));
  try {
    const secrets = await loadOrCreateSecrets(dataDir);
    const postgres = await startPostgres({
      dataDir,
      port: await freePort(),
      password: secrets.postgresPassword,
      fast: true,
    });
    try {
      await prepareDatabase(postgres.port, secrets, { schemaOnly: true });
      const client = new pg.Client(superuserConnection(postgres.port, secrets));
      await client.connect();
      try {
        return await work(client);
      } finally {
        await client.end();
      }
    } finally {
      await postgres.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
