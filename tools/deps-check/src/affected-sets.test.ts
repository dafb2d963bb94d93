// CI runs only what a change affects (`nx affected`, .github/workflows/ci.yml). That is safe only
// while each change affects exactly the projects whose tests read it: one more (a testing lib's
// build input naming fixture folders) drags the harness and everything that tests with it; one
// fewer (a test that launches a fixture app by path, undeclared) lets a change skip the test that
// would catch it. So the sets of typical changes are pinned here as Nx itself computes them: each
// edit is committed on a temporary git copy of this workspace and measured with
// `nx show projects --affected --base=<sha> --head=<sha>`, the copy checked out at the head as CI
// has it. CONTRIBUTING.md ("CI and affected") states the same sets.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceFileWith } from './affected-copy.js';

const WORKSPACE = resolve(import.meta.dirname, '../../..');
let copy: string;
let base: string;

/**
 * First-party plugins. Their tests run the shipped server, so whatever the server reads affects
 * them. Written out so that each set below is a list; a new plugin fails the first test until it
 * is added here and to CONTRIBUTING.md's counts.
 */
const PLUGINS = [
  'plugin-a11y',
  'plugin-clock',
  'plugin-ipc',
  'plugin-native',
  'plugin-network',
  'plugin-perf',
  'plugin-production',
  'plugin-storage',
  'plugin-trace',
  'plugin-visual',
];

/** Nx must see only the copy: drop the NX_* variables of an outer Nx run (workspace root, task). */
function nxEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('NX_')));
  return { ...env, CI: 'true', NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
}

/** Plugins load in Nx's own process (NX_ISOLATE_PLUGINS=false): the same plugins, half the CPU time. */
function nx(...args: string[]): string {
  const env = { ...nxEnv(), NX_ISOLATE_PLUGINS: 'false' };
  return execFileSync(join(copy, 'node_modules', '.bin', 'nx'), args, { cwd: copy, env, encoding: 'utf8' });
}

/** Every string in a JSON value that starts with `{workspaceRoot}/`: the patterns Nx matches changed files against. */
function workspacePatterns(value: unknown): string[] {
  if (typeof value === 'string') return value.startsWith('{workspaceRoot}/') ? [value.slice('{workspaceRoot}/'.length)] : [];
  if (Array.isArray(value)) return value.flatMap(workspacePatterns);
  if (value && typeof value === 'object') return Object.values(value).flatMap(workspacePatterns);
  return [];
}

function git(...args: string[]): string {
  const identity = ['-c', 'user.name=affected-sets', '-c', 'user.email=affected-sets@localhost'];
  return execFileSync('git', [...identity, ...args], { cwd: copy, encoding: 'utf8' }).trim();
}

/**
 * Commit one edit of a workspace-relative file on top of the base commit, check the copy out at
 * that commit, and return what Nx says the commit affects (sorted). The copy is back at the base
 * afterwards.
 */
