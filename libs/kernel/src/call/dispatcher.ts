import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  readEnvelope,
  ToolError,
  isToolError,
  type DispatchRecord,
  type Logger,
  type ProgressUpdate,
  type ServerConfig,
  type SessionManager,
  type ToolContext,
} from '@stagewright/sdk';
import { errorResult, successResult } from '../envelope.js';
import { type ErrorCatalog, fitGuidance, normalizeError, type ServerStateTracker } from '../errors/error-catalog.js';
import type { RegisteredTool } from '../tools/registry.js';
import { GuardRefusal, type PluginSeams } from '../plugins/plugin-seams.js';
import type { ToolSurface } from '../tools/surface.js';
import { validateArguments } from './validation.js';
import { fromPluginTool, MAX_PLUGIN_RESULT_CHARS } from './plugin-boundary.js';
import { loadSchemaCompiler } from '../tools/schema-compiler.js';
import { compileInIdleTime } from '../tools/validator-warmup.js';

export interface DispatcherDeps {
  surface: ToolSurface;
  catalog: ErrorCatalog;
  server: ServerConfig;
  state: ServerStateTracker;
  log: Logger;
  sessions: SessionManager;
  /** Observers and guards plugins registered; absent on a server without plugins. */
  seams?: PluginSeams;
}

/** What the transport knows about one tools/call request. */
export interface CallRequest extends ProgressChannel {
  /** Aborted when the client cancels the request. */
  signal?: AbortSignal;
}

/**
 * Admits, validates, runs and formats every tool call. Handlers throw or return; exactly one
 * catch turns the outcome into the envelope, so a failing handler never takes the server down.
 */
export class Dispatcher {
  private warming = false;

  constructor(private readonly deps: DispatcherDeps) {}

  async dispatch(called: string, args: unknown, request: CallRequest): Promise<CallToolResult> {
    const name = this.deps.surface.currentName(called);
    const startedAt = Date.now();
    const seams = this.deps.seams?.observing ? this.deps.seams : undefined;
    const argsSeen = seams ? structuredCloneOrSelf(args) : undefined;
    const sensitive = { args: [] as string[], answer: [] as string[] };
    const result = await this.answer(name, args, request, sensitive);
    seams?.notify(recordOf(name, argsSeen, result, startedAt, sensitive));
    return result;
  }

  private async answer(name: string, args: unknown, request: CallRequest, sensitive: Sensitive): Promise<CallToolResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let tool: RegisteredTool | undefined;
    try {
      tool = this.deps.surface.admit(name);
      await loadSchemaCompiler();
      if (!this.warming) {
        this.warming = true;
        compileInIdleTime(this.deps.surface.listed());
      }
      const validArgs = validateArguments(tool, args);
      const value = await this.runWithBackstop(tool, validArgs, request, sensitive);
      const bound = tool.origin.type === 'plugin' ? { maxChars: MAX_PLUGIN_RESULT_CHARS, tool: tool.name } : undefined;
      return successResult(value, elapsed(), await this.drainNotices(), bound);
    } catch (caught) {
      let thrown = caught;
      let plugin = tool?.origin.type === 'plugin' ? tool.origin.plugin : undefined;
      if (caught instanceof GuardRefusal) {
        plugin = caught.plugin;
        thrown = isToolError(caught.refusal)
          ? caught.refusal
          : new Error(`plugin "${caught.plugin}" guard failed: ${(caught.refusal as Error)?.message ?? String(caught.refusal)}`);
      } else if (plugin !== undefined) {
        // A plugin tool's throw passes the boundary: its codes must be its own, its faults name it.
        thrown = fromPluginTool(caught, plugin, name, this.deps.catalog);
      }
      const body = fitGuidance(normalizeError(thrown, this.deps.catalog, plugin), this.deps.surface.noteFor, name);
      this.deps.state.recordError(body.code, name);
      if (body.code === 'INTERNAL_ERROR') {
        this.deps.log.error(`${name} failed: ${body.error}`, { stack: thrown instanceof Error ? thrown.stack : undefined });
      } else {
        this.deps.log.debug(`${name} returned ${body.code}`);
      }
      return errorResult(body, elapsed(), await this.drainNotices());
    }
  }

  /**
   * Runs the handler under the operation-timeout backstop. Cancellation and timeout both abort
   * `ctx.signal`; the call answers at once and a handler that ignores the signal is left to
   * settle on its own (its late result or rejection is dropped).
   */
  private async runWithBackstop(
    tool: RegisteredTool,
    args: Record<string, unknown>,
    request: CallRequest,
    sensitive: Sensitive,
  ): Promise<unknown> {
    const controller = new AbortController();
    const timeoutMs = this.deps.server.operationTimeoutMs;
    let stop: (reason: ToolError) => void = () => undefined;
    const stopped = new Promise<never>((_, reject) => {
      stop = (reason) => {
        controller.abort(reason);
        reject(reason);
      };
    });
    const timer = setTimeout(
      () =>
        stop(
          new ToolError('OPERATION_TIMEOUT', `${tool.name} did not finish within the ${timeoutMs} ms operation timeout and was aborted.`),
        ),
      timeoutMs,
    );
    const onCancel = () => stop(new ToolError('CANCELLED', `${tool.name} was cancelled by the client.`));
    if (request.signal?.aborted) onCancel();
    request.signal?.addEventListener('abort', onCancel, { once: true });
    const progress = createCallProgress(request, tool.name);
    try {
      const seams = this.deps.seams;
      const running = Promise.resolve()
        .then(() => seams?.admit({ tool: tool.name, args }))
        .then(() => tool.def.handle(args, this.context(controller.signal, progress, sensitive)));
      running.catch(() => undefined);
      return await Promise.race([running, stopped]);
    } finally {
      progress.stop();
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCancel);
      stopped.catch(() => undefined);
    }
  }

  private context(signal: AbortSignal, progress: CallProgress, sensitive: Sensitive): ToolContext {
    const { sessions, log, server, state } = this.deps;
    return {
      markSensitive: (paths) => {
        for (const part of ['args', 'answer'] as const) {
          for (const pointer of paths[part] ?? [])
            if (typeof pointer === 'string' && !sensitive[part].includes(pointer)) sensitive[part].push(pointer);
        }
      },
      sessions,
      sessionOrThrow: (sessionId) => sessions.getOrThrow(sessionId),
      signal,
      progress: progress.report,
      log,
      server,
      config: server,
      serverState: state,
    };
  }

  /** Notices sessions queued for the next response (e.g. "active window closed; now w2"). */
  private async drainNotices(): Promise<string[]> {
    const notices: string[] = [];
    try {
      const sessions = this.deps.sessions;
      if (sessions.takeNotices) return sessions.takeNotices();
      for (const summary of sessions.list()) {
        try {
          notices.push(...(await sessions.getOrThrow(summary.id)).takeNotices());
        } catch {
          // An exited session has nothing left to say; its state is in electron_status.
        }
      }
    } catch (error) {
      this.deps.log.warn(`could not read session notices: ${(error as Error).message}`);
    }
    return notices;
  }
}

