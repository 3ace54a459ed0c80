import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../tests/support/chromium';

export interface DebuggableChromium {
  port: number;
  close(): Promise<void>;
}

/** Debian's Chromium with a DevTools port (what Lighthouse drives), in its own profile and process group. */
export function launchDebuggableChromium(): Promise<DebuggableChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'photo-site-bench-chromium-'));
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const close = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Gone.
    }
    rmSync(profile, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) resolve({ port: Number(match[1]), close });
    });
    child.once('exit', (code) =>
      reject(
        new Error(
          `Chromium exited (${code}) before opening its DevTools port: ${output.slice(-500)}`,
        ),
      ),
    );
  });
}
