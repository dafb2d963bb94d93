// An empty matcher matches everything: `contains: ""` passed every expectation, `title: ""`
// switched to the first window, and `name: ""` could widen a destructive filter. Every matcher
// parameter of every core and plugin tool, read from the generated catalogue, refuses "".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogue } from './test-support/catalogue.js';
import { connect, type Connection } from './test-support/connect.js';

interface CatalogueTool {
  name: string;
  module: string;
  input: { properties?: Record<string, { type?: string }> };
}

const catalogue = readCatalogue<CatalogueTool>();
const plugins = [...new Set(catalogue.tools.filter((t) => t.module.endsWith(' plugin')).map((t) => t.module.replace(/ plugin$/, '')))];

/** Parameters that select by text wherever they appear. */
const MATCHER_NAMES = new Set(['contains', 'matches', 'title', 'url']);
/** Matchers whose names also mean other things elsewhere (a cookie's name to set, a file name). */
const MATCHERS_OF: Record<string, string[]> = {
  electron_find: ['role', 'name', 'text'],
  electron_switch_window: ['window'],
  storage_cookies_clear: ['name', 'domain', 'path'],
};

const matchers = catalogue.tools.flatMap((tool) =>
  Object.entries(tool.input.properties ?? {})
    .filter(([name, schema]) => schema.type === 'string' && (MATCHER_NAMES.has(name) || MATCHERS_OF[tool.name]?.includes(name)))
    .map(([param]) => ({ tool: tool.name, param })),
);

let conn: Connection;
beforeAll(async () => {
  conn = await connect({ plugins, allowEval: true, allowImpersonation: true });
});
afterAll(() => conn.close());

describe('empty matchers', () => {
  it('are found in core and plugin tools (the class is not empty)', () => {
    const tools = new Set(matchers.map((m) => m.tool));
    for (const name of [
      'electron_expect_url',
      'electron_expect_text',
      'electron_switch_window',
      'electron_console_logs',
      'network_capture',
    ]) {
      expect(tools.has(name), name).toBe(true);
    }
    for (const [tool, params] of Object.entries(MATCHERS_OF)) {
      for (const param of params) expect(matchers, `${tool}.${param}`).toContainEqual({ tool, param });
    }
  });

  for (const { tool, param } of matchers) {
    it(`${tool} refuses ${param}: "" as BAD_ARGUMENT naming it`, async () => {
      const result = await conn.call(tool, { [param]: '' });
      expect(result).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
      expect(result.error).toContain(param);
      expect(result.details, JSON.stringify(result)).toMatchObject({ param });
    });
  }
});
