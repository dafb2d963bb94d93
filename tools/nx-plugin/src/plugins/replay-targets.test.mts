// `nx affected -t replay` and the cache are only as right as the inferred targets: a spec must
// land in its own project, depend on the built runner, and hash its app's files.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { createNodesV2 } = require('./replay-targets.js');
const { replayEnv } = require('../executors/replay/executor.js');

function workspace(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'sw-nx-replay-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

describe('replay inferred targets', () => {
  it('gives each project with specs a cached replay target over all its specs and one per spec', async () => {
    const root = workspace({
      'apps/shop/project.json': '{}',
      'apps/shop/replay/login.replay.json': '{}',
      'apps/shop/replay/cart.replay.json': '{}',
      'stray/x.replay.json': '{}',
    });
    const [glob, create] = createNodesV2;
    expect(glob).toBe('**/*.replay.json');
    const results = await create(
      ['apps/shop/replay/login.replay.json', 'apps/shop/replay/cart.replay.json', 'stray/x.replay.json'],
      { electron: 'tools/electron/bin/run.cjs' },
      { workspaceRoot: root, nxJsonConfiguration: {} },
    );
    const merged = Object.assign({}, ...results.map(([, r]: [string, any]) => r.projects?.['apps/shop']?.targets ?? {}));
    expect(Object.keys(merged).sort()).toEqual(['replay', 'replay-cart', 'replay-login']);
    expect(merged.replay).toEqual({
      executor: './tools/nx-plugin:replay',
      cache: true,
      dependsOn: [{ projects: ['mcp-server'], target: 'build' }],
      inputs: [
        '{projectRoot}/**/*',
        { dependentTasksOutputFiles: '**/*.mjs' },
        { env: 'STAGEWRIGHT_ELECTRON' },
        { env: 'STAGEWRIGHT_TEST_ELECTRON' },
        '{workspaceRoot}/tools/electron/**/*',
      ],
      outputs: ['{workspaceRoot}/dist/replay/{projectName}/replay.xml'],
      options: {
        cwd: '{workspaceRoot}',
        runner: 'dist/apps/mcp-server/main.mjs',
        specs: ['{projectRoot}/replay/cart.replay.json', '{projectRoot}/replay/login.replay.json'],
        args: [],
        junit: 'dist/replay/{projectName}/replay.xml',
        env: { STAGEWRIGHT_ELECTRON: '{workspaceRoot}/tools/electron/bin/run.cjs' },
      },
      metadata: { description: 'Replay 2 specs through the stagewright runner' },
    });
    expect(merged['replay-login'].options).toMatchObject({
      specs: ['{projectRoot}/replay/login.replay.json'],
      junit: 'dist/replay/{projectName}/replay-login.xml',
    });
    // A spec outside every project makes no target.
    expect(
      results.filter(([file]: [string]) => file === 'stray/x.replay.json').flatMap(([, r]: [string, any]) => Object.keys(r.projects ?? {})),
    ).toEqual([]);
  });
});

describe('the test switch (ADR-0023) reaches replay runs', () => {
  const options = { runner: 'r.mjs', specs: [], env: { STAGEWRIGHT_ELECTRON: '/ws/stand-in.cjs', KEEP: '1' } };
  it("runs specs on the target's runtime when the switch is unset", () => {
    expect(replayEnv(options, { PATH: '/bin' })).toEqual({ PATH: '/bin', STAGEWRIGHT_ELECTRON: '/ws/stand-in.cjs', KEEP: '1' });
  });
  it("runs them on the switch's binary when it is set", () => {
    const env = replayEnv(options, { STAGEWRIGHT_TEST_ELECTRON: '/opt/electron/electron' });
    expect(env).toMatchObject({ STAGEWRIGHT_ELECTRON: '/opt/electron/electron', KEEP: '1' });
  });
});
