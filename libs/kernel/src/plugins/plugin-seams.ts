import {
  isToolError,
  type DispatchGuard,
  type DispatchObserver,
  type DispatchRecord,
  type GuardedCall,
  type Logger,
  type MainInstrumentation,
  type SessionEnd,
  type SessionManager,
  type SessionEndListener,
  type SessionStart,
  type SessionStartListener,
} from '@stagewright/sdk';
import { SessionStateStore } from './session-state.js';
import type { ErrorCatalog } from '../errors/error-catalog.js';
import { ESCAPE_HATCHES, guardFault, isOwnCode } from '../call/plugin-boundary.js';

interface Owned<T> {
  plugin: string;
  fn: T;
}

/** A guard's refusal, carrying the plugin whose code it is so the envelope can namespace it. */
export class GuardRefusal extends Error {
  override name = 'GuardRefusal';

  constructor(
    readonly plugin: string,
    readonly refusal: unknown,
  ) {
    super(`refused by plugin "${plugin}"`);
  }
}

/** Largest instrumentation body a plugin may register (it is written into every launched app). */
export const MAX_INSTRUMENTATION_CHARS = 256 * 1024;

/**
 * The seams plugins registered during setup, for one server instance: dispatch observers, guards,
 * session start and end listeners, per-session state stores and main-process instrumentation (handed to the session manager). Observers and listeners never affect a call or each other (a throw is
 * logged); guards run in registration order and the first refusal wins.
 */
export class PluginSeams {
  private readonly observers: Owned<DispatchObserver>[] = [];
  private readonly guards: Owned<DispatchGuard>[] = [];
  private readonly endListeners: Owned<SessionEndListener>[] = [];
  private readonly startListeners: Owned<SessionStartListener>[] = [];
  private readonly states: Owned<SessionStateStore<unknown>>[] = [];
  private readonly instrumentations: Owned<() => void>[] = [];

  constructor(
    private readonly log: Logger,
    /** Tells a guard's deliberate refusal (one of its declared codes) from its failure; without it every ToolError is a refusal. */
    private readonly catalog?: ErrorCatalog,
  ) {}

  /** The registration functions a plugin's setup context exposes. */
  registrarFor(plugin: string, sessions?: SessionManager) {
    return {
      observe: (fn: DispatchObserver) => this.observers.push({ plugin, fn: checked(plugin, 'observe', fn) }),
      guard: (fn: DispatchGuard) => this.guards.push({ plugin, fn: checked(plugin, 'guard', fn) }),
      onSessionEnd: (fn: SessionEndListener) => this.endListeners.push({ plugin, fn: checked(plugin, 'onSessionEnd', fn) }),
      onSessionStart: (fn: SessionStartListener) => this.startListeners.push({ plugin, fn: checked(plugin, 'onSessionStart', fn) }),
      sessionState: <T>(create: (sessionId: string) => T) => {
        const store = new SessionStateStore<T>(checked(plugin, 'sessionState', create));
        this.states.push({ plugin, fn: store as SessionStateStore<unknown> });
        return store;
      },
      instrumentMain: (script: MainInstrumentation) => {
        // Checked first: a body that could not be written fails setup whatever the manager can do.
        const checked = checkedInstrumentation(plugin, script);
        const unregister = sessions?.addMainInstrumentation?.(checked);
        if (unregister) this.instrumentations.push({ plugin, fn: unregister });
      },
    };
  }

  /** Forget what a plugin registered (its setup failed, or it was torn down). */
  remove(plugin: string): void {
    for (const { plugin: owner, fn } of this.instrumentations) if (owner === plugin) fn();
    for (const list of [
      this.observers,
      this.guards,
      this.endListeners,
      this.startListeners,
      this.states,
      this.instrumentations,
    ] as Owned<unknown>[][]) {
      for (let i = list.length - 1; i >= 0; i--) if (list[i].plugin === plugin) list.splice(i, 1);
    }
  }

  get observing(): boolean {
    return this.observers.length > 0;
  }

  /**
   * Runs every guard before a handler; throws GuardRefusal on the first refusal. A refusal is a
   * ToolError with one of the guard's own declared codes. Anything else a guard throws is its
   * failure: logged, and the call is refused as INTERNAL_ERROR naming the plugin (fail closed),
   * except for the escape hatches (ESCAPE_HATCHES), which a broken guard never blocks.
   */
  async admit(call: GuardedCall): Promise<void> {
    for (const { plugin, fn } of this.guards) {
      try {
        await fn(call);
      } catch (error) {
        const deliberate = isToolError(error) && (!this.catalog || isOwnCode(error.code, plugin, this.catalog));
        if (deliberate) throw new GuardRefusal(plugin, error);
        const reason = isToolError(error) ? `undeclared code ${error.code}` : ((error as Error)?.message ?? String(error));
        if (ESCAPE_HATCHES.has(call.tool)) {
          this.log.error(
            `plugin "${plugin}": guard failed on ${call.tool} (${reason}); ignored, ${call.tool} is never blocked by a broken guard`,
          );
          continue;
        }
        this.log.error(`plugin "${plugin}": guard failed on ${call.tool}: ${reason}`);
        throw new GuardRefusal(plugin, guardFault(plugin, call.tool, error));
      }
    }
  }

  notify(record: DispatchRecord): void {
    for (const { plugin, fn } of this.observers) this.settle(plugin, 'observer', () => fn(record));
  }

  /** End listeners first, so they can still read the session's state; then every store forgets the session. */
  sessionEnded(end: SessionEnd): void {
    for (const { plugin, fn } of this.endListeners) this.settle(plugin, 'onSessionEnd listener', () => fn(end));
    for (const { fn: store } of this.states) store.delete(end.id);
  }

  sessionStarted(start: SessionStart): void {
    for (const { plugin, fn } of this.startListeners) this.settle(plugin, 'onSessionStart listener', () => fn(start));
  }

  /** Runs a callback whose failure (sync or async) is the plugin's problem, never the caller's. */
  private settle(plugin: string, what: string, run: () => void | Promise<void>): void {
    const report = (error: unknown) => this.log.warn(`plugin "${plugin}": ${what} failed: ${(error as Error)?.message ?? String(error)}`);
    try {
      const result = run();
      if (result && typeof (result as Promise<void>).then === 'function') (result as Promise<void>).catch(report);
    } catch (error) {
      report(error);
    }
  }
}

function checked<T>(plugin: string, seam: string, fn: T): T {
  if (typeof fn !== 'function') throw new TypeError(`plugin "${plugin}": ${seam}() takes a function`);
  return fn;
}

/** A body the driver can write into an app: a bounded string, and an argument that survives JSON. */
function checkedInstrumentation(plugin: string, script: MainInstrumentation): MainInstrumentation {
  const body = script?.body;
  if (typeof body !== 'string' || body.length === 0 || body.length > MAX_INSTRUMENTATION_CHARS) {
    throw new TypeError(`plugin "${plugin}": instrumentMain() takes { body } with 1..${MAX_INSTRUMENTATION_CHARS} characters`);
  }
  const arg = script.arg === undefined ? undefined : JSON.parse(JSON.stringify(script.arg));
  if (arg !== undefined && (arg === null || typeof arg !== 'object' || Array.isArray(arg))) {
    throw new TypeError(`plugin "${plugin}": instrumentMain() takes an object arg`);
  }
  return { body, ...(arg ? { arg } : {}) };
}
