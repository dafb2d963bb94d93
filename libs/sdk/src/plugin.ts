import Type, { type Static, type TSchema } from 'typebox';
import type { AnyToolDefinition } from './tool.js';
import type { ErrorCodeSpec } from './errors.js';
import type { Logger, ServerConfig } from './context.js';
import type { SessionEnd, SessionManager, SessionStart } from './session.js';
import type { MainInstrumentation } from './main-instrumentation.js';

export type { InstrumentationStage, MainInstrumentation } from './main-instrumentation.js';

/**
 * Version of the plugin contract (this file's types and the seams the kernel offers), separate
 * from the package version. A plugin's `sdkRange` is checked against it with semver: a major bump
 * means a plugin written for the previous contract may break and is refused at load.
 */
export const PLUGIN_API = '1.5.0';

/** One finished tool call, as dispatch observers see it. */
export interface DispatchRecord {
  /** The tool name as the client sent it (also for unknown or refused tools). */
  tool: string;
  /** The arguments as received (a copy: mutating it changes nothing). */
  args: unknown;
  /** What the agent got: `{ ok: true, ... }` or `{ ok: false, code, error, ... }`, with `_meta`. */
  envelope: Record<string, unknown>;
  /** Number of image blocks sent alongside the envelope (screenshots). */
  images: number;
  /** Epoch milliseconds. */
  startedAt: number;
  endedAt: number;
  /**
   * What the handler declared secret (ToolContext.markSensitive, PLUGIN_API 1.2): JSON Pointers
   * into `args` and into the answer's fields (`envelope`). Absent when nothing was. An observer
   * that stores or sends records must drop or redact these values.
   */
  sensitive?: { args: string[]; answer: string[] };
}

/**
 * Called once per finished call, including validation failures and refusals, after the answer is
 * built. Observers cannot change the answer; one that throws or rejects is logged and ignored.
 */
export type DispatchObserver = (record: DispatchRecord) => void | Promise<void>;

/** A call about to run its handler: its arguments have passed validation. */
export interface GuardedCall {
  tool: string;
  args: Readonly<Record<string, unknown>>;
}

/**
 * Runs before every handler (core and plugin tools alike). To refuse, throw a `ToolError` whose
 * code is one of the plugin's own `errorCodes` (bare key); the agent sees `<plugin>.CODE`. Any
 * other throw refuses the call as INTERNAL_ERROR: a broken guard fails closed.
 */
export type DispatchGuard = (call: GuardedCall) => void | Promise<void>;

/** Called once when a session ends: stopped, killed, detached, exited or crashed, or at shutdown. */
export type SessionEndListener = (session: SessionEnd) => void | Promise<void>;

/** Called once when a session has started (PLUGIN_API 1.4); a throw is logged and changes nothing. */
export type SessionStartListener = (session: SessionStart) => void | Promise<void>;

/**
 * One plugin's state per session (PLUGIN_API 1.4), kept by the kernel: a session's value is
 * dropped when the session ends, after every onSessionEnd listener ran, so a plugin keeps no map
 * of its own and a reused session id always starts clean.
 */
export interface SessionState<T> {
  get(sessionId: string): T | undefined;
  /** The session's value, made by the store's factory on first use. */
  ensure(sessionId: string): T;
  set(sessionId: string, value: T): void;
  delete(sessionId: string): boolean;
  /** Sessions that hold a value. */
  readonly size: number;
  entries(): IterableIterator<[string, T]>;
}

/**
 * A document a plugin contributes (PLUGIN_API 1.4), listed by resources/list and read as
 * `stagewright://plugins/<plugin>/<name>`: its own detail next to core tools' stagewright://tools.
 */
export interface PluginResource {
  /** `^[a-z][a-z0-9-]*$`. */
  name: string;
  title: string;
  /** One sentence: what it holds and when to read it. */
  description: string;
  /** Default `text/markdown`. */
  mimeType?: 'text/markdown' | 'text/plain' | 'application/json';
  /** The document (at most 64 KiB), or a function that writes it at read time. */
  text: string | (() => string | Promise<string>);
}

