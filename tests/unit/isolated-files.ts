/**
 * Unit files that need a module graph of their own: they mock modules, globals or the clock
 * (vi.mock, vi.stubGlobal, vi.useFakeTimers), or they read state a module keeps from its first
 * import (the toasts). tests/unit/unit-isolation.test.ts fails when a mocking file is missing.
 */
export const ISOLATED_UNIT_FILES = [
  'tests/unit/change-registry.test.ts',
  'tests/unit/content-form-dialog.test.tsx',
  'tests/unit/home-page.test.tsx',
  'tests/unit/login-page.test.tsx',
  'tests/unit/offline-albums.test.ts',
  'tests/unit/outbox-failures.test.ts',
  'tests/unit/query-client.test.ts',
  'tests/unit/rendition-worker.test.ts',
  'tests/unit/renditions-at-once.test.ts',
  'tests/unit/streamed-photo-list.test.ts',
  'tests/unit/toast.test.tsx',
  'tests/unit/upload-pipeline.test.ts',
  'tests/unit/upload-progress.test.ts',
];
