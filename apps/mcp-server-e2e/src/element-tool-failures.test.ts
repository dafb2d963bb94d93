// Every element tool resolves its target through one helper, but each documents its own failure
// codes; an agent relies on getting exactly those. This walks every listed tool and provokes the
// target failures it documents (no session, a stale ref, a selector that matches nothing), so a
// tool that stops producing a code it documents, or produces an undocumented one, fails here.
import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { connectInMemory, withApp } from './test-support/shipped.js';

interface DocTool {
  name: string;
  /** Codes only; their meaning and hint are in stagewright://errors. */
  errors?: string[];
}
interface Schema {
  properties?: Record<string, { type?: string; minimum?: number; items?: { type?: string } }>;
  required?: string[];
}

/** A file that exists on the host, for the file tools. */
const HOST_FILE = new URL('../project.json', import.meta.url).pathname;

/** Tools whose handler needs one of several optional parameters before it looks at the target. */
const EXTRA: Record<string, Record<string, unknown>> = {
  electron_expect_count: { equals: 1 },
  electron_expect_text: { contains: 'x' },
  electron_expect_value: { equals: 'x' },
  electron_assert_pattern: { contains: 'x' },
  electron_press_sequence: { keys: ['Enter'] },
  electron_scroll: { dy: 10 },
  electron_drag: { targetSelector: 'body' },
  electron_set_files: { paths: [HOST_FILE] },
  electron_drop_file: { paths: [HOST_FILE] },
};

/** Placeholders for required parameters, so the call gets past validation to the target. */
function required(schema: Schema, tool = ''): Record<string, unknown> {
  const args: Record<string, unknown> = { ...EXTRA[tool] };
  for (const name of schema.required ?? []) {
    if (name in args) continue;
    const prop = schema.properties?.[name] ?? {};
    args[name] =
      prop.type === 'array'
        ? ['visible']
        : prop.type === 'integer' || prop.type === 'number'
          ? (prop.minimum ?? 1)
          : prop.type === 'boolean'
            ? false
            : 'x';
  }
  if (schema.properties?.timeoutMs) args.timeoutMs = 300;
  return args;
}

async function documented(client: {
  readResource(a: { uri: string }): Promise<{ contents: unknown[] }>;
}): Promise<Map<string, Set<string>>> {
  const resource = await client.readResource({ uri: 'stagewright://tools' });
  const doc = JSON.parse(String((resource.contents[0] as { text: string }).text)) as { tools: DocTool[]; sessionErrors?: string };
  // The whole catalogue names the session codes once, for every tool that takes sessionId (ADR-0044).
  const sessionCodes = (doc.sessionErrors ?? '')
    .split(':')[0]
    .split(',')
    .map((code) => code.trim());
  return new Map(doc.tools.map((tool) => [tool.name, new Set([...(tool.errors ?? []), ...sessionCodes])]));
}

describe('documented target failures of every element tool', () => {
  it('without a session, each session tool says NO_SESSION', async () => {
    const conn = await connectInMemory();
    try {
      const codes = await documented(conn.client);
      const tools = (await conn.client.listTools()).tools.filter(
        (t) => (t.inputSchema as Schema).properties?.sessionId && (t.inputSchema as Schema).properties?.selector,
      );
      expect(tools.length).toBeGreaterThanOrEqual(30);
      const undocumented: string[] = [];
      for (const tool of tools) {
        const result = await conn.call(tool.name, { selector: 'body', ...required(tool.inputSchema as Schema, tool.name) });
        expect(result, tool.name).toMatchObject({ ok: false, code: 'NO_SESSION' });
        if (!codes.get(tool.name)?.has('NO_SESSION')) undocumented.push(tool.name);
      }
      expect(undocumented, 'tools that return NO_SESSION without documenting it').toEqual([]);
    } finally {
      await conn.close();
    }
  });

  // Actions wait up to 5 s for a missing element to appear before they give up.
  it('on a live app, a stale ref and a selector that matches nothing give the codes each tool documents', {
    timeout: 120_000,
  }, async () => {
    await withApp('bench', async (app) => {
      const codes = await documented(app.client);
      const tools = (await app.client.listTools()).tools.filter(
        (t) => (t.inputSchema as Schema).properties?.ref && (t.inputSchema as Schema).properties?.selector,
      );
      const unexpected: string[] = [];
      let notFound = 0;
      for (const tool of tools) {
        const own = codes.get(tool.name) ?? new Set<string>();
        const stale = await app.call(tool.name, { ...required(tool.inputSchema as Schema, tool.name), ref: 'e99999' });
        expect(stale.code, `${tool.name}: placeholders must pass validation`).not.toBe('BAD_ARGUMENT');
        if (own.has('REF_NOT_FOUND') && stale.code !== 'REF_NOT_FOUND')
          unexpected.push(`${tool.name}: documents REF_NOT_FOUND but gave ${stale.ok ? 'ok' : stale.code} for a stale ref`);
        if (!stale.ok && !own.has(String(stale.code))) unexpected.push(`${tool.name}: ${stale.code} for a stale ref`);
      }
      // Nothing matches, so these change nothing: run them together (actions wait for the element).
      const missing = await Promise.all(
        tools.map((tool) => app.call(tool.name, { ...required(tool.inputSchema as Schema, tool.name), selector: '#no-such-element' })),
      );
      missing.forEach((result, i) => {
        const name = tools[i].name;
        expect(result.code, `${name}: placeholders must pass validation`).not.toBe('BAD_ARGUMENT');
        if (!result.ok && !(codes.get(name) ?? new Set()).has(String(result.code)))
          unexpected.push(`${name}: ${result.code} for a missing element`);
        if (!result.ok && result.code === 'ELEMENT_NOT_FOUND') notFound++;
      });
      expect(unexpected, 'codes returned and codes documented in stagewright://tools must agree').toEqual([]);
      expect(notFound).toBeGreaterThanOrEqual(10);
    });
  });
});
