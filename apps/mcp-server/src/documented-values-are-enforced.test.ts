// ADR-0050: values moved out of a schema into stagewright://tools are documentation, never the
// only check. For every tool whose reference lists accepted values, a call with a value outside
// them must be refused with BAD_ARGUMENT naming those values, on a live app, changing nothing.
import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { withApp } from '@stagewright/harness';

interface DocTool {
  name: string;
  values?: Record<string, (string | number)[]>;
}
interface ListedProp {
  type?: string;
  enum?: unknown[];
  anyOf?: unknown[];
  minimum?: number;
}

const BOGUS = '__not_a_value__';

/** Minimal valid-looking arguments: a selector for element tools, a placeholder per required field. */
function baseArgs(schema: { properties?: Record<string, ListedProp>; required?: string[] }): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  const props = schema.properties ?? {};
  if ('selector' in props) args.selector = 'body';
  for (const name of schema.required ?? []) {
    const prop = props[name] ?? {};
    args[name] = prop.type === 'array' ? ['x'] : prop.type === 'integer' || prop.type === 'number' ? (prop.minimum ?? 1) : prop.type === 'boolean' ? false : 'x';
  }
  return args;
}

describe('values documented only in stagewright://tools', () => {
  it('are each enforced by validation, with the accepted values in the error', async () => {
    await withApp('bench', async (app) => {
      const resource = await app.client.readResource({ uri: 'stagewright://tools' });
      const doc = JSON.parse(String((resource.contents[0] as { text: string }).text)) as { tools: DocTool[] };
      const listed = new Map((await app.client.listTools()).tools.map((tool) => [tool.name, tool.inputSchema as { properties?: Record<string, ListedProp>; required?: string[] }]));
      const checked: string[] = [];
      for (const tool of doc.tools) {
        for (const [param, values] of Object.entries(tool.values ?? {})) {
          const schema = listed.get(tool.name)!;
          const prop = schema.properties?.[param];
          expect(prop, `${tool.name}.${param} is documented but not a parameter`).toBeDefined();
          const bogus = prop!.type === 'array' ? [BOGUS] : BOGUS;
          const result = await app.call(tool.name, { ...baseArgs(schema), [param]: bogus });
          expect(result, `${tool.name}.${param}`).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
          const accepted = (result.details as { accepted?: unknown[] } | undefined)?.accepted;
          expect(accepted, `${tool.name}.${param}: the error must name the accepted values`).toEqual(expect.arrayContaining(values));
          checked.push(`${tool.name}.${param}`);
        }
      }
      // The app is untouched: the greeting form still shows no status.
      expect(await app.call('electron_get_text', { selector: '#status' })).toMatchObject({ ok: true, text: '' });
      expect(checked.length).toBeGreaterThanOrEqual(6);
    });
  });
});
