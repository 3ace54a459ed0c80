import type { TestProject } from 'vitest/node';
import { startTestStack } from '../support/start-test-stack';
import '../support/stack-context';

export default async function setup(project: TestProject) {
  const { context, stop } = await startTestStack();
  project.provide('stack', context);
  return stop;
}
