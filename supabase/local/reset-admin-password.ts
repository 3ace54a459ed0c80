/**
 * `npm run admin:reset-password`: sets a new password for the local superuser 'admin' (or
 * ADMIN_USERNAME), signs out its sessions, and prints the password. Uses ADMIN_PASSWORD when
 * set. Works whether or not the site is running.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setAdminPassword, superuserConnection } from './database';
import { StackError } from './errors';
import { freePort } from './ports';
import { startPostgres } from './postgres';
import { loadOrCreateSecrets } from './secrets';
import { readStackState } from './stack';

async function main(): Promise<void> {
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  if (!existsSync(join(dataDir, 'secrets.json'))) {
    throw new StackError(
      `There is no site data in ${dataDir}; run npm start first (or set DATA_DIR).`,
    );
  }
  const username = (process.env.ADMIN_USERNAME ?? 'admin').toLowerCase();
  const password = process.env.ADMIN_PASSWORD || randomBytes(12).toString('base64url');
  const secrets = await loadOrCreateSecrets(dataDir);
  const running = readStackState(dataDir);
  if (running) {
    await setAdminPassword(superuserConnection(running.databasePort, secrets), username, password);
  } else {
    const postgres = await startPostgres({
      dataDir,
      port: await freePort(),
      password: secrets.postgresPassword,
    });
    try {
      await setAdminPassword(superuserConnection(postgres.port, secrets), username, password);
    } finally {
      await postgres.stop();
    }
  }
  process.stdout.write(
    `New password for ${username}: ${process.env.ADMIN_PASSWORD ? '(the ADMIN_PASSWORD you set)' : password}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof StackError ? error.message : `Resetting the password failed: ${(error as Error).message}`}\n`,
  );
  process.exit(1);
});
