// ADR-0036 §1: no macro or workflow tool, ever. Repeatable automation lives in replay specs run
// outside the tool list; a tool whose input picks a tool, takes a list of steps or a command to
// dispatch would bring back the nested-selector design the granular surface replaced. Checked over
// every registered tool, core and every first-party plugin, eval granted so nothing is hidden.
import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { definePlugin, type DispatchRecord } from '@stagewright/sdk';
import { REPO_ROOT } from '@stagewright/harness';
import { assertPluginsBuilt, discoverWorkspacePlugins } from '@stagewright/reference';
import { connectInMemory } from './test-support/shipped.js';

const DISPATCH_WORDS = /^(tools?|tool_?names?|commands?|cmds?|steps?|actions|calls|macros?|workflows?|recipes?|sequence|plan|dispatch)$/i;
const CALL_SHAPE = [/^(tool|name|command)$/i, /^(args|arguments|params|input)$/i];

type Schema = {
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  description?: string;
};

/** Where a tool's input could select or compose other tools; [] when it cannot. */
function dispatchProblems(tool: string, schema: Schema, toolNames: ReadonlySet<string>, at = ''): string[] {
  const problems: string[] = [];
  const props = schema.properties ?? {};
  const keys = Object.keys(props);
  for (const key of keys)
    if (DISPATCH_WORDS.test(key)) problems.push(`${tool}${at}/${key}: a parameter named like a tool selector or step list`);
  if (CALL_SHAPE.every((re) => keys.some((key) => re.test(key))))
    problems.push(`${tool}${at}: an object shaped like a tool call (name + args)`);
  for (const value of [...(schema.enum ?? []), ...(schema.const !== undefined ? [schema.const] : [])])
    if (typeof value === 'string' && toolNames.has(value)) problems.push(`${tool}${at}: accepts the tool name "${value}" as a value`);
  if (/\b(tool name|dispatch|run (the )?tools?|steps to run)\b/i.test(schema.description ?? ''))
    problems.push(`${tool}${at}: described as selecting tools`);
  for (const [key, child] of Object.entries(props)) problems.push(...dispatchProblems(tool, child, toolNames, `${at}/${key}`));
  if (schema.items) problems.push(...dispatchProblems(tool, schema.items, toolNames, `${at}[]`));
  for (const [i, option] of (schema.anyOf ?? []).entries()) problems.push(...dispatchProblems(tool, option, toolNames, `${at}|${i}`));
  return problems;
}

describe('ADR-0036: no tool composes other tools', () => {
  it('the check itself catches the designs the ADR forbids', () => {
    const names = new Set(['electron_click']);
    expect(dispatchProblems('run_macro', { properties: { command: {}, args: {} } }, names)).not.toEqual([]);
    expect(
      dispatchProblems('run_workflow', { properties: { list: { items: { properties: { name: {}, args: {} } } } } }, names),
    ).not.toEqual([]);
    expect(dispatchProblems('pick', { properties: { what: { anyOf: [{ const: 'electron_click' }] } } }, names)).not.toEqual([]);
    expect(dispatchProblems('electron_click', { properties: { ref: {}, selector: {} } }, names)).toEqual([]);
  });

  it('holds for every core and first-party plugin tool', { timeout: 120_000 }, async () => {
    const workspace = await discoverWorkspacePlugins(REPO_ROOT);
    assertPluginsBuilt(workspace);
    expect(workspace.map((plugin) => plugin.name)).toContain('trace');
    const conn = await connectInMemory({ allowEval: true, plugins: workspace.map((plugin) => plugin.entry) });
    try {
      const { tools } = await conn.client.listTools();
      const names = new Set(tools.map((tool) => tool.name));
      expect(tools.length).toBeGreaterThan(60);
      expect(tools.flatMap((tool) => dispatchProblems(tool.name, tool.inputSchema as Schema, names))).toEqual([]);
    } finally {
      await conn.close();
    }
  });

  it('the trace plugin’s tools never dispatch: each call is exactly one dispatch', { timeout: 60_000 }, async () => {
    const seen: DispatchRecord[] = [];
    const counter = definePlugin({
      name: 'counter',
      version: '0.1.0',
      sdkRange: '^1.0.0',
      tools: [],
      setup: (ctx) => ctx.observe((r) => void seen.push(r)),
    });
    const dir = mkdtempSync(join(tmpdir(), 'sw-no-macro-'));
    const conn = await connectInMemory({ plugins: ['trace', counter], pluginConfigs: { trace: { dir } } });
    try {
      const calls = ['trace_start', 'trace_status', 'electron_status', 'trace_stop', 'trace_status'];
      for (const name of calls) expect(await conn.call(name, {})).toMatchObject({ ok: true });
      expect(seen.map((record) => record.tool)).toEqual(calls);
    } finally {
      await conn.close();
    }
  });
});
