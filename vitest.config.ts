import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import { ISOLATED_UNIT_FILES } from './tests/unit/isolated-files';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// Two workers on any machine: on two cores, the unit files run beside the integration files
// (which mostly wait for the database); each integration worker has a stack of its own, and
// more workers would start more stacks than a laptop wants. All projects must say the same.
const maxWorkers = 2;

const unitTest = { environment: 'jsdom', setupFiles: ['tests/unit/setup.ts'], maxWorkers };

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers,
    projects: [
      {
        resolve: { alias },
        test: {
          ...unitTest,
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: ISOLATED_UNIT_FILES,
          // One jsdom and one import of React and the app's modules for all these files, not
          // one per file: 15 s instead of 75 s, when setting up each file cost four times its
          // tests. They share no state: each cleans up what it renders and stores (setup.ts).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: { ...unitTest, name: 'unit-isolated', include: ISOLATED_UNIT_FILES },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/security/**/*.test.ts'],
          exclude: ['tests/security/**/*.browser.test.ts'],
          environment: 'node',
          maxWorkers,
          // A real local stack (Postgres, PostgREST, storage, gateway) per worker.
          globalSetup: ['tests/integration/global-setup.ts'],
          setupFiles: ['tests/integration/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
