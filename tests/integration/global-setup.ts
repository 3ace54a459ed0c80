import type { TestProject } from 'vitest/node';
import { startWorkerStacks } from '../support/start-test-stack';
import '../support/stack-context';

/** One real local stack per worker (vitest.config.ts): integration files run two at a time. */
export default async function setup(project: TestProject) {
  const { stacks, stop } = await startWorkerStacks(project.config.maxWorkers);
  project.provide('stacks', stacks);
  return stop;
}
