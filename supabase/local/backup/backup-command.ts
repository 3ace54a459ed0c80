/**
 * `npm run backup -- [FILE]`: writes one archive of the site in DATA_DIR (default ./.data): its
 * database, uploaded photos and keys. Works while the site runs. Without FILE, a dated name in
 * the current folder. The archive holds the site's keys: keep it as private as DATA_DIR.
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { StackError } from '../errors';
import { createBackup } from './backup';
import { defaultArchiveName } from './format';
import { formatBytes } from './progress';

async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length > 1) throw new StackError('Usage: npm run backup -- [FILE]');
  const started = Date.now();
  // npm runs scripts in the project folder; the archive goes where the command was typed.
  const here = process.env.INIT_CWD ?? process.cwd();
  const file = resolve(here, positionals[0] ?? defaultArchiveName(new Date()));
  const { header } = await createBackup({
    dataDir: resolve(process.env.DATA_DIR ?? '.data'),
    file,
  });
  const { counts } = header;
  process.stdout.write(
    `Backup written: ${file}\n  ${counts.tables} tables, ${counts.rows} rows, ${counts.objects} files (${formatBytes(counts.objectBytes)}), in ${((Date.now() - started) / 1000).toFixed(1)} s.\n  It holds the site's keys and every photo: keep it private.\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof StackError ? error.message : `The backup failed: ${(error as Error).message}`}\n`,
  );
  process.exit(1);
});
