import pg from 'pg';

/**
 * A pool of superuser (or `options`-role) connections for tests and the bench to set up data
 * and read what the database holds. It ignores the error an idle connection gets when its
 * stack stops: pg's pool.end() resolves once it has asked each connection to close, not once
 * the sockets have closed, so a stack stopped right after can still send a connection its
 * 'terminating connection due to administrator command', which an error-less pool would
 * throw as an uncaught exception (and fail a green run).
 */
export function sqlPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('error', () => undefined);
  return pool;
}
