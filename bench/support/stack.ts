import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type pg from 'pg';

export interface StackProcess {
  url: string;
  anonKey: string;
  database: pg.ClientConfig;
  child: ChildProcess;
  /** Stops the stack (SIGTERM) and waits until its process has exited. */
  stop(): Promise<void>;
}

const ENTRY = join(import.meta.dirname, 'stack-process.ts');

/** Starts bench/support/stack-process.ts on a data directory and waits until it says it is ready. */
export function startStackProcess(options: {
  dataDir: string;
  distDir: string;
  adminPassword: string;
  port?: number;
}): Promise<StackProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: join(import.meta.dirname, '..', '..'),
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      DIST_DIR: options.distDir,
      ADMIN_PASSWORD: options.adminPassword,
      PORT: String(options.port ?? 0),
    },
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
      const ready = JSON.parse(line) as Pick<StackProcess, 'url' | 'anonKey' | 'database'>;
      resolve({ ...ready, child, stop });
    });
    child.once('exit', (code) => reject(new Error(`The stack process ended (exit code ${code}) before it was ready`)));
  });
}
