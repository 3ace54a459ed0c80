/**
 * The static snapshot's server: a second gateway of supabase/local/gateway/, the server the
 * stack answers pages with, with its distDir pointing at the snapshot folder (SNAPSHOT_DIR), so
 * the snapshot's files go out through the same sirv setup (the .br / .gz copies, the same
 * cache-control: immutable under /assets/, no-cache elsewhere) and with the same security
 * headers. The gateway answers nothing (503) until a backend is attached. The snapshot's pages
 * need none, but the gateway also writes a few files per request from the site's data (the web
 * app manifest a page names): it gets the stack's own API (BACKEND_URL, through the stack's
 * gateway, with the anon key), so those answers are the stack's too. Run as a child process,
 * like the stack (bench/support/stack-process.ts), so it shares no event loop with Lighthouse.
 * Prints one JSON line when ready; stops on SIGTERM/SIGINT or when the parent goes away.
 */
import { startGateway, type RunningGateway } from '../../supabase/local/gateway';

const running: { gateway?: RunningGateway } = {};
let stopping = false;

async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await running.gateway?.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
process.on('disconnect', () => void stop());

const gateway = await startGateway({
  host: '127.0.0.1',
  port: 0,
  distDir: process.env.SNAPSHOT_DIR!,
});
running.gateway = gateway;
const backend = process.env.BACKEND_URL!;
gateway.attach({
  postgrestUrl: `${backend}/rest/v1`,
  storageUrl: `${backend}/storage/v1`,
  anonKey: process.env.ANON_KEY!,
});
process.stdout.write(`${JSON.stringify({ url: gateway.url })}\n`);
