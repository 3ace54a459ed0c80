import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys: real Chromium (Debian's, driven by playwright-core) against the built
// app on the real local stack. Files run side by side, each worker on a stack of its own
// (tests/e2e/global-setup.ts): a journey mostly waits (for the network, the database, the
// browser), so two share two cores well; with three, a clean-clone run reached a load of 16
// and a journey's 20 s wait timed out. E2E_WORKERS=1 runs them one at a time.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/e2e/**/*.test.ts', 'tests/security/**/*.browser.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    // A worker's files share one module graph: playwright-core, the stack's clients and the
    // browser are loaded once per worker, not once per file (import time 74 s -> 6 s over a
    // whole run, 617 s -> 562 s). They share no state a journey relies on: each journey opens a
    // new browser profile and seeds fresh, uniquely named data (tests/e2e/public-seed.ts).
    isolate: false,
    // Journeys share two cores: a long one (twenty uploads) can take over a minute.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits for what a person sees; on a busy machine that can take more than the
    // default second.
    expect: { poll: { timeout: 10_000 } },
  },
});