function affectedByCommit(file: string, edit: (text: string) => string): string[] {
  const path = join(copy, file);
  const before = readFileSync(path, 'utf8');
  const after = edit(before);
  expect(after, `the edit of ${file} changed nothing`).not.toBe(before);
  writeFileSync(path, after);
  git('commit', '-q', '-a', '-m', `edit ${file}`);
  const head = git('rev-parse', 'HEAD');
  try {
    expect(git('diff', '--name-only', base, head)).toBe(file);
    const out = nx('show', 'projects', '--affected', `--base=${base}`, `--head=${head}`, '--json');
    return (JSON.parse(out) as string[]).sort();
  } finally {
    git('reset', '-q', '--hard', base);
  }
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'affected-sets-'));
  // The working tree as it is (tracked and new files, minus ignored ones), so the test checks
  // the layout being committed, not the last commit.
  const lsFiles = ['ls-files', '-z', '--cached', '--others', '--exclude-standard'];
  const listed = execFileSync('git', lsFiles, { cwd: WORKSPACE, encoding: 'utf8' });
  for (const file of listed.split('\0').filter(Boolean)) {
    if (!existsSync(join(WORKSPACE, file))) continue;
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(WORKSPACE, file), join(copy, file));
  }
  symlinkSync(realpathSync(join(WORKSPACE, 'node_modules')), join(copy, 'node_modules'));
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'workspace');
  base = git('rev-parse', 'HEAD');
}, 120_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('nx show projects --affected, on commits of a copy of this workspace', () => {
  it("the plugin list above is the workspace's", () => {
    const dirs = readdirSync(join(copy, 'libs/plugins'));
    const names = dirs.map(
      (dir) => (JSON.parse(readFileSync(join(copy, 'libs/plugins', dir, 'project.json'), 'utf8')) as { name: string }).name,
    );
    expect(names.sort()).toEqual(PLUGINS);
  });

  it('a fixture page affects exactly the projects whose tests launch that app: the bench app, 7', { timeout: 60_000 }, () => {
    // Launched by core-tools-e2e, fake-electron-e2e, mcp-server-e2e and package-e2e (the whole server's suites; package-e2e the tool matrix on the installed package),
    // bench (the profile benchmark and its tests) and security-e2e (replay targets replay its spec).
    // The testing kit ships the app but its own tests read none (its build hashes the app as an
    // input of other projects, which touches no project): otherwise the harness, the sdk's and
    // kernel's tests and every plugin would follow, 23 projects.
    const sets = affectedByCommit('libs/testing/fixtures/apps/bench/index.html', (text) => `${text}<!-- changed -->\n`);
    expect(sets).toEqual([
      'bench',
      'core-tools-e2e',
      'fake-electron-e2e',
      'fixture-bench',
      'mcp-server-e2e',
      'package-e2e',
      'security-e2e',
    ]);
  });

  it('the testing kit build, which ships the bench app without being affected by it, still hashes it', { timeout: 60_000 }, () => {
    // Its `{ input: 'default', projects: ['fixture-bench', ...] }` input: a changed app rebuilds the
    // packed kit (mcp-server-e2e installs it) while no project is touched by the change.
    const bench = 'libs/testing/fixtures/apps/bench/index.html';
    const login = 'libs/testing/fixtures/apps/login/index.html';
    const check = (file: string) => {
      const args = ['show', 'target', 'inputs', 'testing-kit:build', '--check', file];
      const env = { ...nxEnv(), NX_ISOLATE_PLUGINS: 'false', FORCE_COLOR: '0' };
      const run = spawnSync(join(copy, 'node_modules', '.bin', 'nx'), args, { cwd: copy, env, encoding: 'utf8' });
      return { status: run.status, out: run.stdout };
    };
    expect(check(bench)).toEqual({ status: 0, out: expect.stringContaining(`${bench} is an input for testing-kit:build`) });
    expect(check(login)).toEqual({ status: 1, out: expect.stringContaining(`${login} is not an input for testing-kit:build`) });
  });

  it('a tool description affects the tools, every suite that runs the server, the manifest, docs and layering checks', {
    timeout: 60_000,
  }, () => {
    // deps-check reads every source file; reference renders the docs and the tool catalogue; bench
    // holds the manifest check; plugins' and security's tests run the server that lists the tool.
    const file = sourceFileWith(copy, 'libs/core-tools/src', /description: '/);
    const sets = affectedByCommit(file, (text) => text.replace(/description: '/, "description: 'Changed. "));
    expect(sets).toEqual(
      [
        ...PLUGINS,
        'bench',
        'core-tools',
        'core-tools-e2e',
        'deps-check',
        'mcp-server',
        'mcp-server-e2e',
        'package-e2e',
        'reference',
        'security-e2e',
      ].sort(),
    );
  });

  it('a driver file affects the server and every suite that runs it, not core-tools', { timeout: 60_000 }, () => {
    // core-tools imports only the sdk: its unit tests never reach the driver.
    const sets = affectedByCommit('libs/driver/src/index.ts', (text) => `${text}// changed\n`);
    expect(sets).toEqual(
      [
        ...PLUGINS,
        'bench',
        'core-tools-e2e',
        'deps-check',
        'driver',
        'mcp-server',
        'mcp-server-e2e',
        'package-e2e',
        'reference',
        'security-e2e',
      ].sort(),
    );
  });

  it('a plugin source affects that plugin, the e2e project that loads every built plugin, and the docs, manifest and layering checks', {
    timeout: 60_000,
  }, () => {
    // mcp-server-e2e names the plugins' sources as an input (it packs and loads their builds), so
    // no graph edge makes it depend on the plugins' tests and their fixture apps.
    const sets = affectedByCommit('libs/plugins/visual/src/index.ts', (text) => `${text}// changed\n`);
    expect(sets).toEqual(['bench', 'deps-check', 'mcp-server-e2e', 'package-e2e', 'plugin-visual', 'reference']);
  });

  it('the sdk affects every product and every suite that runs one, and no testing lib', { timeout: 60_000 }, () => {
    // The stand-in, the harness, the kit and the fixture apps name no product (deps-check): an sdk
    // change never reaches fake-electron-e2e.
    const sets = affectedByCommit('libs/sdk/src/index.ts', (text) => `${text}// changed\n`);
    expect(sets).toEqual(
      [
        ...PLUGINS,
        'bench',
        'core-tools',
        'core-tools-e2e',
        'deps-check',
        'driver',
        'kernel',
        'mcp-server',
        'mcp-server-e2e',
        'package-e2e',
        'reference',
        'sdk',
        'security-e2e',
      ].sort(),
    );
  });

  it('no declared input names a fixture app by path: projects read an app through an import or a projects input', () => {
    // Nx counts a project touched when a changed file matches any `{workspaceRoot}/` input of its
    // targets, and then everything depending on it: that is how the kit's build inputs made a bench
    // page affect 23 projects. Every fixture app is checked here (the sets above measure only bench).
    const { minimatch } = createRequire(createRequire(import.meta.url).resolve('nx/package.json'))('minimatch') as {
      minimatch: (file: string, pattern: string, options: { dot: boolean }) => boolean;
    };
    const fixtureFiles = git('ls-files', 'libs/testing/fixtures/apps').split('\n');
    expect(fixtureFiles.length).toBeGreaterThan(50);
    const offenders: string[] = [];
    // deps-check alone may: it reads every source file (fixture apps' scripts too) and nothing depends on it.
    const configs = git('ls-files', 'nx.json', '*project.json').split('\n');
    for (const config of configs.filter((file) => file !== 'tools/deps-check/project.json')) {
      for (const pattern of workspacePatterns(JSON.parse(readFileSync(join(copy, config), 'utf8')))) {
        const hit = fixtureFiles.find((file) => minimatch(file, pattern, { dot: true }));
        if (hit) offenders.push(`${config}: {workspaceRoot}/${pattern} matches ${hit}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
