// Spec files arrive in pull requests: the Nx replay targets must treat their names as file names, never as shell text.
//
// Each hostile name (a `;` chain, `$()`, backticks, both quotes, spaces, a newline) names a real
// spec whose command, if a shell ever parsed the name, would create a marker file. The inferred
// targets are run as Nx runs them (their executor with Nx's tokens resolved): the aggregate one
// replays every spec and passes, a per-spec one with a broken spec fails as an invalid spec
// does, and no marker appears.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAKE_ELECTRON_BIN } from '@stagewright/fake-electron';
import { benchApp } from '@stagewright/fixtures/bench';

const require = createRequire(import.meta.url);
const WORKSPACE = resolve(import.meta.dirname, '../../..');
const { createNodesV2 } = require(join(WORKSPACE, 'tools/nx-plugin/src/plugins/replay-targets.js'));
const EXECUTORS = require(join(WORKSPACE, 'tools/nx-plugin/executors.json')).executors as Record<string, { implementation: string }>;

/** Names that run `touch <marker>` when a shell reads them. */
const HOSTILE = {
  semicolon: 'a;touch MARK-semicolon;#',
  substitution: '$(touch MARK-substitution)',
  backticks: '`touch MARK-backticks`',
  quotes: `q'"; touch MARK-quotes; #`,
  spaces: 'two words && touch MARK-spaces',
  newline: 'line\ntouch MARK-newline',
} as const;

interface Target {
  executor: string;
  options: Record<string, unknown>;
}

/** What Nx does to inferred options before running them (project-configuration target normalization). */
function resolveTokens(value: unknown, project: { root: string; name: string }): unknown {
  if (typeof value === 'string')
    return value
      .replace(/^\{workspaceRoot\}\/?/, '')
      .replace(/\{projectRoot\}/g, project.root)
      .replace(/\{projectName\}/g, project.name);
  if (Array.isArray(value)) return value.map((v) => resolveTokens(v, project));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveTokens(v, project)]));
  return value;
}

/** Runs a target of `project` the way Nx would: our own executors by implementation, run-commands through a shell. */
async function run(target: Target, root: string, project: string): Promise<boolean> {
  const options = resolveTokens(target.options, { root: `apps/${project}`, name: project }) as Record<string, unknown>;
  if (target.executor === 'nx:run-commands') {
    const env = { ...process.env, ...((options.env as Record<string, string>) ?? {}) };
    return spawnSync('/bin/sh', ['-c', String(options.command)], { cwd: root, env, stdio: 'inherit' }).status === 0;
  }
  const name = target.executor.replace(/^\.\/tools\/nx-plugin:/, '');
  const executor = require(join(WORKSPACE, 'tools/nx-plugin', EXECUTORS[name].implementation));
  return (await executor(options, { root })).success;
}

const BROKEN = 'broken;touch MARK-broken';

/** A workspace with project `shop` (a valid spec under each hostile name) and `broken` (one invalid spec). */
function workspace(): { root: string; specs: string[] } {
  const root = mkdtempSync(join(tmpdir(), 'sw-replay-names-'));
  for (const project of ['shop', 'broken']) {
    mkdirSync(join(root, `apps/${project}/replay`), { recursive: true });
    writeFileSync(join(root, `apps/${project}/project.json`), '{}');
  }
  mkdirSync(join(root, 'dist/apps'), { recursive: true });
  symlinkSync(join(WORKSPACE, 'dist/apps/mcp-server'), join(root, 'dist/apps/mcp-server'));
  mkdirSync(join(root, 'tools'));
  symlinkSync(FAKE_ELECTRON_BIN, join(root, 'tools/electron.cjs'));
  const greet = JSON.parse(readFileSync(join(benchApp.dir, 'replay/greet.replay.json'), 'utf8'));
  delete greet.$schema;
  greet.app.main = benchApp.dir;
  const specs = Object.values(HOSTILE).map((name) => `apps/shop/replay/${name}.replay.json`);
  for (const spec of specs) writeFileSync(join(root, spec), JSON.stringify(greet));
  const broken = `apps/broken/replay/${BROKEN}.replay.json`;
  writeFileSync(join(root, broken), '{"format": "stagewright-replay/1"}');
  return { root, specs: [...specs, broken] };
}

describe('replay targets with hostile spec names', () => {
  it('replay every spec by its name and run nothing else', { timeout: 180_000 }, async () => {
    const { root, specs } = workspace();
    const results: [string, { projects?: Record<string, { targets: Record<string, Target> }> }][] = await createNodesV2[1](
      specs,
      { electron: 'tools/electron.cjs' },
      { workspaceRoot: root, nxJsonConfiguration: {} },
    );
    const targetsOf = (project: string): Record<string, Target> =>
      Object.assign({}, ...results.map(([, r]) => r.projects?.[`apps/${project}`]?.targets ?? {}));
    const markers = () => [...Object.keys(HOSTILE), 'broken'].filter((m) => existsSync(join(root, `MARK-${m}`)));

    // Every hostile-named valid spec in one run: each replays and passes.
    const passed = await run(targetsOf('shop').replay, root, 'shop');
    expect(markers()).toEqual([]);
    expect(passed).toBe(true);
    expect(readFileSync(join(root, 'dist/replay/shop/replay.xml'), 'utf8')).toContain('tests="6" failures="0" errors="0"');
    // The invalid spec's own target fails as an invalid spec does.
    expect(await run(targetsOf('broken')[`replay-${BROKEN}`], root, 'broken')).toBe(false);
    expect(readFileSync(join(root, `dist/replay/broken/replay-${BROKEN}.xml`), 'utf8')).toContain('errors="1"');
    expect(markers()).toEqual([]);
  });
});
