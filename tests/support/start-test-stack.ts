import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack, type RunningStack } from '../../supabase/local/stack';
import type { StackContext } from './stack-context';

/**
 * Starts the real local stack on a throwaway data directory and a free port.
 * Returns what tests need and a function that stops everything and removes the data.
 */
export async function startTestStack(options: { distDir?: string } = {}): Promise<{
  context: StackContext;
  stop: () => Promise<void>;
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'photo-site-test-'));
  const adminPassword = randomBytes(9).toString('base64url');
  let stack: RunningStack;
  try {
    stack = await startStack({
      dataDir,
      port: 0,
      fast: true,
      adminPassword,
      distDir: options.distDir,
      housekeepingEveryMs: 1000,
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    context: { url: stack.url, anonKey: stack.anonKey, database: stack.database, adminPassword },
    stop: async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One stack per worker of a test project (its global setup), all stopped by the function it
 * returns; if one fails to start, the others are stopped and the failure is thrown.
 */
export async function startWorkerStacks(
  workers: number,
  options: { distDir?: string } = {},
): Promise<{ stacks: StackContext[]; stop: () => Promise<void> }> {
  const started = await Promise.allSettled(
    Array.from({ length: workers }, () => startTestStack(options)),
  );
  const running = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  const stop = async () => {
    for (const stack of running) await stack.stop();
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { stacks: running.map((stack) => stack.context), stop };
}
