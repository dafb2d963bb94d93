// Every listed tool through the installed package (issue 37, item 2): the packed tarball installed
// into an empty folder, its `stagewright` bin started over stdio with every first-party plugin and
// --allow-eval, apps on the stand-in, and each row of matrix/tool-matrix.ts called in order, one
// app launch per group. A tool that works from the TypeScript sources but not from the bundle
// fails its row here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdio, type StdioConnection } from '@stagewright/harness';
import { GROUPS, OUTSIDE_APP, ROWS, serverFlags } from './matrix/tool-matrix.js';
import type { Answer, Args, MatrixContext, Row } from './matrix/types.js';
import { type Prepared, prepare } from './support/installed.js';
import { startOutsideApp, type OutsideApp } from './support/outside-app.js';

let prepared: Prepared;
let server: StdioConnection;
let outside: OutsideApp | undefined;
let listed: string[];
const state: Record<string, string> = {};

function context(): MatrixContext {
  const call = (tool: string, args: Args = {}) => server.call(tool, args) as Promise<Answer>;
  return {
    call,
    async must(tool, args = {}) {
      const answer = await call(tool, args);
      if (answer.ok !== true) throw new Error(`${tool} ${JSON.stringify(args)} answered ${JSON.stringify(answer)}`);
      return answer;
    },
    state,
    env: prepared.env,
  };
}

beforeAll(async () => {
  prepared = await prepare();
  [server, outside] = await Promise.all([
    connectStdio({ bundle: prepared.installed.bin, cwd: prepared.installed.dir, args: serverFlags(prepared.env), env: prepared.serverEnv }),
    startOutsideApp(OUTSIDE_APP.dir),
  ]);
  prepared.env.outside = outside;
  listed = (await server.client.listTools()).tools.map((tool) => tool.name);
}, 300_000);

afterAll(async () => {
  outside?.kill();
  await server?.close();
  await prepared?.cleanup();
});

it('has exactly one row for every tool the installed package lists', () => {
  const rowTools = ROWS.map((row) => row.tool);
  expect(new Set(rowTools).size, 'a tool has two rows').toBe(rowTools.length);
  expect(
    listed.filter((tool) => !rowTools.includes(tool)),
    'listed tools without a row in matrix/tool-matrix.ts',
  ).toEqual([]);
  expect(
    rowTools.filter((tool) => !listed.includes(tool)),
    'rows for tools the package does not list',
  ).toEqual([]);
});

async function runRow(row: Row, ctx: MatrixContext): Promise<void> {
  await row.before?.(ctx);
  const args = typeof row.args === 'function' ? row.args(ctx) : row.args;
  let done = false;
  const pending = ctx.call(row.tool, args).finally(() => {
    done = true;
  });
  if (row.during) await row.during(ctx, () => done);
  const answer = await pending;
  if (row.result.kind === 'error') {
    expect(answer, `${row.tool} should refuse: ${row.result.why}`).toMatchObject({
      ok: false,
      code: row.result.code,
      error: expect.any(String),
    });
    return;
  }
  if (answer.ok !== true) expect.fail(`${row.tool} ${JSON.stringify(args)} answered ${JSON.stringify(answer)}`);
  row.result.shape(answer, ctx);
  await row.readBack?.(answer, ctx);
}

for (const group of GROUPS) {
  describe(group.app, () => {
    beforeAll(async () => {
      await group.setup?.(context());
    }, 120_000);
    afterAll(async () => {
      await group.teardown?.(context());
    });
    for (const row of group.rows) it(`${row.tool}: ${row.did}`, () => runRow(row, context()), 60_000);
  });
}
