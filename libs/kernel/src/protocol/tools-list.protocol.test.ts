// tools/list is paid by every conversation and cached by hosts: it must be canonical (sorted),
// free of `$schema`, annotated from `kind`, and show eval tools only to the targets granted.
import { afterEach, describe, expect, it } from 'vitest';
import type { InMemoryConnection } from '../test-fixtures/connect.js';
import { connectExample } from '../test-fixtures/connect.js';

let connection: InMemoryConnection | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

async function listed(options: Parameters<typeof connectExample>[0] = {}) {
  connection = await connectExample(options);
  return (await connection.client.listTools()).tools;
}

describe('tools/list', () => {
  it('is sorted by name and has no $schema or sanity size bounds anywhere', async () => {
    const tools = await listed();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(['electron_demo_check', 'electron_demo_echo', 'electron_demo_reset', 'electron_demo_work', 'electron_drag']);
    expect(JSON.stringify(tools)).not.toContain('$schema');
    expect(tools.find((tool) => tool.name === 'electron_demo_echo')?.inputSchema).toEqual({
      type: 'object',
      required: ['text'],
      properties: {
        text: { type: 'string' },
        mode: {
          anyOf: [
            { type: 'string', const: 'upper' },
            { type: 'string', const: 'lower' },
          ],
        },
        repeat: { type: 'integer', minimum: 1, maximum: 5 },
      },
      additionalProperties: false,
    });
  });

  it('still enforces an unlisted bound, names it in the error, and documents it in stagewright://tools', async () => {
    connection = await connectExample();
    const tooLong = await connection.call('electron_demo_echo', { text: 'x'.repeat(101) });
    expect(tooLong).toMatchObject({ ok: false, code: 'BAD_ARGUMENT', details: { param: 'text' } });
    expect(String(tooLong.error)).toMatch(/text .*100/);
    const resource = await connection.client.readResource({ uri: 'stagewright://tools' });
    const doc = JSON.parse(String((resource.contents[0] as { text: string }).text));
    const echo = doc.tools.find((tool: { name: string }) => tool.name === 'electron_demo_echo');
    expect(echo.limits).toEqual({ 'text.maxLength': 100 });
  });

  it('carries annotations derived from each kind', async () => {
    const tools = await listed();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool.annotations]));
    expect(byName.electron_demo_echo).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(byName.electron_demo_check).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(byName.electron_demo_work).toEqual({ destructiveHint: false, openWorldHint: false });
    expect(byName.electron_demo_reset).toEqual({ openWorldHint: false });
  });

  it('hides eval tools without the grant and shows them per granted target', async () => {
    const evalNames = async (allowEval?: boolean | ('main' | 'renderer')[]) => {
      const names = (await listed({ allowEval })).map((tool) => tool.name).filter((name) => name.includes('eval'));
      await connection?.close();
      connection = undefined;
      return names;
    };
    expect(await evalNames()).toEqual([]);
    expect(await evalNames(['main'])).toEqual(['electron_demo_eval_main']);
    expect(await evalNames(['renderer'])).toEqual(['electron_demo_eval_renderer']);
    expect(await evalNames(true)).toEqual(['electron_demo_eval_main', 'electron_demo_eval_renderer']);
  });

  it('keeps eval tools with their grant whatever the profile, and drops core tools the profile lacks', async () => {
    const names = (await listed({ toolProfile: 'essential', allowEval: ['main'] })).map((tool) => tool.name);
    expect(names).toEqual(['electron_demo_eval_main']);
  });

  it('lists the core tools a named profile has', async () => {
    expect((await listed({ toolProfile: 'testing' })).map((tool) => tool.name)).toEqual(['electron_drag']);
  });

  it('matches toolNames() of the server', async () => {
    const tools = await listed({ allowEval: true });
    expect(connection!.server.toolNames()).toEqual(tools.map((tool) => tool.name));
  });
});
