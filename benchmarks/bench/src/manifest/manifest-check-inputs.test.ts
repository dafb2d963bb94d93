// `nx affected -t manifest-check` must replay manifest-check from cache when only code that cannot
// change tools/list moved (drivers, fixtures, other benchmarks), and re-measure when the tool,
// kernel, sdk or plugin sources or the baseline change. Nx decides that from the target's inputs.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const ENV = { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true', CI: 'true' };

function nx(args: string[]): string {
  return execFileSync(process.execPath, [path.join(ROOT, 'node_modules/nx/dist/bin/nx.js'), ...args], {
    cwd: ROOT,
    env: ENV,
    encoding: 'utf8',
  });
}

describe('manifest-check inputs', () => {
  let files: string[] = [];
  beforeAll(() => {
    files = (JSON.parse(nx(['show', 'target', 'inputs', 'bench:manifest-check', '--json'])) as { files: string[] }).files;
  });

  it('hash the sources that shape tools/list', () => {
    for (const dir of [
      'libs/sdk/src/',
      'libs/kernel/src/',
      'benchmarks/bench/src/manifest/',
      'tools/nx-plugin/src/executors/manifest-check/',
    ]) {
      expect(
        files.some((f) => f.startsWith(dir)),
        dir,
      ).toBe(true);
    }
    expect(files).toContain('libs/core-tools/src/index.ts');
  });

  it('leave out the driver, the test libraries, tests and the other benchmarks', () => {
    const unrelated = files.filter(
      (f) =>
        f.startsWith('libs/driver/') ||
        f.startsWith('libs/testing/') ||
        /\.test\.[cm]?[jt]s$/.test(f) ||
        (f.startsWith('benchmarks/bench/src/') && !f.startsWith('benchmarks/bench/src/manifest/')),
    );
    expect(unrelated).toEqual([]);
  });

  it('name the baseline and every plugin library, even before they exist', () => {
    const project = JSON.parse(nx(['show', 'project', 'bench', '--json'])) as {
      targets: Record<string, { inputs: unknown[] }>;
      namedInputs: Record<string, unknown[]>;
    };
    expect(project.targets['manifest-check'].inputs).toContain('{workspaceRoot}/manifest-baseline.json');
    expect(project.namedInputs.listingSources).toContain('{workspaceRoot}/libs/plugins/*/src/**/*.ts');
  });
});
