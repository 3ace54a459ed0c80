/**
 * stack_start_ms: the stack started on the run's existing data directory (everything the
 * other scenarios seeded) until the API first answers a read with 200 (the OpenAPI root,
 * /rest/v1/, is for the service key only, as when hosted). Median of three starts. The
 * process is the one `npm start` runs (build check, embedded Postgres, PostgREST, gateway),
 * on the bench's build (see support/stack-process.ts). Stops the bench's stack first.
 */
import { freePort } from '../../supabase/local/ports';
import type { Scenario } from '../support/context';
import { median, round } from '../support/metrics';
import { startStackProcess } from '../support/stack';

export const stackStart: Scenario = {
  name: 'stack-start',
  async run(bench) {
    const anonKey = bench.stack.anonKey;
    await bench.stack.stop();
    const times: number[] = [];
    for (let start = 0; start < 3; start++) {
      const port = await freePort();
      const started = performance.now();
      const ready = startStackProcess({
        dataDir: bench.dataDir,
        distDir: bench.distDir,
        adminPassword: bench.adminPassword,
        port,
      });
      ready.catch(() => undefined);
      let ms = 0;
      for (;;) {
        const response = await fetch(
          `http://127.0.0.1:${port}/rest/v1/photographer_profile?select=id&limit=1`,
          {
            headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
          },
        ).catch(() => null);
        if (response?.status === 200) {
          ms = performance.now() - started;
          await response.body?.cancel();
          break;
        }
        await response?.body?.cancel();
        if (performance.now() - started > 60_000)
          throw new Error('The stack did not answer within 60 s');
        await new Promise((done) => setTimeout(done, 20));
      }
      times.push(ms);
      await (await ready).stop();
    }
    bench.record('stack_start_ms', {
      value: round(median(times), 0),
      unit: 'ms',
      target: 5000,
      better: 'lower',
      note: `starts ${times.map((t) => round(t, 0)).join('/')} ms`,
    });
  },
};
