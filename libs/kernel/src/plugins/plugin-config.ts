import type { Compile } from 'typebox/compile';
import type { Plugin } from '@stagewright/sdk';
import { PluginLoadError } from './plugin-contract.js';
import { describeErrors } from '../call/validation.js';
import { compileSchema } from '../tools/schema-compiler.js';

type Schema = { type?: unknown; properties?: Record<string, Schema>; default?: unknown };

/**
 * Fill `default`s of an object schema into a config, recursively. Works on plain JSON Schema as
 * well as typebox schemas (plugins shipped as plain JS often write JSON Schema by hand).
 */
export function applyDefaults(schema: Schema | undefined, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !schema?.properties) return value;
  const target = value as Record<string, unknown>;
  for (const [key, property] of Object.entries(schema.properties)) {
    if (target[key] === undefined && property && 'default' in property) target[key] = structuredClone(property.default);
    else applyDefaults(property, target[key]);
  }
  return value;
}

/**
 * A plugin's config from `--plugin-config <name>=<json>`: defaults applied, then checked against
 * its configSchema, with the field path in the error. A plugin without configSchema takes none.
 */
export function validatePluginConfig(plugin: Plugin, configs: Readonly<Record<string, unknown>>): unknown {
  const given = Object.hasOwn(configs, plugin.name);
  const schema = plugin.configSchema;
  if (!schema) {
    if (given) throw new PluginLoadError(`--plugin-config ${plugin.name}: plugin "${plugin.name}" takes no configuration.`);
    return undefined;
  }
  let validator: ReturnType<typeof Compile>;
  try {
    validator = compileSchema(schema);
  } catch (error) {
    throw new PluginLoadError(`plugin "${plugin.name}": configSchema does not compile: ${(error as Error).message}`);
  }
  const value = applyDefaults(schema as Schema, withCurrentKeys(plugin, structuredClone(configs[plugin.name] ?? {})));
  if (!validator.Check(value)) {
    const problems = describeErrors(validator.Errors(value), schema as unknown as Record<string, unknown>, 'field');
    const text = problems.map((p) => p.message.replace(/^arguments\b/, 'config')).join('; ');
    throw new PluginLoadError(`--plugin-config ${plugin.name}: invalid config: ${text}.`);
  }
  return value;
}

/** An operator's config written with a field's former name (ADR-0041), read as its current name; both at once is refused. */
function withCurrentKeys(plugin: Plugin, value: unknown): unknown {
  if (!plugin.formerConfigKeys || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const config = value as Record<string, unknown>;
  for (const [old, current] of Object.entries(plugin.formerConfigKeys)) {
    if (!Object.hasOwn(config, old)) continue;
    if (Object.hasOwn(config, current)) {
      throw new PluginLoadError(`--plugin-config ${plugin.name}: ${old} is the former name of ${current}; give only ${current}.`);
    }
    config[current] = config[old];
    delete config[old];
  }
  return config;
}
