import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../../vitest.shared.js';

// Tests here poll real apps (windows opening, IPC round trips) on a shared 2-core machine:
// expect.poll's one-second default is too tight under load.
export default mergeConfig(
  shared,
  defineConfig({ root: import.meta.dirname, test: { isolate: false, expect: { poll: { timeout: 10_000 } } } }),
);
