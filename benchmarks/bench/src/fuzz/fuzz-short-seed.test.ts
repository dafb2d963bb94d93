// The regression net of issue 16, at CI size: malformed calls for every tool with and without an
// app, the app killed mid-wait, a crashed renderer, a window closed under the agent, and the
// server SIGKILLed with an app running. The long run is `npx nx run bench:fuzz -- --calls 5000`.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { electronBin, fixtureDir, repoRoot } from '../driver-paths.js';
import { FIRST_PARTY_PLUGINS, runFuzz } from './run.js';

const serverPath = `${repoRoot()}/dist/apps/mcp-server/main.mjs`;

describe('the fuzz and fault run (short seed)', () => {
  it('answers every malformed call with a documented code, hangs never, breaks no protocol and leaves no process', async () => {
    expect(existsSync(serverPath), 'run `npx nx run mcp-server:build` first').toBe(true);
    const figures = await runFuzz({
      serverPath,
      electronPath: electronBin(),
      appDir: fixtureDir('bench'),
      faultAppDir: fixtureDir('troublesome'),
      seed: 20261130,
      calls: 240,
      operationTimeoutMs: 15_000,
      plugins: FIRST_PARTY_PLUGINS,
      selectorProbes: ['#nope'],
    });
    // Every tool the server can list is fuzzed, the plugins' included, and no answer blames the app
    // for the caller's input (a11y_audit answered RENDERER_UNRESPONSIVE + electron_stop for '#nope').
    expect(figures.tools).toEqual(expect.arrayContaining(['a11y_audit', 'clock_install', 'ipc_invoke', 'visual_check', 'trace_start']));
    expect(figures.findings).toEqual([]);
    expect(figures.blamesApp).toBe(0);
    expect({
      hangs: figures.hangs,
      crashes: figures.crashes,
      protocolBreaks: figures.protocolBreaks,
      leftovers: figures.leftovers,
    }).toEqual({
      hangs: 0,
      crashes: 0,
      protocolBreaks: 0,
      leftovers: [],
    });
    expect(figures.calls).toBeGreaterThanOrEqual(240);
    expect(figures.faults).toEqual([
      { name: 'app killed during a wait', code: 'APP_EXITED' },
      { name: 'app killed during a wait for an event', code: 'APP_EXITED' },
      { name: 'renderer crashed, then a snapshot', code: 'RENDERER_CRASHED' },
      { name: 'renderer crashed, then a click', code: 'RENDERER_CRASHED' },
      { name: 'window closed by the app, then a snapshot', code: expect.stringMatching(/^(APP_EXITED|WINDOW_NOT_FOUND)$/) },
      { name: 'server killed (SIGKILL) with an app running', code: 'OK' },
    ]);
  }, 600_000);
});
