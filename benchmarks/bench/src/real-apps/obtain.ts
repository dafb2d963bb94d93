import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GithubPin, RealApp } from './corpus.js';

/**
 * Places each corpus app in the git-ignored apps folder and builds it with its own steps. A
 * GitHub pin is cloned from a local mirror when one is given (`--mirror`, a path pattern with
 * {owner} and {name}, e.g. /srv/mirror/{owner}+{name}/repo: machines without GitHub access), else
 * from https://github.com. The checkout is the pinned commit, detached; a build is recorded in a
 * marker file in the app's folder and redone only when the pin or the steps change.
 */
export interface ObtainOptions {
  appsDir: string;
  mirror?: string;
  /** Build even when the marker says the build is current. */
  rebuild?: boolean;
  log: (line: string) => void;
}

export interface Obtained {
  id: string;
  dir: string;
  /** found: already in place at the pin; cloned: placed now; missing: could not be obtained. */
  source: 'found' | 'cloned' | 'missing';
  built: boolean;
  /** Why it is missing or did not build: the step and the last lines of its output. */
  error?: string;
  /** Files of the pinned tree the source did not hold (large files left out of a snapshot). */
  absentFiles?: string[];
  buildMs?: number;
}

const MARKER = '.real-apps-build.json';
const BUILD_ENV = { ELECTRON_SKIP_BINARY_DOWNLOAD: '1', HUSKY: '0', CI: '1' };
/** The last lines of a tool's output that say something: colours and stack frames left out. */
const tail = (text: string, lines = 12) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim() && !/^\s+at /.test(line) && !/^npm (warn|notice)/.test(line))
    .slice(-lines)
    .join('\n');

