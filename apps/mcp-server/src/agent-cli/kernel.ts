import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CORE_TOOL_MODULES } from '@stagewright/core-tools';
import { TOOLS_RESOURCE_URI, type StagewrightServer } from '@stagewright/kernel';
import { type StagewrightServerOptions, createStagewrightServer } from '../compose.js';
import { STAGEWRIGHT_VERSION } from '../version.js';
import type { CatalogueTool, ToolDetail } from './commands.js';

/** The group of a tool: its core module (`lifecycle`, `expect`, ...), else `plugins`. */
const GROUP_OF = new Map(CORE_TOOL_MODULES.flatMap((module) => module.tools.map((tool) => [tool.name, module.name] as const)));

const GROUPS = CORE_TOOL_MODULES.map((module) => module.name);

/** The shipped server, in this process, reached by an MCP client over an in-memory transport: the same kernel the MCP server runs. */
export interface LocalKernel {
  client: Client;
  tools: CatalogueTool[];
  /** Each listed tool's rules and notes, from the stagewright://tools resource (what MCP clients read on demand). */
  details(): Promise<Map<string, ToolDetail>>;
  close(): Promise<void>;
}

export async function startLocalKernel(options: StagewrightServerOptions): Promise<LocalKernel> {
  const server: StagewrightServer = await createStagewrightServer(options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'stagewright-cli', version: STAGEWRIGHT_VERSION });
  await client.connect(clientSide);
  const { tools } = await client.listTools();
  const order = (group: string) => (GROUPS.includes(group) ? GROUPS.indexOf(group) : GROUPS.length);
  const readDetails = async () => {
    const resource = await client.readResource({ uri: TOOLS_RESOURCE_URI });
    const text = (resource.contents[0] as { text?: string } | undefined)?.text ?? '{}';
    const entries = ((JSON.parse(text) as { tools?: unknown }).tools ?? []) as ({ name: string } & ToolDetail)[];
    return new Map(entries.map(({ name, rules, notes }) => [name, { rules, notes }]));
  };
  let details: Promise<Map<string, ToolDetail>> | undefined;
  return {
    client,
    tools: tools
      .map((tool) => ({
        name: tool.name,
        description: tool.description,
        group: GROUP_OF.get(tool.name) ?? 'plugins',
        inputSchema: tool.inputSchema as CatalogueTool['inputSchema'],
      }))
      .sort((a, b) => order(a.group) - order(b.group)),
    // Read once: the listing does not change while the server runs.
    details: () => (details ??= readDetails()),
    close: async () => {
      await client.close().catch(() => undefined);
      await server.close();
    },
  };
}
