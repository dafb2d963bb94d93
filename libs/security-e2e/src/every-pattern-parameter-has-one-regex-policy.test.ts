// A pattern that backtracks catastrophically freezes the server for every client; one tool that
// skipped the check (console_logs answered ok to ^(a|aa)*$) is enough. Every pattern parameter
// of every core and plugin tool, read from the generated catalogue, refuses the same shapes.
import { networkApp } from '@stagewright/fixtures/network';
import { withApp } from '@stagewright/harness';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from './test-support/catalogue.js';
import { connect } from './test-support/connect.js';

interface CatalogueTool {
  name: string;
  module: string;
  input: { properties?: Record<string, { type?: string }> };
}

const catalogue = readCatalogue<CatalogueTool>();
const plugins = [...new Set(catalogue.tools.filter((t) => t.module.endsWith(' plugin')).map((t) => t.module.replace(/ plugin$/, '')))];
/** Pattern parameters go by these names (libs/core-tools/src/shared/regex.ts is their one policy). */
const PATTERN_NAMES = new Set(['matches', 'regex', 'pattern']);
const patterns = catalogue.tools.flatMap((tool) =>
  Object.entries(tool.input.properties ?? {})
    .filter(([name, schema]) => schema.type === 'string' && PATTERN_NAMES.has(name))
    .map(([param]) => ({ tool, param })),
);
/** Exponential (overlapping alternation), nested quantifiers, backreference. */
const UNSAFE = ['^(a|aa)*$', '(a+)+$', '(a)\\1'];

describe('every pattern parameter', () => {
  it('refuses each unsafe shape with UNSAFE_REGEX, before touching the app', async () => {
    expect(patterns.map((p) => p.tool.name)).toEqual(
      expect.arrayContaining(['electron_console_logs', 'electron_expect_text', 'electron_expect_url']),
    );
    await withApp(
      () => connect({ plugins }),
      networkApp,
      async (app) => {
        for (const { tool, param } of patterns) {
          const target = tool.input.properties?.selector ? { selector: 'body' } : {};
          for (const pattern of UNSAFE) {
            const result = await app.call(tool.name, { ...target, [param]: pattern });
            expect(result, `${tool.name} ${param}=${pattern}`).toMatchObject({ ok: false, code: 'UNSAFE_REGEX', details: { param } });
          }
        }
      },
    );
  });
});
