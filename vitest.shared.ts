import { defineConfig } from 'vitest/config';

// One place for test semantics. Decorators are compiled without metadata, exactly as esbuild
// bundles them, so a missing @inject(TOKEN) fails here instead of in the shipped server.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: false } },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['reflect-metadata'],
    reporters: ['default'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
