import type { TestProject } from 'vitest/node';
import { sharedBuild } from '../support/shared-build';
import { startWorkerStacks } from '../support/start-test-stack';
import '../support/stack-context';

/**
 * One build, and one stack per worker: journeys of different files run side by side, each
 * worker's files one after another on a site of their own (tests/support/stack-context.ts).
 */
export default async function setup(project: TestProject) {
  // The build the other tests of these sources use too (never npm start's dist/).
  const distDir = await sharedBuild((line) => console.log(line));
  const { stacks, stop } = await startWorkerStacks(project.config.maxWorkers, { distDir });
  project.provide('stacks', stacks);
  return stop;
}
