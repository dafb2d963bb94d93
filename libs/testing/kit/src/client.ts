import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parseEnvelope, type Envelope } from './envelope.js';

export interface McpTestClient {
  client: Client;
  /** Call a tool and parse its envelope. */
  call(name: string, args?: Record<string, unknown>, options?: RequestOptions): Promise<Envelope>;
  /** Call a tool and return the raw MCP result (for image blocks, isError...). */
  callRaw(name: string, args?: Record<string, unknown>, options?: RequestOptions): Promise<CallToolResult>;
  close(): Promise<void>;
}

export function newClient(name = 'stagewright-test'): Client {
  return new Client({ name, version: '0.0.0' }, { capabilities: {} });
}

export function toolCaller(client: Client): Pick<McpTestClient, 'call' | 'callRaw'> {
  const callRaw = async (name: string, args: Record<string, unknown> = {}, options?: RequestOptions) =>
    (await client.callTool({ name, arguments: args }, undefined, options)) as CallToolResult;
  return { callRaw, call: async (name, args, options) => parseEnvelope(await callRaw(name, args, options)) };
}
