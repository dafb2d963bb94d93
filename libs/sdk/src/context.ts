import type { ImpersonationGrant } from './impersonation.js';
import type { SessionManager, Session } from './session.js';

export type ToolProfileName = 'essential' | 'testing' | 'debug' | 'full';
export type EvalTarget = 'main' | 'renderer';

/** Server configuration as tools see it (read-only). */
export interface ServerConfig {
  readonly toolProfile: ToolProfileName | 'custom';
  /** Granted eval targets; empty when eval is off. */
  readonly allowEval: readonly EvalTarget[];
  /** What the operator let the agent impersonate (`--allow-impersonation`, ADR-0034); empty by default. */
  readonly allowImpersonation: readonly ImpersonationGrant[];
  readonly operationTimeoutMs: number;
  /** Screenshots are written under this folder (absolute). */
  readonly screenshotDir: string;
  /** When set, launch paths and file paths must resolve (realpath) inside it. */
  readonly appRoot?: string;
  readonly serverVersion: string;
}

export interface Logger {
  debug(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

export interface ProgressUpdate {
  progress: number;
  total?: number;
  message?: string;
}

/** Server-level facts for electron_status. */
export interface ServerState {
  readonly startedAt: string;
  /** Last failure, bounded: code, tool and time only (never args, paths or log content). */
  lastError(): { code: string; tool: string; at: string } | undefined;
  /** Each loaded plugin's own status() (PLUGIN_API 1.4), bounded; undefined when no plugin has one. */
  pluginStatus?(): Record<string, unknown> | undefined;
  /** Plugins and profiles the operator offered that the agent has not enabled yet (electron_enable, ADR-0045). */
  offers?(): { plugins: string[]; profiles: string[] } | undefined;
}

/**
 * The narrow context every handler receives. Handlers never touch the container or driver
 * internals; everything a tool needs is here.
 */
export interface ToolContext {
  readonly sessions: SessionManager;
  /**
   * The session named by `sessionId`, or the only live one, checked alive at the moment of the
   * call. Rejects with NO_SESSION / SESSION_AMBIGUOUS / SESSION_NOT_FOUND / APP_EXITED. Session
   * and element tools get it resolved as `ctx.session`.
   */
  sessionOrThrow(sessionId?: string): Promise<Session>;
  /** Aborted when the client cancels or the operation timeout fires. */
  readonly signal: AbortSignal;
  /** Sends MCP progress when the host asked for it; a no-op otherwise. */
  progress(update: ProgressUpdate): void;
  readonly log: Logger;
  /** The server's options: the same object a plugin's setup gets as `ctx.server`. */
  readonly server: ServerConfig;
  /** @deprecated Since PLUGIN_API 1.5 (ADR-0041): the same object as `server`, kept for plugins written before. */
  readonly config: ServerConfig;
  /** Start time and last failure of this server instance (electron_status). */
  readonly serverState: ServerState;
  /**
   * Declares parts of this call secret (PLUGIN_API 1.2): dispatch observers get the paths in
   * `DispatchRecord.sensitive` and must not keep their values (the trace plugin redacts them).
   * Mark as soon as the handler knows, before it acts: a call that times out is still recorded.
   * Element tools get this for their `secretArgs` without calling it.
   */
  markSensitive(paths: SensitivePaths): void;
}

/** JSON Pointers (RFC 6901) to secret values of one call. */
export interface SensitivePaths {
  /** Into the arguments, e.g. `/text`. */
  args?: readonly string[];
  /** Into the answer the handler returns (the success envelope's fields), e.g. `/cookies/0/value`. */
  answer?: readonly string[];
}
