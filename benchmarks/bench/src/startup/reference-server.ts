import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/**
 * The floor `bench:startup` compares the shipped server with: a minimal MCP stdio server on the
 * same SDK (the low-level `Server` the kernel binds to), one tool, bundled the same way as the
 * shipped server. Nothing in the product imports it.
 */
const server = new Server({ name: 'reference', version: '0.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: 'echo', description: 'Echo the text back.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }],
}));
server.setRequestHandler(CallToolRequestSchema, async (request) => ({
  content: [{ type: 'text', text: String(request.params.arguments?.text ?? '') }],
}));
await server.connect(new StdioServerTransport());
