import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// `bench:failure-path` only: the measurement is a figure, not a test `npm test` runs. Arrays
// merge, so the include, reporters and report file are set after merging.
const config = mergeConfig(shared, defineConfig({ root: import.meta.dirname }));
config.test = { ...config.test, include: ['src/failure-path/*.measure.ts'], reporters: ['default'], outputFile: undefined };
export default config;
