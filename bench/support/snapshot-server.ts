import { join } from 'node:path';
import { startReadyProcess } from './ready-process';

export interface SnapshotServer {
  url: string;
  /** Stops the server (SIGTERM) and waits until its process has exited. */
  stop(): Promise<void>;
}

const ENTRY = join(import.meta.dirname, 'snapshot-server-process.ts');

/**
 * Starts bench/support/snapshot-server-process.ts on a snapshot folder, with the stack's API for
 * the files the gateway writes from the site's data, and waits until it says it is ready.
 */
export async function startSnapshotServer(
  folder: string,
  stack: { url: string; anonKey: string },
): Promise<SnapshotServer> {
  const { ready, stop } = await startReadyProcess<{ url: string }>(
    ENTRY,
    { SNAPSHOT_DIR: folder, BACKEND_URL: stack.url, ANON_KEY: stack.anonKey },
    'The snapshot server',
  );
  return { url: ready.url, stop };
}
