import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys: real Chromium (Debian's, driven by playwright-core) against the built
// app on the real local stack. One stack, one file at a time.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/e2e/**/*.test.ts', 'tests/security/**/*.browser.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
