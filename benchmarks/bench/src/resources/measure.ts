import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { ServerFactory } from '../manifest/measure.js';

/** Issue 14's targets, against the figure measured before the split (testing profile). */
export const BEFORE_TOOLS_DOCUMENT_CHARS = 83_537;
export const TARGETS = { wholeShareOfBefore: 0.4, largestToolChars: 2_500 } as const;

export interface ResourceSizes {
  /** Characters (code points) of stagewright://tools. */
  wholeChars: number;
  wholeShareOfBefore: number;
  errorsChars: number;
  tools: number;
  largestTool: { name: string; chars: number };
  medianToolChars: number;
}

const chars = (text: string) => [...text].length;

/** Reads every resource of one server through a real SDK client, as a host would. */
export async function measureResources(factory: ServerFactory): Promise<ResourceSizes> {
  const server = await factory();
  const client = new Client({ name: 'stagewright-bench', version: '0.1.0' });
  const text = async (uri: string) => ((await client.readResource({ uri })).contents[0] as { text: string }).text;
  try {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    const whole = await text('stagewright://tools');
    const names = (JSON.parse(whole).tools as { name: string }[]).map((tool) => tool.name);
    const perTool = await Promise.all(names.map(async (name) => ({ name, chars: chars(await text(`stagewright://tools/${name}`)) })));
    perTool.sort((a, b) => b.chars - a.chars);
    const wholeChars = chars(whole);
    return {
      wholeChars,
      wholeShareOfBefore: Math.round((wholeChars / BEFORE_TOOLS_DOCUMENT_CHARS) * 1000) / 1000,
      errorsChars: chars(await text('stagewright://errors')),
      tools: perTool.length,
      largestTool: perTool[0],
      medianToolChars: perTool[Math.floor(perTool.length / 2)]?.chars ?? 0,
    };
  } finally {
    await client.close();
    await server.close();
  }
}
