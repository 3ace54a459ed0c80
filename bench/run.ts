/**
 * `npm run bench`: every scenario of issue 6 against the production build and the real local
 * stack, in real headless Chromium. Seeds its own data in a temporary data directory, prints
 * the table (metric, value, target, pass/fail) and writes bench/results.json.
 *
 * BENCH_QUICK=1   small sizes, for developing a scenario (results are not written)
 * A scenario that fails loses only its own figures; results.json names it under run.failed.
 * BENCH_ONLY=a,b  only these scenarios (results are not written)
 * BENCH_LHR_DIR, BENCH_LH_THROTTLING, BENCH_LH_RUNS: see bench/scenarios/lighthouse.ts
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QueryResultRow } from 'pg';
import type { Browser } from 'playwright-core';
import { ensureBuild } from '../supabase/local/build';
import { launchChromium } from './support/chromium';
import { sqlPool } from '../tests/support/sql-pool';
import { adminBackend, type Bench, type Scenario } from './support/context';
import { formatTable, passes, type Metrics } from './support/metrics';
import { generatePhotos } from './support/photos';
import { startStackProcess, type StackProcess } from './support/stack';
import { abuse } from './scenarios/abuse';
import { bigAlbum } from './scenarios/big-album';
import { grid } from './scenarios/grid';
import { homeReads } from './scenarios/home-reads';
import { lighthouseScores } from './scenarios/lighthouse';
import { offlineOpen } from './scenarios/offline-open';
import { firstVisitCoverage } from './scenarios/first-visit-coverage';
import { publicJs } from './scenarios/public-js';
import { replay } from './scenarios/replay';
import { rpcPhotos } from './scenarios/rpc-photos';
import { stackStart } from './scenarios/stack-start';
import { upload } from './scenarios/upload';
import { zip } from './scenarios/zip';

// Order matters only for data: home-reads adds 1,000 albums, so it runs after the Lighthouse
// run of the home page; abuse fills the superuser's guessing count, so nothing after it signs
// in from a new device; stack-start stops the stack, so it runs last.
const SCENARIOS: Scenario[] = [
  publicJs,
  firstVisitCoverage,
  lighthouseScores,
  grid,
  offlineOpen,
  upload,
  zip,
  rpcPhotos,
  bigAlbum,
  homeReads,
  replay,
  abuse,
  stackStart,
];

const quick = process.env.BENCH_QUICK === '1';
const only = process.env.BENCH_ONLY?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = only?.filter((name) => !SCENARIOS.some((scenario) => scenario.name === name)) ?? [];
if (unknown.length > 0)
  throw new Error(
    `Unknown scenario(s) ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.name).join(', ')}`,
  );
const selected = only ? SCENARIOS.filter((scenario) => only.includes(scenario.name)) : SCENARIOS;
const complete = !quick && !only;

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const log = (line: string) => console.log(`[bench ${elapsed()}] ${line}`);

const work = mkdtempSync(join(tmpdir(), 'photo-site-bench-'));
// Run as root, Postgres runs as user 'postgres' and must be able to reach the data directory inside.
chmodSync(work, 0o755);
const dataDir = join(work, 'data');
const photosDir = join(work, 'photos');
mkdirSync(photosDir);
const adminPassword = randomBytes(9).toString('base64url');
const metrics: Metrics = {};
const failures: string[] = [];
let stack: StackProcess | undefined;
let browser: Browser | undefined;
let pool: ReturnType<typeof sqlPool> | undefined;

try {
  log('Building the app into a temporary folder...');
  // With source maps beside the files but not named in them (what is served stays the same):
  // first-visit-coverage traces each byte to its source.
  process.env.BUILD_SOURCEMAP = 'hidden';
  const distDir = ensureBuild(log, join(work, 'dist'));
  stack = await startStackProcess({ dataDir, distDir, adminPassword });
  log(`Stack on ${stack.url}`);
  const database = stack.database;
  pool = sqlPool({ ...database, max: 4 });
  browser = await launchChromium();
  const photos = await generatePhotos(browser, photosDir, quick ? 3 : 8);
  log(
    `Generated ${photos.length} JPEGs: ${photos.map((photo) => `${((photo.width * photo.height) / 1e6).toFixed(0)} MP ${(photo.bytes / 1e6).toFixed(1)} MB${photo.orientation === 1 ? '' : ` (EXIF ${photo.orientation})`}`).join(', ')}`,
  );
  const bench: Bench = {
    quick,
    work,
    dataDir,
    distDir,
    adminPassword,
    stack,
    browser,
    admin: await adminBackend(stack.url, stack.anonKey, adminPassword),
    photos,
    sql: async <Row extends QueryResultRow>(text: string, params: unknown[] = []) =>
      (await pool!.query<Row>(text, params)).rows,
    record(name, metric) {
      metrics[name] = metric;
      log(`${name} = ${metric.value} ${metric.unit}${metric.note ? ` (${metric.note})` : ''}`);
    },
    log,
  };
  for (const scenario of selected) {
    log(`— ${scenario.name}`);
    try {
      await scenario.run(bench);
    } catch (error) {
      failures.push(`${scenario.name}: ${(error as Error).stack ?? String(error)}`);
      log(`${scenario.name} failed: ${(error as Error).message}`);
    }
  }
} finally {
  await browser?.close().catch(() => undefined);
  await pool?.end().catch(() => undefined);
  await stack?.stop();
  rmSync(work, { recursive: true, force: true });
}

const minutes = (performance.now() - started) / 60_000;
console.log(`\n${formatTable(metrics)}\n`);
for (const [name, metric] of Object.entries(metrics))
  if (metric.note) console.log(`${name}: ${metric.note}`);
console.log(`\nFull run took ${minutes.toFixed(1)} min${quick ? ' (quick mode)' : ''}.`);
// A failed scenario loses only its own figures: the others are written, with the failure named.
if (complete) {
  const results = {
    metrics,
    run: {
      date: new Date().toISOString(),
      minutes: Math.round(minutes * 10) / 10,
      ...(failures.length > 0 && {
        failed: failures.map((failure) => failure.split('\n')[0]),
      }),
    },
  };
  writeFileSync(join(import.meta.dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(
    `Wrote bench/results.json${failures.length > 0 ? ` (without the figures of ${failures.length} failed scenario${failures.length === 1 ? '' : 's'})` : ''}`,
  );
}
for (const failure of failures) console.error(`\nScenario failed — ${failure}`);
const missed = Object.entries(metrics)
  .filter(([, metric]) => passes(metric) === false)
  .map(([name]) => name);
if (missed.length > 0) console.log(`Targets missed: ${missed.join(', ')}`);
process.exitCode = failures.length > 0 ? 1 : 0;
