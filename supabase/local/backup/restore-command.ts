/**
 * `npm run restore -- FILE [--force]`: brings a backup back into DATA_DIR (default ./.data),
 * which must be empty; --force replaces the site it holds (never a running one). Then
 * `npm start` runs the restored site, applying any migrations newer than the backup.
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { StackError } from '../errors';
import { restoreBackup } from './restore';

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1) throw new StackError('Usage: npm run restore -- FILE [--force]');
  const started = Date.now();
  const { dataDir, header } = await restoreBackup({
    // npm runs scripts in the project folder; FILE is relative to where the command was typed.
    file: resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!),
    dataDir: resolve(process.env.DATA_DIR ?? '.data'),
    force: values.force,
  });
  const { counts } = header;
  process.stdout.write(
    `Restored the backup of ${header.createdAt} into ${dataDir}: ${counts.rows} rows, ${counts.objects} files, in ${((Date.now() - started) / 1000).toFixed(1)} s.\n  Start the site with npm start (DATA_DIR=${dataDir}); the admin password is the one the backed-up site had.\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof StackError ? error.message : `The restore failed: ${(error as Error).message}`}\n`,
  );
  process.exit(1);
});
