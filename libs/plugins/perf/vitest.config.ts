import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../../vitest.shared.js';

// Files share one worker's module graph (isolate: false), as in core-tools-e2e and plugin-storage:
// each test builds its own server and app and stops them, no file mocks modules or changes
// process.env, and the plugin keeps no module-level state. The server's sources are imported once
// instead of once per file.
export default mergeConfig(shared, defineConfig({ root: import.meta.dirname, test: { isolate: false } }));
