// Every listed tool through the installed package (issue 37, item 2): the packed tarball installed
// into an empty folder, its `stagewright` bin started over stdio with every first-party plugin and
// --allow-eval, apps on the stand-in, and each row of matrix/tool-matrix.ts called in order, one
// app launch per group. A tool that works from the TypeScript sources but not from the bundle
// fails its row here.
//
// Time: a group's app is launched while the previous group's rows run, and stopped without
// holding up the next group; each group's calls carry its own sessionId.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdio, type StdioConnection } from '@stagewright/harness';
import { agentCli } from './agent-cli.js';
import { httpSubset } from './http-subset.js';
import { GROUPS, OUTSIDE_APP, ROWS, serverFlags } from './matrix/tool-matrix.js';
import type { Answer, Args, Group, MatrixContext, Row } from './matrix/types.js';
import { type Prepared, prepare } from './support/installed.js';
import { startOutsideApp, type OutsideApp } from './support/outside-app.js';

/** Tools whose answer names the session they start: it becomes the group's. */
const SESSION_STARTERS = new Set(['electron_launch', 'electron_attach', 'electron_inject']);

let prepared: Prepared;
let server: StdioConnection;
let outside: OutsideApp | undefined;
let listed: string[];
/** Tools whose input takes a sessionId (from tools/list). */
let sessionTools: Set<string>;
const state: Record<string, string> = {};
const launches = new Map<Group, Promise<Answer>>();
const teardowns: Promise<unknown>[] = [];

function context(group: { sessionId?: string }): MatrixContext {
  const call = async (tool: string, args: Args = {}) => {
    const withSession =
      group.sessionId && sessionTools.has(tool) && !('sessionId' in args) ? { ...args, sessionId: group.sessionId } : args;
    const answer = (await server.call(tool, withSession)) as Answer;
    if (SESSION_STARTERS.has(tool) && answer.ok === true) group.sessionId = answer.sessionId;
    return answer;
  };
  return {
    call,
    async must(tool, args = {}) {
      const answer = await call(tool, args);
      if (answer.ok !== true) throw new Error(`${tool} ${JSON.stringify(args)} answered ${JSON.stringify(answer)}`);
      return answer;
    },
    get sessionId() {
      return group.sessionId;
    },
    state,
    env: prepared.env,
  };
}

/** Starts a group's launch once; the group awaits it in its beforeAll. */
function launchOf(group: Group, session: { sessionId?: string }): Promise<Answer> | undefined {
  if (!group.setup) return undefined;
  if (!launches.has(group)) {
    const started = group.setup(context({}));
    started.catch(() => undefined);
    launches.set(group, started);
  }
  return launches.get(group)!.then((answer) => {
    session.sessionId = answer.sessionId;
    return answer;
  });
}

beforeAll(async () => {
  prepared = await prepare();
  [server, outside] = await Promise.all([
    connectStdio({ bundle: prepared.installed.bin, cwd: prepared.installed.dir, args: serverFlags(prepared.env), env: prepared.serverEnv }),
    startOutsideApp(OUTSIDE_APP.dir),
  ]);
  prepared.env.outside = outside;
  const { tools } = await server.client.listTools();
  listed = tools.map((tool) => tool.name);
  sessionTools = new Set(tools.filter((tool) => 'sessionId' in (tool.inputSchema.properties ?? {})).map((tool) => tool.name));
}, 300_000);

afterAll(async () => {
  await Promise.allSettled(teardowns);
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

GROUPS.forEach((group, index) => {
  describe(group.app, () => {
    const session: { sessionId?: string } = {};
    beforeAll(async () => {
      const next = GROUPS[index + 1];
      if (next) launchOf(next, {});
      await launchOf(group, session);
    }, 120_000);
    afterAll(() => {
      if (group.teardown) teardowns.push(group.teardown(context(session)).catch(() => undefined));
    });
    for (const row of group.rows) it(`${row.tool}: ${row.did}`, () => runRow(row, context(session)), 60_000);
  });
});

// Last, on the same install: the smaller set over Streamable HTTP, and the agent command line.
httpSubset(() => prepared);
agentCli(() => prepared);
