import Type, { type Static, type TSchema } from 'typebox';
import type { AnyToolDefinition } from './tool.js';
import type { ErrorCodeSpec } from './errors.js';
import type { Logger, ServerConfig } from './context.js';
import type { SessionManager } from './session.js';

/** Given to a plugin's setup: its validated config and what it may use of the server. */
export interface PluginSetupContext<C = unknown> {
  config: C;
  log: Logger;
  sessions: SessionManager;
  server: ServerConfig;
}

export interface Plugin<C extends TSchema = TSchema> {
  /** Namespace: `^[a-z][a-z0-9]*$`, not `electron`. Tools register as `<name>_<tool>`. */
  name: string;
  version: string;
  /** Semver range of @stagewright/sdk the plugin was written against, e.g. `^0.1.0`. */
  sdkRange: string;
  /** Short tool names (`record`, not `trace_record`). */
  tools: readonly AnyToolDefinition[];
  /** Bare keys (`NOT_RECORDING`), surfaced as `<plugin>.NOT_RECORDING`. */
  errorCodes?: Readonly<Record<string, ErrorCodeSpec>>;
  configSchema?: C;
  /** Config fields safe to show in electron_plugins. */
  safeConfigFields?: readonly string[];
  setup?(ctx: PluginSetupContext<Static<C>>): void | Promise<void>;
  teardown?(): void | Promise<void>;
}

/** Identity helper typing `setup`'s config from `configSchema`. */
export function definePlugin<C extends TSchema>(plugin: Plugin<C>): Plugin<C> {
  return plugin;
}

/**
 * A plugin module may export a factory instead of an object. The loader calls it once per server,
 * so state kept in its closure belongs to that server instance only.
 */
export type PluginFactory = () => Plugin<any> | Promise<Plugin<any>>;

export const PLUGIN_NAME_PATTERN = '^[a-z][a-z0-9]*$';

/**
 * The contract every loaded plugin object is checked against before anything of it runs.
 * Functions are checked by the loader (JSON Schema cannot describe them).
 */
export const PluginContract = Type.Object({
  name: Type.String({ pattern: PLUGIN_NAME_PATTERN, maxLength: 32 }),
  version: Type.String({ pattern: '^\\d+\\.\\d+\\.\\d+(?:[-+][0-9A-Za-z.-]+)?$' }),
  sdkRange: Type.String({ minLength: 1, maxLength: 64 }),
  tools: Type.Array(
    Type.Object({
      name: Type.String({ pattern: '^[a-z][a-z0-9_]*$', maxLength: 48 }),
      title: Type.String({ minLength: 1, maxLength: 80 }),
      description: Type.String({ minLength: 1, maxLength: 400 }),
      kind: Type.Union([Type.Literal('read'), Type.Literal('action'), Type.Literal('assert'), Type.Literal('destructive')]),
      gate: Type.Optional(Type.Union([Type.Literal('eval:main'), Type.Literal('eval:renderer')])),
      input: Type.Object({ type: Type.Literal('object') }),
    }),
    { maxItems: 64 },
  ),
  errorCodes: Type.Optional(
    Type.Record(Type.String({ pattern: '^[A-Z][A-Z0-9_]*$' }), Type.Object({ retryable: Type.Boolean(), hint: Type.String({ maxLength: 300 }) })),
  ),
  safeConfigFields: Type.Optional(Type.Array(Type.String())),
});
