import { spawn } from 'node:child_process';
import { join } from 'node:path';

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
export function startSnapshotServer(folder: string, stack: { url: string; anonKey: string }): Promise<SnapshotServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: join(import.meta.dirname, '..', '..'),
    env: { ...process.env, SNAPSHOT_DIR: folder, BACKEND_URL: stack.url, ANON_KEY: stack.anonKey },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
      if (!line || !output.includes('\n')) return;
      resolve({ ...(JSON.parse(line) as { url: string }), stop });
    });
    child.once('exit', (code) => reject(new Error(`The snapshot server ended (exit code ${code}) before it was ready`)));
  });
}
