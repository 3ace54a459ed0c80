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
    stack: StackContext;
  }
}
