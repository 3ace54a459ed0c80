import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED_UNIT_FILES } from './isolated-files';

describe('unit files sharing one module graph', () => {
  it('leaves out every file that mocks a module, a global or the clock, which the files after it would see', () => {
    const mocking = readdirSync(join(import.meta.dirname))
      .filter((name) => /\.test\.tsx?$/.test(name))
      .map((name) => `tests/unit/${name}`)
      .filter((file) =>
        /\bvi\.((do)?mock|stubGlobal|stubEnv|useFakeTimers)\(/.test(readFileSync(file, 'utf8')),
      );
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((file) => !ISOLATED_UNIT_FILES.includes(file))).toEqual([]);
  });
});
