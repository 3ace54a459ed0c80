/**
 * `npm start`: the whole site on one machine, with the same contract as a hosted Supabase
 * project. Environment: PORT (default 8080), HOST (default 127.0.0.1), DATA_DIR (default
 * ./.data), ADMIN_PASSWORD (the first superuser's password; generated when unset); for the
 * gateway PUBLIC_URL, TRUST_PROXY and the RATE_LIMIT_* limits (supabase/local/gateway/settings.ts).
 */
import { resolve } from 'node:path';
import { ensureBuild } from './build';
import { StackError } from './errors';
import { isLoopbackListener } from './site-origin';
import { DEFAULT_HOST, startStack, type RunningStack } from './stack';

const log = (line: string) => process.stdout.write(`${line}\n`);

function portFromEnvironment(): number {
  const raw = process.env.PORT ?? '8080';
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new StackError(`PORT must be a number between 0 and 65535, not "${raw}".`);
  }
  return port;
}

async function main(): Promise<void> {
  const started = Date.now();
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  const port = portFromEnvironment();
  const adminPassword = process.env.ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < 6) {
    throw new StackError('ADMIN_PASSWORD must be at least 6 characters.');
  }
  const distDir = ensureBuild(log);

  const running: { stack?: RunningStack; stopping?: boolean } = {};
  const stop = async () => {
    if (running.stopping) return;
    running.stopping = true;
    log('\nStopping...');
    await running.stack?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  const stack = await startStack({ dataDir, port, host: process.env.HOST, adminPassword, distDir });
  running.stack = stack;

  log('');
  log(`  Site:   ${stack.url}/`);
  log(`  Admin:  ${stack.url}/admin`);
  if (stack.createdAdminPassword) {
    log(
      `  Login:  admin / ${adminPassword ? '(the ADMIN_PASSWORD you set)' : stack.createdAdminPassword}`,
    );
    if (!adminPassword) log('          This password is shown only once; write it down.');
  } else {
    log(
      '  Login:  admin (password as printed on first start; npm run admin:reset-password sets a new one)',
    );
  }
  log(`  Data:   ${dataDir}`);
  if (!process.env.PUBLIC_URL && !isLoopbackListener(process.env.HOST ?? DEFAULT_HOST)) {
    log(
      '  Note:   PUBLIC_URL is not set: link previews and the sitemap name this machine. For a public',
    );
    log('          site, set PUBLIC_URL to its address (e.g. https://photos.example.com).');
  }
  log(`  Ready in ${((Date.now() - started) / 1000).toFixed(1)} s. Press Ctrl+C to stop.`);
}

main().catch((error: unknown) => {
  if (error instanceof StackError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `The site could not start: ${(error as Error).message ?? String(error)}\n`,
    );
  }
  process.exit(1);
});
