import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin, PluginFactory } from '@stagewright/sdk';
import { PluginLoadError } from './plugin-contract.js';

/** A plugin as `createServer` accepts it: a package name or file path, an object, or a factory. */
export type PluginSpec = string | Plugin | PluginFactory;

const PACKAGE_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*(?:\/[A-Za-z0-9._~/-]+)?$/;

/** `./x.mjs`, `/abs/x.js`, `plugins/x.mjs` are files; `stagewright-plugin-x` and `@acme/x` are packages. */
export function isPathSpec(spec: string): boolean {
  return spec.startsWith('.') || isAbsolute(spec) || /\.(?:[cm]?js|[cm]?ts)$/.test(spec);
}

export function describeSpec(spec: PluginSpec): string {
  if (typeof spec === 'string') return `--plugin ${spec}`;
  if (typeof spec === 'function') return 'plugin factory';
  const name = (spec as { name?: unknown })?.name;
  return typeof name === 'string' ? `plugin object "${name}"` : 'plugin object';
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
  if (!PACKAGE_NAME.test(spec)) {
    throw new PluginLoadError(`--plugin ${spec}: neither a file path (./x.mjs, /abs/x.js) nor a package name.`);
  }
  // Resolve from the working directory first: that is where the operator installed the plugin.
  let target = spec;
  try {
    target = pathToFileURL(createRequire(join(cwd, 'package.json')).resolve(spec)).href;
  } catch {
    // ESM-only exports or not installed there: let the runtime resolve it from the server.
  }
  try {
    return (await import(target)) as Record<string, unknown>;
  } catch (error) {
    throw new PluginLoadError(`--plugin ${spec}: cannot load the package (is it installed?): ${(error as Error).message}`);
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
