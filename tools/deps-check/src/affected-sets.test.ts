// CI runs only what a change affects (`nx affected`, .github/workflows/ci.yml). That is safe and
// worth it only while the project graph stays acyclic and narrow: one stray test import (a
// product's test reaching the server, a testing lib naming a product) silently widens or breaks
// every gate. So the affected sets of typical changes are pinned here, measured by Nx itself on a
// temporary git copy of this workspace: `nx affected` for edits that target inputs also reach,
// and the project graph's dependents for the rest (one graph for every fixture app).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceFileWith } from './affected-copy.js';
import { affectedClosure, directDependents, type ProjectGraphFile } from './graph-closure.js';

const WORKSPACE = resolve(import.meta.dirname, '../../..');
let copy: string;

/**
 * First-party plugins (libs/plugins/*): their end-to-end tests run the shipped server, so whatever
 * affects the server affects them. Read from the workspace, so adding a plugin changes no pin here.
 */
const PLUGIN_PROJECTS = existsSync(join(WORKSPACE, 'libs/plugins'))
  ? readdirSync(join(WORKSPACE, 'libs/plugins')).map(
      (dir) => (JSON.parse(readFileSync(join(WORKSPACE, 'libs/plugins', dir, 'project.json'), 'utf8')) as { name: string }).name,
    )
  : [];
const withPlugins = (projects: string[]) => [...projects, ...PLUGIN_PROJECTS].sort();

/** Nx must see only the copy: drop the NX_* variables of an outer Nx run (workspace root, task). */
function nxEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('NX_')));
  return { ...env, CI: 'true', NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: copy, encoding: 'utf8' });
}

/** Projects affected by the uncommitted changes of the copy, sorted. */
function affected(): string[] {
  const nx = join(copy, 'node_modules', '.bin', 'nx');
  const args = ['show', 'projects', '--affected', '--base=HEAD', '--json'];
  const out = execFileSync(nx, args, { cwd: copy, env: nxEnv(), encoding: 'utf8' });
  return (JSON.parse(out) as string[]).sort();
}

/** The project graph of the copy, as `nx graph --file` writes it. */
function projectGraph(): ProjectGraphFile {
  const file = join(copy, 'graph.json');
  execFileSync(join(copy, 'node_modules', '.bin', 'nx'), ['graph', `--file=${file}`], { cwd: copy, env: nxEnv(), stdio: 'ignore' });
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ProjectGraphFile;
  } finally {
    rmSync(file);
  }
}

/** Edit one workspace-relative file of the copy, measure, then restore the copy. */
function affectedBy(file: string, edit: (text: string) => string): string[] {
  const path = join(copy, file);
  const before = readFileSync(path, 'utf8');
  const after = edit(before);
  expect(after, `the edit of ${file} changed nothing`).not.toBe(before);
  writeFileSync(path, after);
  try {
    return affected();
  } finally {
    git('checkout', '--', '.');
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
  git('-c', 'user.name=affected-sets', '-c', 'user.email=affected-sets@localhost', 'commit', '-q', '-m', 'workspace');
  expect(affected()).toEqual([]);
}, 120_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('nx affected on a copy of this workspace', () => {
  it('a tool description change affects the tools, their e2e tests, the server, the manifest and docs', () => {
    // deps-check reads every source file (layering and these sets), so any source change affects it;
    // reference is the docs generator (TOOL-REFERENCE.md, the tool catalogue), bench the manifest check.
    const file = sourceFileWith(copy, 'libs/core-tools/src', /description: '/);
    const sets = affectedBy(file, (text) => text.replace(/description: '/, "description: 'Changed. "));
    expect(sets).toEqual(
      withPlugins([
        'bench',
        'core-tools',
        'core-tools-e2e',
        'deps-check',
        'mcp-server',
        'mcp-server-e2e',
        'package-e2e',
        'reference',
        'security-e2e',
      ]),
    );
  });

  it('a plugin source change affects that plugin, the e2e project that loads every built plugin, and the docs, manifest and layering checks', () => {
    // mcp-server-e2e and package-e2e name the plugins' sources as an input (they pack and load
    // their builds), so no graph edge makes them depend on the plugins' tests and their fixture apps.
    const sets = affectedBy('libs/plugins/visual/src/index.ts', (text) => `${text}// changed\n`);
    expect(sets).toEqual(['bench', 'deps-check', 'mcp-server-e2e', 'package-e2e', 'plugin-visual', 'reference']);
  });

  it('a fixture app reaches only the projects that launch it, never the server, and at most 6 of them; a driver file reaches the server', () => {
    // Once, the server's own tests launched fixture apps: every plugin's tests load the server, so
    // one fixture change affected 16 projects. Those tests live in mcp-server-e2e now.
    const graph = projectGraph();
    const fixtures = Object.keys(graph.graph.dependencies).filter((name) => name.startsWith('fixture-'));
    expect(fixtures.length).toBeGreaterThan(10);
    for (const fixture of fixtures) {
      const closure = affectedClosure(graph, fixture);
      expect(closure, fixture).not.toContain('mcp-server');
      expect(closure.length, `${fixture}: ${closure.join(', ')}`).toBeLessThanOrEqual(6);
    }
    // The bench app is the general-purpose one: it reaches exactly the projects that launch it, and
    // those are the suites of the whole server (package-e2e: the tool matrix on the installed
    // package). Plugin, trace, storage, security and scaffold tests launch their own apps (it
    // reached 9 projects while they used it).
    expect(affectedClosure(graph, 'fixture-bench')).toEqual([
      'bench',
      'core-tools-e2e',
      'fake-electron-e2e',
      'fixture-bench',
      'mcp-server-e2e',
      'package-e2e',
    ]);
    expect(directDependents(graph, 'fixture-bench')).toEqual([
      'bench',
      'core-tools-e2e',
      'fake-electron-e2e',
      'mcp-server-e2e',
      'package-e2e',
    ]);
    // The reference generator starts the shipped server, so Nx cannot tell a driver change from one
    // it renders (deps-check, which reads every source file, is touched by its inputs, not the graph).
    expect(affectedClosure(graph, 'driver')).toEqual(
      withPlugins(['bench', 'core-tools-e2e', 'driver', 'mcp-server', 'mcp-server-e2e', 'package-e2e', 'reference', 'security-e2e']),
    );
    // The clock plugin's tests crash the troublesome app to see its records dropped.
    expect(affectedClosure(graph, 'fixture-troublesome')).toEqual([
      'core-tools-e2e',
      'fake-electron-e2e',
      'fixture-troublesome',
      'plugin-clock',
    ]);
  });
});
