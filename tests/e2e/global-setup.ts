import type { TestProject } from 'vitest/node';
import { ensureBuild } from '../../supabase/local/build';
import { startTestStack } from '../support/start-test-stack';
import '../support/stack-context';

export default async function setup(project: TestProject) {
  const distDir = ensureBuild((line) => console.log(line));
  const { context, stop } = await startTestStack({ distDir });
  project.provide('stack', context);
  return stop;
}
