import type { RegisteredTool } from './registry.js';

/**
 * Compiles the validators of `tools` one per event-loop turn, once the schema compiler is loaded
 * (issue 24). Core tools compile at their first call (registry.ts), which put 0.2–6 ms on every
 * tool's first call; the first call of a session is almost always a launch or an attach, which
 * spends a second or more waiting for the app, and these turns fill that wait. One schema per
 * turn (setImmediate) keeps any request that arrives meanwhile from waiting for more than one.
 * A schema that does not compile is left for its own call to report, as before.
 */
export function compileInIdleTime(tools: readonly RegisteredTool[]): void {
  const pending = [...tools];
  const next = () => {
    const tool = pending.shift();
    if (!tool) return;
    try {
      void tool.validator;
    } catch {
      // Its call answers with the registration error, as it would without the warm-up.
    }
    setImmediate(next).unref();
  };
  setImmediate(next).unref();
}
