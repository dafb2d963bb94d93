// ADR-0037 / ADR-0001: values and size bounds moved out of tools/list into stagewright://tools
// are documentation, never the only check. For every tool, a call outside a documented value set
// or bound must be refused with BAD_ARGUMENT naming it, on a live app, changing nothing.
import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { withApp } from './test-support/shipped.js';

interface DocTool {
  name: string;
  values?: Record<string, (string | number)[]>;
  limits?: Record<string, number>;
}
interface ListedProp {
  type?: string;
  enum?: unknown[];
  anyOf?: unknown[];
  minimum?: number;
  items?: ListedProp;
}

const BOGUS = '__not_a_value__';

/** Minimal valid-looking arguments: a selector for element tools, a placeholder per required field. */
function baseArgs(schema: { properties?: Record<string, ListedProp>; required?: string[] }): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  const props = schema.properties ?? {};
  if ('selector' in props) args.selector = 'body';
  for (const name of schema.required ?? []) {
    const prop = props[name] ?? {};
    args[name] =
      prop.type === 'array'
        ? ['x']
        : prop.type === 'integer' || prop.type === 'number'
          ? (prop.minimum ?? 1)
          : prop.type === 'boolean'
            ? false
            : 'x';
  }
  return args;
}

/** A placeholder that satisfies a listed schema's type. */
function sample(prop: ListedProp | undefined): unknown {
  return prop?.type === 'integer' || prop?.type === 'number'
    ? (prop.minimum ?? 1)
    : prop?.type === 'boolean'
      ? false
      : prop?.type === 'object'
        ? {}
        : 'x';
}

/** A value for `param` that breaks exactly the limit at `path` (`text.maxLength`, `keys[].maxLength`, `env.*.maxLength`). */
function breaking(path: string, limit: number, prop: ListedProp): unknown {
  const segments = path.split('.');
  const keyword = segments.pop()!;
  const over = limit + 1;
  let value: unknown =
    keyword === 'maxLength'
      ? 'x'.repeat(over)
      : keyword === 'maxItems'
        ? Array.from({ length: over }, () => sample(prop.items))
        : Object.fromEntries(Array.from({ length: over }, (_, i) => [`k${i}`, 'x']));
  for (const segment of segments.slice(1).reverse()) value = segment === '*' ? { k: value } : { [segment]: value };
  return segments[0].endsWith('[]') ? [value] : value;
}

describe('values and limits documented only in stagewright://tools', () => {
  it('are each enforced by validation, named in the error, for every listed tool', async () => {
    await withApp('bench', async (app) => {
      const resource = await app.client.readResource({ uri: 'stagewright://tools' });
      const doc = JSON.parse(String((resource.contents[0] as { text: string }).text)) as { tools: DocTool[] };
      const listed = new Map(
        (await app.client.listTools()).tools.map((tool) => [
          tool.name,
          tool.inputSchema as { properties?: Record<string, ListedProp>; required?: string[] },
        ]),
      );
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
      // Every listed tool has an entry: the reference covers the whole surface.
      expect(doc.tools.map((tool) => tool.name).sort()).toEqual([...listed.keys()].sort());

      // Size bounds left out of tools/list (ADR-0001) are enforced and named.
      let limitsChecked = 0;
      for (const tool of doc.tools) {
        for (const [path, limit] of Object.entries(tool.limits ?? {})) {
          const param = path.split('.')[0].replace(/\[\]$/, '');
          const schema = listed.get(tool.name)!;
          const prop = schema.properties![param];
          const result = await app.call(tool.name, { ...baseArgs(schema), [param]: breaking(path, limit, prop) });
          expect(result, `${tool.name} ${path}`).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
          expect(String(result.error), `${tool.name} ${path}: the error names the parameter and the bound`).toMatch(
            new RegExp(`${param}[\\s\\S]*${limit}`),
          );
          limitsChecked++;
        }
      }
      expect(limitsChecked).toBeGreaterThanOrEqual(40);

      // The app is untouched: the greeting form still shows no status.
      expect(await app.call('electron_get_text', { selector: '#status' })).toMatchObject({ ok: true, text: '' });
      expect(checked.length).toBeGreaterThanOrEqual(6);
    });
  });
});
