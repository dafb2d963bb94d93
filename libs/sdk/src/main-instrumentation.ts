// Its own file so that session.ts (Session.evaluateMain's body rules) and plugin.ts (the
// `instrumentMain` seam) can both name it without importing each other.

/**
 * Fixed main-process code a plugin asks the driver to run in apps it launches, before the app's
 * own main script (PLUGIN_API 1.1). `body` is a function body run with `electron`, `arg` and
 * `require` in scope, exactly as `Session.evaluateMain` runs one, so the plugin can run the same
 * body itself on first use where the driver could not (attached or injected sessions). Its
 * synchronous part runs before the app's code; it must be idempotent and must never throw into
 * the app (a throw is reported on the app's stderr and ignored).
 */
export interface MainInstrumentation {
  body: string;
  /**
   * JSON-serialisable. The driver adds `stage`: `launch` (ran before the app's main script) or
   * `connect` (a packaged executable, which cannot preload modules: ran as soon as the driver
   * reached its main process, after the app's own code started).
   */
  arg?: Record<string, unknown>;
}

/** Where a MainInstrumentation ran, as the driver reports it in `arg.stage`. */
export type InstrumentationStage = 'launch' | 'connect';
