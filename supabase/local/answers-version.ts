import pg from 'pg';

/**
 * The version of what kept answers were read from (private.answers_version(): the newest row of
 * private.answer_changes, one per writing statement, seen once its transaction commits:
 * migration 20261201000200), for the gateway's answer cache (gateway/plugins/answer-cache.ts).
 * Null when the database cannot be asked: then nothing is kept or given from memory.
 */
export interface AnswersVersion {
  read(): Promise<string | null>;
  stop(): Promise<void>;
}

export function answersVersion(database: pg.ClientConfig): AnswersVersion {
  // One question at a time is about 0.2 ms; two connections keep up with hundreds a second.
  const pool = new pg.Pool({ ...database, max: 2, connectionTimeoutMillis: 2_000 });
  pool.on('error', () => undefined);
  return {
    async read() {
      try {
        const { rows } = await pool.query<{ version: string }>(
          'select private.answers_version()::text as version',
        );
        return rows[0]?.version ?? null;
      } catch {
        return null;
      }
    },
    stop: () => pool.end(),
  };
}
