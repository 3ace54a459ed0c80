import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lacks ResizeObserver, which Radix controls (Switch, Slider) use to measure themselves.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// findBy… and waitFor wait for what a person sees; a module's first import (sonner, loaded with
// the first toast) can take more than their default second when both cores are busy.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear();
});
