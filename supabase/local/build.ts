import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { join, relative } from 'node:path';
import { StackError } from './errors';

const projectRoot = join(import.meta.dirname, '..', '..');
const INPUTS = [
  'src',
  'deploy',
  'src-sw',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.app.json',
  // What Vite reads into import.meta.env.
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
];
/** The environment the build reads (vite.config.ts), beside the .env files. */
const ENVIRONMENT = [
  'VITE_SUPABASE_URL',
  'VITE_SUPABASE_ANON_KEY',
  'SUPABASE_URL',
  'BUILD_SOURCEMAP',
];

function listFiles(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => listFiles(join(path, name)));
}

/** A hash of everything the build reads, so a changed source (or a fresh clone) rebuilds. */
export function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => listFiles(join(projectRoot, input)))) {
    hash.update(relative(projectRoot, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  for (const name of ENVIRONMENT) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  return hash.digest('hex');
}

/**
 * Builds the PWA into `distDir` (default dist/) when it is missing or older than its sources;
 * returns the folder.
 */
export function ensureBuild(
  log: (line: string) => void,
  distDir = join(projectRoot, 'dist'),
  wanted = sourceHash(),
): string {
  const stampFile = join(distDir, '.source-hash');
  if (
    existsSync(join(distDir, 'index.html')) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === wanted
  ) {
    return distDir;
  }
  log('Building the app (first start or changed sources)...');
  const viteBin = join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(viteBin))
    throw new StackError('Vite is not installed; run npm install and start again.');
  const result = spawnSync(
    process.execPath,
    [viteBin, 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'],
    {
      cwd: projectRoot,
      stdio: 'inherit',
      // Test runners set NODE_ENV=test, which would make Vite build React's development flavour.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  // The server side of the public pages' first visits (supabase/local/site-pages.ts), beside
  // the app in a folder the gateway never serves (a dot folder).
  const server =
    result.status === 0
      ? spawnSync(
          process.execPath,
          [
            viteBin,
            'build',
            '--ssr',
            'src/app/server/render-page.tsx',
            '--logLevel',
            'warn',
            '--outDir',
            join(distDir, SERVER_DIR),
            '--emptyOutDir',
          ],
          { cwd: projectRoot, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
        )
      : result;
  if (result.status !== 0 || server.status !== 0) {
    throw new StackError(
      'Building the app failed (see the messages above); fix the error or run npm ci, then start again.',
    );
  }
  precompress(distDir);
  writeFileSync(stampFile, wanted);
  return distDir;
}

/** The page renderer's folder in dist/: read by the server, never served (a dot folder). */
export const SERVER_DIR = '.server';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes a .br and a .gz copy beside every text asset, which the gateway serves to browsers
 * that accept them: the JS and CSS of the shell travel at about a third of their size.
 */
function precompress(distDir: string): void {
  // vercel.json and _headers are for static hosts, not served here.
  const served = (path: string) =>
    !relative(distDir, path)
      .split(/[\\/]/)
      .some((part) => part.startsWith('.'));
  for (const file of listFiles(distDir).filter(
    (path) => COMPRESSIBLE.test(path) && !path.endsWith('vercel.json') && served(path),
  )) {
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}
