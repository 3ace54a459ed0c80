import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { superuserConnection } from '../database';
import { StackError } from '../errors';
import { freePort } from '../ports';
import { startPostgres } from '../postgres';
import { loadOrCreateSecrets } from '../secrets';
import { readStackState } from '../stack';

export interface SiteDatabase {
  connection: pg.ClientConfig;
  /** Whether the site was running (else its Postgres was started for this and stops in close()). */
  siteRunning: boolean;
  close(): Promise<void>;
}

/**
 * The superuser connection to a site's database: the running stack's Postgres when the site is
 * up (stack.json), else its embedded Postgres started alone until close().
 */
export async function openSiteDatabase(dataDir: string): Promise<SiteDatabase> {
  if (!existsSync(join(dataDir, 'secrets.json')) || !existsSync(join(dataDir, 'pg'))) {
    throw new StackError(
      `There is no site data in ${dataDir}; set DATA_DIR to the folder the site runs from.`,
    );
  }
  const secrets = await loadOrCreateSecrets(dataDir);
  const running = readStackState(dataDir);
  if (running) {
    return {
      connection: superuserConnection(running.databasePort, secrets),
      siteRunning: true,
      close: () => Promise.resolve(),
    };
  }
  const postgres = await startPostgres({
    dataDir,
    port: await freePort(),
    password: secrets.postgresPassword,
  });
  return {
    connection: superuserConnection(postgres.port, secrets),
    siteRunning: false,
    close: () => postgres.stop(),
  };
}
