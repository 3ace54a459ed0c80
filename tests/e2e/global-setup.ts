import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBuild } from '../../supabase/local/build';
import { startTestStack } from '../support/start-test-stack';
import '../support/stack-context';

/**
 * One build, and one stack per worker: journeys of different files run side by side, each
 * worker's files one after another on a site of their own, so no file sees another's data
 * at the same time (tests/e2e/browser.ts journeyStack).
 */
export default async function setup(project: TestProject) {
  // A build of its own, so test runs never overwrite each other's (or npm start's) dist/.
  const distDir = ensureBuild(
    (line) => console.log(line),
    join(mkdtempSync(join(tmpdir(), 'photo-site-e2e-')), 'dist'),
  );
  const started = await Promise.allSettled(
    Array.from({ length: project.config.maxWorkers }, () => startTestStack({ distDir })),
  );
  const stacks = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async () => {
    for (const stack of stacks) await stack.stop();
    rmSync(join(distDir, '..'), { recursive: true, force: true });
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  project.provide(
    'journeyStacks',
    stacks.map((stack) => stack.context),
  );
  return stop;
}
