import { definePlugin, type SessionState } from '@stagewright/sdk';
import { leaksTool } from './leaks-tool.js';
import { createPerfAgent } from './main-agent.js';
import { metricsTool } from './metrics-tool.js';
import { profileTool, type RunningProfiles } from './profile-tool.js';

/**
 * The perf plugin: per-process CPU and memory, startup timing, CPU profiles of the main process
 * or a renderer, and a leak check over repeated clicks. Every read and profile runs the plugin's
 * own fixed code (app.getAppMetrics, the V8 profiler, DevTools memory counters), never the agent's,
 * so no grant is needed. Startup marks are recorded by a hook preloaded into each launched app
 * (instrumentMain). A factory: each server gets its own key and its own running profiles.
 */
export function createPerfPlugin() {
  const agent = createPerfAgent();
  // Made in setup, where the kernel hands out per-session stores.
  let running: SessionState<RunningProfiles> | undefined;
  return definePlugin({
    name: 'perf',
    version: '0.1.0',
    sdkRange: '^1.4.0',
    tools: [metricsTool(agent), profileTool(agent, () => running), leaksTool()],
    errorCodes: {
      PROFILE_RUNNING: { retryable: false, hint: 'Stop the running profile (perf_profile action stop) before starting another.' },
      NOT_PROFILING: { retryable: false, hint: 'Start a profile first (perf_profile action start), act, then stop it.' },
    },
    setup(ctx) {
      running = ctx.sessionState(() => new Set());
      ctx.instrumentMain(agent.instrumentation({ op: 'install' }));
      agent.undoOnDetach(ctx, 'remove its startup hooks and stop its profiler');
    },
  });
}

/** What `--plugin` loads: a factory, called once per server. */
export default function perfPlugin() {
  return createPerfPlugin();
}
