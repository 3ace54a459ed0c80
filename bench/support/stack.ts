import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type pg from 'pg';
import { startReadyProcess } from './ready-process';

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
export async function startStackProcess(options: {
  dataDir: string;
  distDir: string;
  adminPassword: string;
  port?: number;
}): Promise<StackProcess> {
  const { ready, child, stop } = await startReadyProcess<
    Pick<StackProcess, 'url' | 'anonKey' | 'database'>
  >(
    ENTRY,
    {
      DATA_DIR: options.dataDir,
      DIST_DIR: options.distDir,
      ADMIN_PASSWORD: options.adminPassword,
      PORT: String(options.port ?? 0),
    },
    'The stack process',
  );
  return { ...ready, child, stop };
}
