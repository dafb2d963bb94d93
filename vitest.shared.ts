import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Each project also writes a JSON report to dist/test-results/<project>.json, which
 * tools/scripts/run-tests.mjs sums into the final `N passed, N failed` line. Vitest runs in the
 * project folder (the `test` targets set cwd), so the project's name comes from its project.json;
 * elsewhere no report is written.
 */
function jsonReport(): { reporters: string[]; outputFile?: { json: string } } {
  const projectFile = join(process.cwd(), 'project.json');
  if (!existsSync(projectFile)) return { reporters: ['default'] };
  const { name } = JSON.parse(readFileSync(projectFile, 'utf8')) as { name: string };
  return { reporters: ['default', 'json'], outputFile: { json: join(import.meta.dirname, 'dist', 'test-results', `${name}.json`) } };
}

// One place for test semantics. Decorators are compiled without metadata, exactly as esbuild
// bundles them, so a missing @inject(TOKEN) fails here instead of in the shipped server.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: false } },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // failure-artifacts: screenshots of failed tests' windows, only when STAGEWRIGHT_TEST_ARTIFACTS is set (ADR-0023).
    // test-config-home: each test file's apps keep their default userData in a temporary XDG_CONFIG_HOME, never ~/.config.
    setupFiles: [
      'reflect-metadata',
      join(import.meta.dirname, 'libs/testing/fake-electron/src/failure-artifacts.ts'),
      join(import.meta.dirname, 'libs/testing/fake-electron/src/test-config-home.ts'),
    ],
    ...jsonReport(),
    // ADR-0023: runtime tags (libs/testing/fake-electron/src/runtime-tags.ts); an undeclared tag is an error.
    tags: [
      { name: 'stand-in-only', description: 'holds only on the fake-electron stand-in; skipped under a real Electron' },
      { name: 'real-electron-only', description: 'holds only on a real Electron; skipped on the stand-in' },
    ],
    testTimeout: 30_000,
    // Under CI (`npm test` sets CI=true) a failed test runs once more. A test that passes only on
    // its second run still passes, but run-tests names it as flaky next to the summary line, with
    // its first failure, so a flake is seen and fixed rather than hidden or turning CI red at random.
    retry: process.env.CI === 'true' ? 1 : 0,
    hookTimeout: 60_000,
  },
});