/**
 * Given to a plugin's setup: its validated config, what it may use of the server, and the seams.
 * Everything registered here belongs to this server instance and ends with it.
 */
export interface PluginSetupContext<C = unknown> {
  config: C;
  log: Logger;
  sessions: SessionManager;
  server: ServerConfig;
  /** Aborted when setup runs past its deadline (the server is then not started). */
  signal: AbortSignal;
  observe(observer: DispatchObserver): void;
  guard(guard: DispatchGuard): void;
  onSessionEnd(listener: SessionEndListener): void;
  /** Told once per session that started, however (PLUGIN_API 1.4). */
  onSessionStart(listener: SessionStartListener): void;
  /** A per-session store whose values the kernel drops when their session ends (PLUGIN_API 1.4). */
  sessionState<T>(create: (sessionId: string) => T): SessionState<T>;
  /**
   * Register main-process instrumentation for every app this server launches from now on
   * (PLUGIN_API 1.1). Best effort: a session manager without the capability ignores it.
   */
  instrumentMain(script: MainInstrumentation): void;
}

export interface Plugin<C extends TSchema = TSchema> {
  /** Namespace: `^[a-z][a-z0-9]*$`, not `electron`. Tools register as `<name>_<tool>`. */
  name: string;
  version: string;
  /** Semver range of the plugin contract (`PLUGIN_API`) the plugin was written against, e.g. `^1.0.0`. */
  sdkRange: string;
  /** Short tool names (`record`, not `trace_record`). */
  tools: readonly AnyToolDefinition[];
  /** Bare keys (`NOT_RECORDING`), surfaced as `<plugin>.NOT_RECORDING`. */
  errorCodes?: Readonly<Record<string, ErrorCodeSpec>>;
  configSchema?: C;
  /** Config fields safe to show in electron_plugins. */
  safeConfigFields?: readonly string[];
  /** Config fields renamed since (old -> current, PLUGIN_API 1.5, ADR-0041): an operator's old key is read as the current one. */
  formerConfigKeys?: Readonly<Record<string, string>>;
  /** Must settle within the server's setup deadline (default 10 s), or startup fails. */
  setup?(ctx: PluginSetupContext<Static<C>>): void | Promise<void>;
  /** Called at shutdown, and also when this plugin's own setup failed or timed out. */
  teardown?(): void | Promise<void>;
  /**
   * The plugin's own state for electron_plugins and electron_status (PLUGIN_API 1.4): a small
   * plain object (at most 2 000 characters of JSON, or it is replaced by a note), read on each
   * call. Never secrets: whatever it returns goes to the agent.
   */
  status?(): Record<string, unknown>;
  /** Documents the plugin contributes (PLUGIN_API 1.4): stagewright://plugins/<name>/<resource>. */
  resources?: readonly PluginResource[];
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
      impersonates: Type.Optional(Type.Union([Type.Literal('network'), Type.Literal('storage'), Type.Literal('ipc')])),
      input: Type.Object({ type: Type.Literal('object') }),
    }),
    { maxItems: 64 },
  ),
  errorCodes: Type.Optional(
    Type.Record(
      Type.String({ pattern: '^[A-Z][A-Z0-9_]*$' }),
      Type.Object({
        retryable: Type.Boolean(),
        hint: Type.String({ maxLength: 300 }),
        meaning: Type.Optional(Type.String({ maxLength: 300 })),
        next: Type.Optional(Type.Array(Type.String({ pattern: '^[a-z][a-z0-9_]*$', maxLength: 48 }), { maxItems: 4 })),
      }),
    ),
  ),
  safeConfigFields: Type.Optional(Type.Array(Type.String())),
  resources: Type.Optional(
    Type.Array(
      Type.Object({
        name: Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 48 }),
        title: Type.String({ minLength: 1, maxLength: 80 }),
        description: Type.String({ minLength: 1, maxLength: 300 }),
        mimeType: Type.Optional(Type.Union([Type.Literal('text/markdown'), Type.Literal('text/plain'), Type.Literal('application/json')])),
      }),
      { maxItems: 16 },
    ),
  ),
});
