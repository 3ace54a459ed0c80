import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface ReadyProcess<Ready> {
  /** What the process printed as its first JSON line. */
  ready: Ready;
  child: ChildProcess;
  /** Stops the process (SIGTERM) and waits until it has exited. */
  stop: () => Promise<void>;
}

/**
 * Runs a TypeScript file of the bench (with tsx) as a child process, so what it serves shares no
 * event loop with the harness or Lighthouse, and waits for the one JSON line it prints when ready.
 * BENCH_CPU_PROF_DIR=<folder> has it write a V8 CPU profile there when it stops (open it in
 * Chromium's DevTools), to see where a scenario's time goes in the gateway and storage service.
 */
export function startReadyProcess<Ready>(
  entry: string,
  env: Record<string, string>,
  what: string,
): Promise<ReadyProcess<Ready>> {
  const profile = process.env.BENCH_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', entry], {
    cwd: join(import.meta.dirname, '..', '..'),
    env: { ...process.env, ...env },
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
      resolve({ ready: JSON.parse(line) as Ready, child, stop });
    });
    child.once('exit', (code) =>
      reject(new Error(`${what} ended (exit code ${code}) before it was ready`)),
    );
  });
}
