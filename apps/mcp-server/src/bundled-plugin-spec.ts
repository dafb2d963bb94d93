import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPathSpec, type PluginSpec } from '@stagewright/kernel';

/**
 * Where the installed package keeps the first-party plugin bundles: `plugins/<name>.mjs` beside
 * the server bundle (package/pack.mjs puts them there). Run from sources, the folder is absent.
 */
export const BUNDLED_PLUGINS_DIR = fileURLToPath(new URL('./plugins/', import.meta.url));

/**
 * `--plugin network` outside a workspace: a plain plugin name that the package ships stands for
 * its bundle. Paths, objects and names the package does not ship pass through (npm packages).
 */
export function resolveBundledPluginSpec(spec: PluginSpec, dir = BUNDLED_PLUGINS_DIR): PluginSpec {
  if (typeof spec !== 'string' || isPathSpec(spec) || !/^[a-z][a-z0-9]*$/.test(spec)) return spec;
  const file = join(dir, `${spec}.mjs`);
  return existsSync(file) ? file : spec;
}
