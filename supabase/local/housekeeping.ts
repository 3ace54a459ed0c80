import pg from 'pg';

/**
 * Scheduled database chores of the local stack, as pg_cron runs them on a hosted project:
 * every minute, throttle rows past their window are removed, so no client address is kept
 * longer than the window that counts it (migration 20261127000200, docs/SECURITY.md class 7).
 */
const EVERY_MS = 60_000;

export interface RunningHousekeeping {
  stop(): Promise<void>;
}

export async function startHousekeeping(
  database: pg.ClientConfig,
  everyMs = EVERY_MS,
): Promise<RunningHousekeeping> {
  const pool = new pg.Pool({ ...database, max: 1 });
  pool.on('error', () => undefined);
  // A database left at an older release's schema (the upgrade tests) has nothing to sweep.
  const { rows } = await pool.query<{ found: boolean }>(
    `select to_regprocedure('private.forget_stale_attempts()') is not null as found`,
  );
  let running: Promise<unknown> = Promise.resolve();
  const timer = rows[0]?.found
    ? setInterval(() => {
        running = pool.query('select private.forget_stale_attempts()').catch((error: unknown) => {
          console.error(
            `Could not remove old throttle rows (tried again in a minute): ${(error as Error).message}`,
          );
        });
      }, everyMs)
    : undefined;
  timer?.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
      await pool.end();
    },
  };
}
