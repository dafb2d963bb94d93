import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin, PluginFactory } from '@stagewright/sdk';
import { PluginLoadError } from './plugin-contract.js';

/** A plugin as `createServer` accepts it: a package name or file path, an object, or a factory. */
export type PluginSpec = string | Plugin | PluginFactory;

const PACKAGE_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*(?:\/[A-Za-z0-9._~/-]+)?$/;
/** A plugin's namespace (`trace`) or its Nx project name (`plugin-trace`): what the server resolves to its own plugins. */
const PLUGIN_NAME = /^(?:plugin-)?[a-z][a-z0-9]*$/;
/** The prefix that names an unscoped package as a package: `npm:stagewright-plugin-x`. */
export const PACKAGE_PREFIX = 'npm:';

/**
 * The forms of a `--plugin` string (ADR 0011), disjoint so that nothing is guessed:
 * - a file path is explicit: `./x.mjs`, `../x.mjs` or absolute, resolved from the working directory;
 * - a package is named as such: scoped (`@acme/x`) or prefixed (`npm:x`), resolved from the
 *   server's own installation, never from the working directory's node_modules;
 * - a plugin name (`trace`, `plugin-trace`) means the server's own plugins, which the shipped
 *   server resolves before the kernel sees it (the kernel alone knows none, and refuses it).
 */
export function isPathSpec(spec: string): boolean {
  return /^\.{1,2}[\\/]/.test(spec) || isAbsolute(spec);
}

export function isPluginName(spec: string): boolean {
  return PLUGIN_NAME.test(spec);
}

/** The package a spec names as such (`@acme/x`, `npm:x`), or undefined. */
export function packageNameOf(spec: string): string | undefined {
  const name = spec.startsWith(PACKAGE_PREFIX) ? spec.slice(PACKAGE_PREFIX.length) : spec.startsWith('@') ? spec : undefined;
  return name !== undefined && PACKAGE_NAME.test(name) ? name : undefined;
}

export function describeSpec(spec: PluginSpec): string {
  if (typeof spec === 'string') return `--plugin ${spec}`;
  if (typeof spec === 'function') return 'plugin factory';
  const name = (spec as { name?: unknown })?.name;
  return typeof name === 'string' ? `plugin object "${name}"` : 'plugin object';
}

/** Why a string is none of the forms, with the spelling that would make it one. */
function unknownForm(spec: string): PluginLoadError {
  const forms = [`./${spec} for a file`];
  if (PACKAGE_NAME.test(spec)) forms.push(`${PACKAGE_PREFIX}${spec} for a package installed beside the server`);
  const what = isPluginName(spec) ? 'a plugin name, but no plugin of the server is named so' : 'neither a file path nor a package';
  return new PluginLoadError(`--plugin ${spec}: ${what}; write ${forms.join(', or ')}.`);
}

async function importSpec(spec: string, cwd: string): Promise<Record<string, unknown>> {
  if (isPathSpec(spec)) {
    const file = resolve(cwd, spec);
    if (!existsSync(file)) throw new PluginLoadError(`--plugin ${spec}: file not found (${file}).`);
    try {
      return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    } catch (error) {
      throw new PluginLoadError(`--plugin ${spec}: the file failed to load: ${(error as Error).message}`);
    }
  }
  const name = packageNameOf(spec);
  if (name === undefined) throw unknownForm(spec);
  // A bare import resolves from this module, i.e. from where the server is installed: a package
  // the operator installed beside it. The working directory (maybe hostile) is never consulted.
  try {
    return (await import(name)) as Record<string, unknown>;
  } catch (error) {
    throw new PluginLoadError(
      `--plugin ${spec}: cannot load the package (install it beside the server, or name its file with --plugin /abs/path.mjs): ${(error as Error).message}`,
    );
  }
}

function looksLikePlugin(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'name' in value && 'tools' in value;
}

/**
 * The plugin value of a spec: the module's default export or its `plugin` export (or the module
 * itself when it has the plugin fields); a factory is called, once per server.
 */
export async function obtainPlugin(spec: PluginSpec, cwd: string): Promise<unknown> {
  let candidate: unknown = spec;
  if (typeof spec === 'string') {
    const mod = await importSpec(spec, cwd);
    candidate = mod.default ?? mod.plugin ?? (looksLikePlugin(mod) ? mod : undefined);
    if (!looksLikePlugin(candidate) && typeof candidate === 'object' && candidate !== null && 'default' in candidate) {
      candidate = (candidate as { default: unknown }).default;
    }
  }
  if (typeof candidate === 'function') {
    try {
      candidate = await (candidate as PluginFactory)();
    } catch (error) {
      throw new PluginLoadError(`${describeSpec(spec)}: the plugin factory threw: ${(error as Error).message}`);
    }
  }
  return candidate;
}
