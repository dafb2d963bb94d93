import type { Compile } from 'typebox/compile';
import { PLUGIN_API, PluginContract, type Plugin } from '@stagewright/sdk';
import { describeErrors } from '../call/validation.js';
import { compileSchema, loadSchemaCompiler } from '../tools/schema-compiler.js';
import { MAX_PLUGIN_RESOURCE_CHARS } from '../documents/plugin-resources.js';

/** Startup failure of the plugin loader. The message names the plugin (or its spec) and the fix. */
export class PluginLoadError extends Error {
  override name = 'PluginLoadError';
}

// Compiled at the first plugin load: a server started without plugins never needs it.
let contract: ReturnType<typeof Compile<typeof PluginContract>> | undefined;
const RESERVED_NAMES = new Set(['electron']);

/**
 * Check an imported value against the plugin contract before anything of it runs: the typebox
 * contract schema, then what JSON Schema cannot say (functions, the reserved namespace, the
 * SDK range).
 */
export async function validatePluginObject(candidate: unknown, source: string): Promise<Plugin> {
  if (typeof candidate !== 'object' || candidate === null) {
    throw new PluginLoadError(`${source}: does not export a plugin object (default export or \`plugin\`, or a factory returning one).`);
  }
  const label =
    typeof (candidate as { name?: unknown }).name === 'string' ? `plugin "${(candidate as { name: string }).name}" (${source})` : source;
  await loadSchemaCompiler();
  contract ??= compileSchema(PluginContract);
  if (!contract.Check(candidate)) {
    const problems = describeErrors(contract.Errors(candidate), PluginContract as unknown as Record<string, unknown>, 'field');
    throw new PluginLoadError(`${label}: invalid plugin: ${problems.map((p) => p.message.replace(/^arguments\b/, 'plugin')).join('; ')}.`);
  }
  const plugin = candidate as unknown as Plugin;
  if (RESERVED_NAMES.has(plugin.name)) {
    throw new PluginLoadError(`${label}: the "${plugin.name}" namespace is reserved for core tools; choose another plugin name.`);
  }
  plugin.tools.forEach((tool, index) => {
    if (typeof tool.handle !== 'function') throw new PluginLoadError(`${label}: tools[${index}].handle must be a function.`);
  });
  plugin.resources?.forEach((resource, index) => {
    if (typeof resource.text !== 'string' && typeof resource.text !== 'function')
      throw new PluginLoadError(`${label}: resources[${index}].text must be a string or a function.`);
    if (typeof resource.text === 'string' && resource.text.length > MAX_PLUGIN_RESOURCE_CHARS)
      throw new PluginLoadError(`${label}: resources[${index}].text is over ${MAX_PLUGIN_RESOURCE_CHARS} characters.`);
  });
  if (new Set(plugin.resources?.map((resource) => resource.name)).size !== (plugin.resources?.length ?? 0))
    throw new PluginLoadError(`${label}: two resources share a name.`);
  for (const hook of ['setup', 'teardown', 'status'] as const) {
    if (plugin[hook] !== undefined && typeof plugin[hook] !== 'function')
      throw new PluginLoadError(`${label}: ${hook} must be a function.`);
  }
  if (plugin.configSchema !== undefined && (typeof plugin.configSchema !== 'object' || plugin.configSchema === null)) {
    throw new PluginLoadError(`${label}: configSchema must be a typebox schema.`);
  }
  // Loaded here, not at start: a server without plugins never needs it.
  const { default: semver } = await import('semver');
  if (semver.validRange(plugin.sdkRange) === null) {
    throw new PluginLoadError(`${label}: sdkRange "${plugin.sdkRange}" is not a semver range (e.g. "^${PLUGIN_API}").`);
  }
  if (!semver.satisfies(PLUGIN_API, plugin.sdkRange)) {
    throw new PluginLoadError(
      `${label}: written for plugin API ${plugin.sdkRange}, but this server offers plugin API ${PLUGIN_API}; use a plugin version built for ^${PLUGIN_API}.`,
    );
  }
  return plugin;
}
