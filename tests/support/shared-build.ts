import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureBuild, sourceHash } from '../../supabase/local/build';

const BUILDS = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'test-builds');
/** A build of other sources is removed once it is this old: no test run lasts that long. */
const STALE_MS = 60 * 60 * 1000;

/**
 * The production build of the sources as they are, shared by every test that serves one (the
 * browser journeys, the gateway's and the first visits' tests): built once per source hash into
 * node_modules/.cache/test-builds/<hash>/dist and only read after that, so files and runs side
 * by side can serve it at once. One process builds while the others wait; a CI run builds once
 * instead of four times. Tests never write into it.
 */
export async function sharedBuild(log: (line: string) => void = () => undefined): Promise<string> {
  const hash = sourceHash();
  const done = join(BUILDS, hash);
  const dist = join(done, 'dist');
  const lock = `${done}.lock`;
  mkdirSync(BUILDS, { recursive: true });
  while (!existsSync(done)) {
    if (!takeLock(lock)) {
      await sleep(250);
      continue;
    }
    try {
      if (existsSync(done)) break;
      // Built aside and moved in whole: a build is either complete under its hash or absent.
      const scratch = `${done}.building`;
      rmSync(scratch, { recursive: true, force: true });
      ensureBuild(log, join(scratch, 'dist'), hash);
      renameSync(scratch, done);
      removeStaleBuilds(hash);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return dist;
}

/** Takes the build lock (a folder: creating one is atomic), or takes over one its builder left behind. */
function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), String(process.pid));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (builderGone(lock)) rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

/** Whether the process holding the lock has ended (killed mid-build). */
function builderGone(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    // Taken a moment ago and its pid not yet written, or left so by a kill in between.
    const taken = statSync(lock, { throwIfNoEntry: false });
    return taken !== undefined && Date.now() - taken.mtimeMs > 60_000;
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

/** Removes what other sources' runs left (builds, and the scratch of a killed one) once stale. */
function removeStaleBuilds(current: string): void {
  for (const name of readdirSync(BUILDS)) {
    if (name.startsWith(current)) continue;
    const path = join(BUILDS, name);
    if (Date.now() - statSync(path).mtimeMs > STALE_MS)
      rmSync(path, { recursive: true, force: true });
  }
}