function git(dir: string, args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

export function mirrorPath(pattern: string, repo: string): string {
  const [owner, name] = repo.split('/');
  return pattern.replaceAll('{owner}', owner!).replaceAll('{name}', name!);
}

/**
 * Checks out `commit` in `dir`. A snapshot may lack large blobs (fonts, media); their paths are
 * left out of the checkout and returned, so the report says the tree is incomplete.
 */
function checkoutPinned(dir: string, commit: string): string[] {
  const blobs = git(dir, ['ls-tree', '-r', commit])
    .split('\n')
    .map((line) => line.match(/^\d+ blob ([0-9a-f]+)\t(.*)$/))
    .filter((m): m is RegExpMatchArray => m !== null);
  const checked = spawnSync('git', ['-C', dir, 'cat-file', '--batch-check'], {
    input: blobs.map((m) => m[1]).join('\n'),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const missing = new Set(
    checked.stdout
      .split('\n')
      .filter((l) => l.endsWith(' missing'))
      .map((l) => l.split(' ')[0]),
  );
  const absent = blobs.filter((m) => missing.has(m[1]!)).map((m) => m[2]!);
  git(dir, ['update-ref', '--no-deref', 'HEAD', commit]);
  git(dir, ['restore', `--source=${commit}`, '--staged', '--worktree', '--', '.', ...absent.map((p) => `:(exclude)${p}`)]);
  return absent;
}

function cloneSource(pin: GithubPin, mirror: string | undefined): string[] {
  const sources = [];
  if (mirror) {
    const local = mirrorPath(mirror, pin.repo);
    if (existsSync(local)) sources.push(local);
  }
  sources.push(`https://github.com/${pin.repo}.git`);
  return sources;
}

function place(app: RealApp, dir: string, options: ObtainOptions): Pick<Obtained, 'source' | 'error' | 'absentFiles'> {
  if (app.pin.kind === 'npm') {
    if (existsSync(join(dir, 'package.json'))) return { source: 'found' };
    mkdirSync(dir, { recursive: true });
    const spec = `${app.pin.name}@${app.pin.version}`;
    const packed = spawnSync('npm', ['pack', spec, '--pack-destination', dir, '--silent'], { encoding: 'utf8' });
    if (packed.status !== 0) return { source: 'missing', error: `npm pack ${spec}: ${tail(packed.stderr)}` };
    execFileSync('tar', ['-xzf', join(dir, packed.stdout.trim()), '-C', dir, '--strip-components=1']);
    return { source: 'cloned' };
  }
  const { commit } = app.pin;
  if (existsSync(join(dir, '.git'))) {
    const head = spawnSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
    if (head === commit) return { source: 'found', absentFiles: absentOf(dir) };
    try {
      return { source: 'found', absentFiles: recordAbsent(dir, checkoutPinned(dir, commit)) };
    } catch (error) {
      return { source: 'missing', error: `${dir} is at ${head}, and the pinned ${commit} is not in it: ${String(error)}` };
    }
  }
  const errors: string[] = [];
  for (const source of cloneSource(app.pin, options.mirror)) {
    rmSync(dir, { recursive: true, force: true });
    const cloned = spawnSync('git', ['clone', '--quiet', '--no-checkout', source, dir], { encoding: 'utf8', timeout: 600_000 });
    if (cloned.status !== 0) {
      errors.push(`${source}: ${tail(cloned.stderr, 2)}`);
      continue;
    }
    try {
      return { source: 'cloned', absentFiles: recordAbsent(dir, checkoutPinned(dir, commit)) };
    } catch (error) {
      errors.push(`${source}: no commit ${commit} (${String(error).split('\n')[0]})`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
  return { source: 'missing', error: errors.join('; ') };
}

const ABSENT = '.real-apps-absent.json';
function recordAbsent(dir: string, absent: string[]): string[] {
  writeFileSync(join(dir, ABSENT), JSON.stringify(absent));
  return absent;
}
function absentOf(dir: string): string[] {
  return existsSync(join(dir, ABSENT)) ? (JSON.parse(readFileSync(join(dir, ABSENT), 'utf8')) as string[]) : [];
}

/** Runs one shell step in the app's folder; its output goes to the build log. */
function runStep(dir: string, step: string, logFile: string): { ok: boolean; output: string } {
  const result = spawnSync('bash', ['-c', step], {
    cwd: dir,
    env: { ...process.env, ...BUILD_ENV },
    encoding: 'utf8',
    timeout: 1_200_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  writeFileSync(logFile, `$ ${step}\n${output}\n`, { flag: 'a' });
  return { ok: result.status === 0, output: result.error ? `${output}\n${result.error.message}` : output };
}

/**
 * Git dependencies (`github:owner/name#commit` in package.json) are fetched by npm from GitHub.
 * With a mirror, each is cloned from it at the commit the app's lockfile names, packed, and
 * the app's package.json points at the tarball before install (a build step, not a source change).
 */
function mirrorGitDeps(app: RealApp, dir: string, options: ObtainOptions, logFile: string): string | undefined {
  if (!options.mirror || !app.gitDeps?.length) return undefined;
  const depsDir = join(options.appsDir, '.deps');
  mkdirSync(depsDir, { recursive: true });
  for (const dep of app.gitDeps) {
    const clone = join(depsDir, `${dep.name}-${dep.commit.slice(0, 12)}`);
    const tgz = join(depsDir, `${dep.name}-${dep.commit.slice(0, 12)}.tgz`);
    if (!existsSync(tgz)) {
      const local = mirrorPath(options.mirror, dep.repo);
      if (!existsSync(local)) return `git dependency ${dep.name}: no mirror of ${dep.repo} at ${local}`;
      rmSync(clone, { recursive: true, force: true });
      execFileSync('git', ['clone', '--quiet', '--no-checkout', local, clone]);
      checkoutPinned(clone, dep.commit);
      const packed = spawnSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', depsDir], {
        cwd: clone,
        encoding: 'utf8',
      });
      if (packed.status !== 0) return `git dependency ${dep.name}: npm pack failed: ${tail(packed.stderr)}`;
      execFileSync('mv', [join(depsDir, packed.stdout.trim().split('\n').pop()!), tgz]);
    }
    const step = runStep(dir, `npm pkg set dependencies.${dep.name}=file:${tgz}`, logFile);
    if (!step.ok) return `npm pkg set ${dep.name}: ${tail(step.output)}`;
  }
  return undefined;
}

function markerOf(app: RealApp, mirrored: boolean): string {
  return JSON.stringify({ pin: app.pin, build: app.build, gitDeps: mirrored ? app.gitDeps : undefined });
}

export function obtain(app: RealApp, options: ObtainOptions): Obtained {
  const dir = join(options.appsDir, app.id);
  mkdirSync(options.appsDir, { recursive: true });
  const placed = place(app, dir, options);
  if (placed.source === 'missing') return { id: app.id, dir, built: false, ...placed };
  const mirrored = Boolean(options.mirror && app.gitDeps?.length);
  const marker = join(dir, MARKER);
  if (!options.rebuild && existsSync(marker) && readFileSync(marker, 'utf8') === markerOf(app, mirrored)) {
    return { id: app.id, dir, built: true, ...placed };
  }
  const started = Date.now();
  const logFile = join(dir, '.real-apps-build.log');
  writeFileSync(logFile, '');
  if (mirrored) git(dir, ['checkout', '--', 'package.json']);
  const depError = mirrorGitDeps(app, dir, options, logFile);
  if (depError) return { id: app.id, dir, built: false, ...placed, error: depError };
  // A lockfile that names git dependencies no longer matches once they point at tarballs.
  const steps = mirrored ? app.build.map((s) => s.replace(/^npm ci\b/, 'npm install')) : app.build;
  for (const step of steps) {
    options.log(`  ${app.id}: $ ${step}`);
    const { ok, output } = runStep(dir, step, logFile);
    if (!ok) return { id: app.id, dir, built: false, ...placed, error: `build step "${step}" failed:\n${tail(output)}` };
  }
  writeFileSync(marker, markerOf(app, mirrored));
  return { id: app.id, dir, built: true, ...placed, buildMs: Date.now() - started };
}

/** What a runtime's main process runs: probed by starting it on a one-line app that exits. */
export interface RuntimeNode {
  node: string;
  modules: string;
  execPath: string;
  electron?: string;
}

export function probeRuntime(executable: string, scratch: string): RuntimeNode {
  const dir = join(scratch, 'probe-app');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'probe', main: 'main.js' }));
  writeFileSync(
    join(dir, 'main.js'),
    "process.stdout.write('PROBE' + JSON.stringify({ node: process.versions.node, modules: process.versions.modules, execPath: process.execPath, electron: process.versions.electron }) + '\\n'); process.exit(0);\n",
  );
  const run = spawnSync(executable, [dir], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, HOME: scratch } });
  const line = (run.stdout ?? '').split('\n').find((l) => l.startsWith('PROBE'));
  if (!line) throw new Error(`could not probe ${executable}: ${tail(`${run.stdout}${run.stderr}`)}`);
  return JSON.parse(line.slice('PROBE'.length)) as RuntimeNode;
}
