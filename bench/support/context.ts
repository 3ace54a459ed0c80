import type pg from 'pg';
import type { Browser } from 'playwright-core';
import WebSocket from 'ws';
import { adminLogin } from '../../src/lib/backend/admin-auth';
import { createBackend, type AdminCredentials, type Backend } from '../../src/lib/backend/client';
import type { Metric } from './metrics';
import type { GeneratedPhoto } from './photos';
import type { StackProcess } from './stack';

/** What every scenario gets: the running stack, a browser, the generated photos, and a place to put results. */
export interface Bench {
  /** BENCH_QUICK=1: small sizes, for developing a scenario; results are not comparable. */
  quick: boolean;
  /** Temporary folder of this run (removed at the end). */
  work: string;
  dataDir: string;
  distDir: string;
  adminPassword: string;
  stack: StackProcess;
  browser: Browser;
  /** A backend client signed in as the superuser (Node side). */
  admin: Backend;
  /** Real 12–24 MP JPEGs, some with an EXIF orientation, made at the start of the run. */
  photos: GeneratedPhoto[];
  sql<Row extends pg.QueryResultRow = Record<string, unknown>>(
    text: string,
    params?: unknown[],
  ): Promise<Row[]>;
  record(name: string, metric: Metric): void;
  log(line: string): void;
}

export interface Scenario {
  name: string;
  run(bench: Bench): Promise<void>;
}

export async function adminBackend(
  url: string,
  anonKey: string,
  password: string,
): Promise<Backend> {
  let credentials: AdminCredentials | null = null;
  const backend = createBackend(
    { supabaseUrl: url, supabaseAnonKey: anonKey },
    { credentials: () => credentials, realtimeTransport: WebSocket },
  );
  const token = await adminLogin(backend, 'admin', password);
  if (!token) throw new Error('The bench could not sign in as admin');
  credentials = { username: 'admin', token };
  return backend;
}

/** Runs async work over items, a few at a time. */
export async function inParallel<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
