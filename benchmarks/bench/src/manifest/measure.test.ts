// The budget is only as good as the measurement: it must read tools/list as a host does (real
// client, every page) and count exactly `{ tools }`, or the baseline gates a payload nobody receives.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { listTools, measureServer, type ConnectableServer } from './measure.js';
import { measureVariants } from './run.js';
import { createReport, distinctTools, formatPerToolTable, formatTargets } from './report.js';

/** Two example tools; the description of the second has non-ASCII text so code points and bytes differ. */
const TOOLS = [
  {
    name: 'demo_echo',
    description: 'Echo the given text.',
    inputSchema: {
      type: 'object' as const,
      properties: { text: { type: 'string', description: 'Text to echo.' } },
      required: ['text'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'demo_wait',
    description: 'Wait a moment — bounded to 1 s.',
    inputSchema: { type: 'object' as const, properties: { ms: { type: 'integer', maximum: 1000 } }, additionalProperties: false },
  },
];

/** A fixed tiny server; with pageSize 1 it paginates like a large one would. */
function tinyServer(pageSize = TOOLS.length): ConnectableServer & { closed: boolean } {
  const server = new Server({ name: 'tiny', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const start = Number(request.params?.cursor ?? 0);
    const next = start + pageSize;
    return { tools: TOOLS.slice(start, next), ...(next < TOOLS.length ? { nextCursor: String(next) } : {}) };
  });
  const handle = {
    closed: false,
    connect: (transport: Parameters<Server['connect']>[0]) => server.connect(transport),
    close: async () => {
      handle.closed = true;
      await server.close();
    },
  };
  return handle;
}

const PAYLOAD = JSON.stringify({ tools: TOOLS });

describe('manifest measurement', () => {
  it('reads the listing through a real client, exactly as the server sent it', async () => {
    expect(await listTools(async () => tinyServer())).toEqual(TOOLS);
  });

  it('follows every page of a paginated listing', async () => {
    expect((await listTools(async () => tinyServer(1))).map((t) => t.name)).toEqual(['demo_echo', 'demo_wait']);
  });

  it('closes the server after measuring it', async () => {
    const server = tinyServer();
    await listTools(async () => server);
    expect(server.closed).toBe(true);
  });

  it('records code points, UTF-8 bytes and o200k_base BPE of exactly { tools }', async () => {
    const m = await measureServer(async () => tinyServer());
    expect(m.codePoints).toBe(PAYLOAD.length);
    expect(m.bytes).toBe(PAYLOAD.length + 2); // the em dash is one code point, three bytes
    expect(m).toMatchObject({ toolCount: 2, bpe: 102, names: ['demo_echo', 'demo_wait'] });
  });

  it('records each tool serialized alone, the average and the largest first', async () => {
    const m = await measureServer(async () => tinyServer());
    expect(m.perTool).toEqual([
      { name: 'demo_echo', bpe: 54 },
      { name: 'demo_wait', bpe: 44 },
    ]);
    expect(m.averageBpe).toBe(49);
    expect(m.largest.map((t) => t.name)).toEqual(['demo_echo', 'demo_wait']);
  });

  it('measures each variant on its own server and names a variant that fails', async () => {
    const seen: unknown[] = [];
    const specs = [{ name: 'a-safe', options: { toolProfile: 'full' as const, allowEval: false } }];
    const results = await measureVariants(specs, async (options) => (seen.push(options), tinyServer()));
    expect(Object.keys(results)).toEqual(['a-safe']);
    expect(seen).toEqual([{ toolProfile: 'full', allowEval: false }]);
    await expect(measureVariants(specs, async () => Promise.reject(new Error('no kernel')))).rejects.toThrow(
      'Variant a-safe ({"toolProfile":"full","allowEval":false}) could not be measured: no kernel',
    );
  });
});

describe('report', () => {
  it('prints each distinct tool once with the ceiling marked, and the issue targets', async () => {
    const m = await measureServer(async () => tinyServer());
    const report = createReport({ 'core-safe': m, 'essential-safe': m }, new Date(0));
    expect(formatPerToolTable('tools:', distinctTools(report), 50).split('\n')).toEqual([
      'tools:',
      'tool       BPE         ',
      'demo_echo   54  over 50',
      'demo_wait   44         ',
    ]);
    expect(formatTargets(report)).toEqual([
      'ok   core-safe average 49.0 BPE/tool (target <= 120)',
      'ok   core-safe largest tool 54 BPE (target <= 200)',
      'ok   essential-safe 102 BPE (target <= 3,300)',
    ]);
  });
});
