import type pg from 'pg';

/** What a global setup hands to the tests about the stack it started. */
export interface StackContext {
  url: string;
  anonKey: string;
  database: pg.ClientConfig;
  adminPassword: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The unit and integration run's one stack. */
    stack: StackContext;
    /** The browser journeys' stacks, one per worker (tests/e2e/global-setup.ts). */
    journeyStacks: StackContext[];
  }
}
