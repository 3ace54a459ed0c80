/**
 * The local stack as `npm start` runs it (supabase/local/start.ts: ensureBuild, then
 * startStack with durable Postgres settings), but serving the bench's own build, so a
 * benchmark never rebuilds the dist/ that `npm start` uses. Run as a child process so the
 * gateway does not share an event loop with the harness. Prints one JSON line when ready;
 * stops on SIGTERM/SIGINT or when the parent goes away.
 */
import { ensureBuild } from '../../supabase/local/build';
import { startStack, type RunningStack } from '../../supabase/local/stack';

const dataDir = process.env.DATA_DIR!;
const distDir = process.env.DIST_DIR!;
const running: { stack?: RunningStack } = {};
let stopping = false;

async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await running.stack?.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
process.on('disconnect', () => void stop());

ensureBuild(() => undefined, distDir);
const stack = await startStack({
  dataDir,
  port: Number(process.env.PORT ?? 0),
  adminPassword: process.env.ADMIN_PASSWORD,
  distDir,
});
running.stack = stack;
process.stdout.write(
  `${JSON.stringify({ url: stack.url, anonKey: stack.anonKey, database: stack.database })}\n`,
);
