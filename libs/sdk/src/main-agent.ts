import { CoreTools } from './core-tool-names.js';
import { ToolError } from './errors.js';
import type { InstrumentationStage, MainInstrumentation, PluginSetupContext } from './plugin.js';
import type { Session } from './session.js';

/**
 * A plugin's main-process agent: one self-contained function (no imports, no outer names) that
 * lives in the app's main process. Its source travels with every call (`Session.evaluateMain`)
 * and, for a plugin that instruments, is preloaded at launch (ADR-0006): the app may have
 * restarted, or been attached, since the last call. All its state hangs off one global named by
 * `key`, so two servers driving one app never share it.
 */

/** What the agent gets as `arg`: the operation, this plugin instance's key and its limits. */
export type MainAgentRequest<Op, Options> = Op & { key: string; options: Options; stage?: InstrumentationStage };

/** An expected failure, reported by the agent as data; the call turns it into `<plugin>.<failure>`. */
export interface MainAgentFailure<Code extends string = string> {
  failure: Code;
  message: string;
  details?: Record<string, unknown>;
}

/**
 * The function body that runs `agent(electron, arg, ...helpers, require)`: each helper is sent as
 * source too, so it must be self-contained like the agent. The app's `require` comes last, after
 * the helpers: an agent that loads a module takes it as a parameter (its last), never as the free
 * name `require`, which a bundler rewrites into a helper of its own that the app does not have
 * (CONTRIBUTING.md, "Code sent into an app").
 */
export function mainAgentBody(agent: (...args: never[]) => unknown, ...helpers: ((...args: never[]) => unknown)[]): string {
  return `return (${agent.toString()})(electron, arg${helpers.map((helper) => `, (${helper.toString()})`).join('')}, require);`;
}

export interface MainAgentSpec<Op, Options> {
  /** The plugin's name: failures become `<plugin>.<CODE>`. */
  plugin: string;
  /** From mainAgentBody. */
  body: string;
  /** Limits the agent applies; setup may change them from the validated config. */
  options: Options;
  /** The operation that takes the agent's hooks out of an app (run before a detach). */
  undo: Op;
}

/** One plugin instance's handle on its agent: calls, the launch preload and the detach cleanup. */
/** How much longer than an op's own wait its main-process call may take. */
const AGENT_MARGIN_MS = 5_000;

export class MainAgent<Op extends { op: string }, Options extends object> {
  /** Names this instance's state inside each app. */
  readonly key = Math.random().toString(36).slice(2, 12);
  /** Sessions whose app got state or hooks from a call, so a detach takes them out again. */
  readonly touched = new Set<string>();
  readonly options: Options;

  constructor(private readonly spec: MainAgentSpec<Op, Options>) {
    this.options = spec.options;
  }

  /** Runs one operation in the session's main process; a failure the agent reports is thrown as `<plugin>.<CODE>`. */
  async call<T = Record<string, unknown>>(session: Session, op: Op): Promise<T> {
    if (op.op !== this.spec.undo.op) this.touched.add(session.id);
    // An op that waits in the app (its own timeoutMs) answers its own timeout code; the eval bound
    // must outlast the wait, or a 10 s wait answers EVAL_TIMEOUT instead (found by bench:fuzz).
    const waits = (op as { timeoutMs?: unknown }).timeoutMs;
    const bound = typeof waits === 'number' ? waits + AGENT_MARGIN_MS : undefined;
    const result = await session.evaluateMain(this.spec.body, { ...op, key: this.key, options: this.options }, bound);
    if (isFailure(result)) {
      throw new ToolError(`${this.spec.plugin}.${result.failure}`, result.message, { details: result.details });
    }
    return result as T;
  }

  /** What the driver runs in every launched app (ctx.instrumentMain): the same body, with `op`. */
  instrumentation(op: Op): MainInstrumentation {
    return { body: this.spec.body, arg: { ...op, key: this.key, options: { ...this.options } } };
  }

  /**
   * In setup: a detached app keeps running, so before a detach the undo operation runs in it
   * (when a call touched it; a failure is logged, never blocks the detach); an ended session is
   * forgotten (its app took the hooks with it).
   */
  undoOnDetach(ctx: Pick<PluginSetupContext, 'guard' | 'sessions' | 'log' | 'onSessionEnd'>, what: string): void {
    ctx.guard(async (call) => {
      if (call.tool !== CoreTools.detach) return;
      try {
        const session = await ctx.sessions.getOrThrow(call.args.sessionId as string | undefined);
        if (this.touched.delete(session.id)) await this.call(session, this.spec.undo);
      } catch (error) {
        ctx.log.warn(`${this.spec.plugin}: could not ${what} before detaching: ${String(error)}`);
      }
    });
    ctx.onSessionEnd((end) => void this.touched.delete(end.id));
  }
}

function isFailure(result: unknown): result is MainAgentFailure {
  return typeof result === 'object' && result !== null && typeof (result as MainAgentFailure).failure === 'string';
}
