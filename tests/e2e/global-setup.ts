import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBuild } from '../../supabase/local/build';
import { startWorkerStacks } from '../support/start-test-stack';
import '../support/stack-context';

/**
 * One build, and one stack per worker: journeys of different files run side by side, each
 * worker's files one after another on a site of their own (tests/support/stack-context.ts).
 */
export default async function setup(project: TestProject) {
  // A build of its own, so test runs never overwrite each other's (or npm start's) dist/.
  const distDir = ensureBuild(
    (line) => console.log(line),
    join(mkdtempSync(join(tmpdir(), 'photo-site-e2e-')), 'dist'),
  );
  const removeBuild = () => rmSync(join(distDir, '..'), { recursive: true, force: true });
  try {
    const { stacks, stop } = await startWorkerStacks(project.config.maxWorkers, { distDir });
    project.provide('stacks', stacks);
    return async () => {
      await stop();
      removeBuild();
    };
  } catch (error) {
    removeBuild();
    throw error;
  }
}
