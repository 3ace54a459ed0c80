import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBuild } from '../../supabase/local/build';
import { startTestStack } from '../support/start-test-stack';
import '../support/stack-context';

export default async function setup(project: TestProject) {
  // A build of its own, so test runs never overwrite each other's (or npm start's) dist/.
  const distDir = ensureBuild(
    (line) => console.log(line),
    join(mkdtempSync(join(tmpdir(), 'photo-site-e2e-')), 'dist'),
  );
  const { context, stop } = await startTestStack({ distDir });
  project.provide('stack', context);
  return async () => {
    await stop();
    rmSync(join(distDir, '..'), { recursive: true, force: true });
  };
}
