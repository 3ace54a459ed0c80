import type pg from 'pg';
import { inject } from 'vitest';

/** What a global setup hands to the tests about the stack it started. */
export interface StackContext {
  url: string;
  anonKey: string;
  database: pg.ClientConfig;
  adminPassword: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The run's stacks, one per worker (tests/support/start-test-stack.ts startWorkerStacks):
     * each worker's files run one after another on a site of their own, so no file sees
     * another's data at the same time.
     */
    stacks: StackContext[];
  }
}

/** The stack of the worker running this file. */
export function workerStack(): StackContext {
  const stacks = inject('stacks');
  return stacks[(Number(process.env.VITEST_POOL_ID ?? '1') - 1) % stacks.length]!;
}
