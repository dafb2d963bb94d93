// `npx nx run bench:failure-path`: which source files run while one `electron_click {ref}` is
// handled, on failure and on success (issue 21, ADR-0014). Not part of `npm test`: it is a figure.
//
// Method: V8 precise coverage with call counts, in the process that runs the in-process server.
// Counters are reset when the dispatcher starts the handler (`runWithBackstop`) and read when the
// envelope is returned (`answer`). A file counts when one of its functions ran in between
// (workspace source only: node_modules, tests and this file excluded). The failure case is a ref
// to a disabled button (ELEMENT_DISABLED, after Playwright's actionability wait); the success case
// a ref to an enabled one. Run with vitest so the TypeScript sources are the scripts V8 sees.
import { Session } from 'node:inspector/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { electronExecutable } from '@stagewright/fake-electron';
import { signalsApp } from '@stagewright/fixtures/signals';
import { REPO_ROOT, connectInMemory, type InMemoryConnection } from '@stagewright/harness';
import { createStagewrightServer, type StagewrightServerOptions } from '@stagewright/mcp-server';
// The kernel keeps its dispatcher private; the same module instance the server uses, by path.
import { Dispatcher } from '../../../../libs/kernel/src/call/dispatcher.js';

type Coverage = { result: { url: string; functions: { count?: number; ranges: { count: number }[] }[] }[] };

const inspector = new Session();
let measuring: string | undefined;
let files: string[] | undefined;
let mcp: InMemoryConnection<Awaited<ReturnType<typeof createStagewrightServer>>>;

/** Workspace source files with a function that ran since the last reset. */
function ranFiles(coverage: Coverage): string[] {
  const out = new Set<string>();
  for (const script of coverage.result) {
    if (!script.url.startsWith('file://')) continue;
    const path = fileURLToPath(script.url.split('?')[0]);
    const file = relative(REPO_ROOT, path);
    if (file.startsWith('..') || file.includes('node_modules') || /\.(test|measure)\.ts$/.test(file)) continue;
    if (script.functions.some((fn) => fn.ranges[0]?.count > 0)) out.add(file);
  }
  return [...out].sort();
}

/** Wraps the dispatcher's two private steps: reset at the handler's start, read at the envelope. */
function instrument(): void {
  const proto = Dispatcher.prototype as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const run = proto.runWithBackstop;
  const answer = proto.answer;
  proto.runWithBackstop = async function (this: unknown, ...args: unknown[]) {
    if (measuring === (args[0] as { name: string }).name) await inspector.post('Profiler.takePreciseCoverage');
    return run.apply(this, args);
  };
  proto.answer = async function (this: unknown, ...args: unknown[]) {
    const result = await answer.apply(this, args);
    if (measuring === args[0]) {
      files = ranFiles((await inspector.post('Profiler.takePreciseCoverage')) as Coverage);
      measuring = undefined;
    }
    return result;
  };
}

async function measure(tool: string, args: Record<string, unknown>): Promise<{ answer: Record<string, unknown>; files: string[] }> {
  files = undefined;
  measuring = tool;
  const answer = await mcp.call(tool, args);
  expect(files, 'the dispatcher was not instrumented').toBeDefined();
  return { answer, files: files! };
}

beforeAll(async () => {
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  instrument();
  mcp = await connectInMemory<StagewrightServerOptions, Awaited<ReturnType<typeof createStagewrightServer>>>({
    create: (options) => createStagewrightServer({ ...options, driverOptions: { fallbackExecutablePath: electronExecutable() } }),
  });
  expect(await mcp.call('electron_launch', { main: signalsApp.dir })).toMatchObject({ ok: true });
}, 120_000);

afterAll(async () => {
  await mcp?.call('electron_stop', {});
  await mcp?.close();
  inspector.disconnect();
});

it('counts the files on the failure and success paths of electron_click {ref}', { timeout: 120_000 }, async () => {
  const snapshot = String((await mcp.call('electron_snapshot', {})).snapshot);
  const ref = (name: string) => snapshot.match(new RegExp(`button "${name}"[^\\n]*\\[ref=(e\\d+)\\]`))?.[1];
  // Warm once each way, so module loading done by the first call is not counted.
  for (let round = 0; round < 2; round++) {
    const failure = await measure('electron_click', { ref: ref('Submit') });
    const success = await measure('electron_click', { ref: ref('Add item') });
    expect(failure.answer).toMatchObject({ ok: false, code: 'ELEMENT_DISABLED' });
    expect(success.answer).toMatchObject({ ok: true });
    if (round === 1) {
      console.log(`failure path: ${failure.files.length} files\n  ${failure.files.join('\n  ')}`);
      console.log(`success path: ${success.files.length} files\n  ${success.files.join('\n  ')}`);
      console.log(`only on failure: ${failure.files.filter((f) => !success.files.includes(f)).join(', ')}`);
    }
  }
});
