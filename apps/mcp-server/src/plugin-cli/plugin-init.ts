import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { STAGEWRIGHT_VERSION } from '../version.js';
import { scaffoldFiles, type PackageSources } from './init-files.js';

/** Mirrors PLUGIN_NAME_PATTERN and the contract's maxLength (libs/sdk/src/plugin.ts), as the Nx generator does. */
const NAME = /^[a-z][a-z0-9]*$/;
const MAX_NAME_LENGTH = 32;

export class InitRefused extends Error {}

export function pluginNameProblem(name: string): string | undefined {
  if (!NAME.test(name) || name.length > MAX_NAME_LENGTH)
    return `plugin name "${name}" is not valid: lower-case letters and digits, starting with a letter, at most ${MAX_NAME_LENGTH} characters (it prefixes every tool: <name>_<tool>).`;
  if (name === 'electron') return '"electron" is reserved for core tools; choose another plugin name.';
  return undefined;
}

/** Tarball names `npm pack` gives the three packages. */
const TARBALLS: Record<keyof PackageSources, RegExp> = {
  sdk: /^stagewright-sdk-\d[^/]*\.tgz$/,
  testing: /^stagewright-testing-\d[^/]*\.tgz$/,
  server: /^stagewright-\d[^/]*\.tgz$/,
};

/** A `--sdk`/`--testing`/`--server` value: a tarball path becomes `file:<absolute path>`, anything else is a version range. */
function sourceOf(value: string, cwd: string): string {
  if (/\.tgz$/.test(value)) {
    const file = resolve(cwd, value);
    if (!existsSync(file)) throw new InitRefused(`tarball ${file} does not exist.`);
    return `file:${file}`;
  }
  return value;
}

export interface InitOptions {
  name: string;
  dir: string;
  tarballs?: string;
  sdk?: string;
  testing?: string;
  server?: string;
  cwd: string;
}

/** The three sources: each flag, else the tarball of that package in --tarballs, else the published version. */
export function packageSources(options: InitOptions): PackageSources {
  const found: Partial<PackageSources> = {};
  if (options.tarballs) {
    const dir = resolve(options.cwd, options.tarballs);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new InitRefused(`--tarballs ${options.tarballs}: not a folder.`);
    const files = readdirSync(dir).sort();
    for (const key of Object.keys(TARBALLS) as (keyof PackageSources)[]) {
      const file = files.filter((name) => TARBALLS[key].test(name)).pop();
      if (file) found[key] = `file:${join(dir, file)}`;
    }
    const missing = (Object.keys(TARBALLS) as (keyof PackageSources)[]).filter((key) => !found[key] && !options[key]);
    if (missing.length)
      throw new InitRefused(
        `--tarballs ${options.tarballs}: no tarball for ${missing.join(', ')} (stagewright-*.tgz, stagewright-sdk-*.tgz, stagewright-testing-*.tgz).`,
      );
  }
  const published = `^${STAGEWRIGHT_VERSION}`;
  const pick = (key: keyof PackageSources) => (options[key] ? sourceOf(options[key]!, options.cwd) : (found[key] ?? published));
  return { sdk: pick('sdk'), testing: pick('testing'), server: pick('server') };
}

/** Writes the scaffold into `dir`, which must be empty or absent; returns the files written. */
export function initPlugin(options: InitOptions): { dir: string; files: string[] } {
  const problem = pluginNameProblem(options.name);
  if (problem) throw new InitRefused(problem);
  const dir = resolve(options.cwd, options.dir);
  if (existsSync(dir) && (!statSync(dir).isDirectory() || readdirSync(dir).length > 0))
    throw new InitRefused(
      `${dir} is not an empty folder: plugin init writes only into an empty (or new) folder, and changes nothing else.`,
    );
  const files = scaffoldFiles(options.name, packageSources(options));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content, { flag: 'wx' });
  }
  return { dir, files: Object.keys(files) };
}