/** Observers get their own copy of the arguments; a value that cannot be cloned is passed as is. */
function structuredCloneOrSelf(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}

/** The paths a call's handler marked secret (ToolContext.markSensitive), collected for observers. */
type Sensitive = { args: string[]; answer: string[] };

function recordOf(tool: string, args: unknown, result: CallToolResult, startedAt: number, sensitive: Sensitive): DispatchRecord {
  const envelope = readEnvelope(result.content) ?? (result.content[0]?.type === 'text' ? { ok: !result.isError } : {});
  const rest = result.content.slice(1);
  const marked =
    sensitive.args.length || sensitive.answer.length ? { sensitive: { args: [...sensitive.args], answer: [...sensitive.answer] } } : {};
  return { tool, args, envelope, images: rest.filter((block) => block.type === 'image').length, startedAt, endedAt: Date.now(), ...marked };
}

export interface ProgressChannel {
  progressToken?: string | number;
  sendNotification(notification: { method: 'notifications/progress'; params: Record<string, unknown> }): Promise<void>;
}

/** How often a call that reports nothing itself shows life, when the host sent a progress token. */
export const HEARTBEAT_MS = 1000;

export interface CallProgress {
  /** The reporter handed to the tool (ctx.progress). */
  report(update: ProgressUpdate): void;
  /** Ends the heartbeat; called when the call settles. */
  stop(): void;
}

/**
 * Progress for one request: sends `notifications/progress` when the host asked for it with a
 * progress token, and is a no-op otherwise. Every call that runs past HEARTBEAT_MS (waits,
 * expects, stop, attach, screenshots, plugin captures) gets a heartbeat, "<tool> running (Ns)",
 * until the tool reports progress of its own, which then owns the sequence. Progress must grow
 * (MCP), so updates that do not increase it are dropped; delivery failures never fail the tool.
 */
export function createCallProgress(channel: ProgressChannel, tool: string, heartbeatMs = HEARTBEAT_MS): CallProgress {
  const token = channel.progressToken;
  if (token === undefined) return { report: () => undefined, stop: () => undefined };
  let last = -Infinity;
  const send = (update: ProgressUpdate) => {
    if (!(update.progress > last)) return;
    last = update.progress;
    const params: Record<string, unknown> = { progressToken: token, progress: update.progress };
    if (update.total !== undefined) params.total = update.total;
    if (update.message !== undefined) params.message = update.message;
    channel.sendNotification({ method: 'notifications/progress', params }).catch(() => undefined);
  };
  const started = Date.now();
  const heartbeat = setInterval(() => {
    const seconds = Math.round((Date.now() - started) / 1000);
    send({ progress: seconds, message: `${tool} running (${seconds}s)` });
  }, heartbeatMs);
  heartbeat.unref();
  return {
    report: (update) => {
      clearInterval(heartbeat);
      send(update);
    },
    stop: () => clearInterval(heartbeat),
  };
}
