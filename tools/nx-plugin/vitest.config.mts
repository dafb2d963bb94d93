import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// The plugin is plain CommonJS, loaded by Nx with require(). Specs are ESM (.mts) and load it the
// same way through createRequire, so they test the files exactly as Nx runs them.
export default mergeConfig(shared, defineConfig({ root: import.meta.dirname, test: { include: ['src/**/*.test.mts'] } }));
