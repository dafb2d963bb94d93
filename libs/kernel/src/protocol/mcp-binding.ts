import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  SetLevelRequestSchema,
  type ServerNotification,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { annotationsFor } from '../tools/annotations.js';
import type { Dispatcher } from '../call/dispatcher.js';
import type { LogLevelState } from './logger.js';
import type { RegisteredTool } from '../tools/registry.js';
import { type ResourceDocuments, bindDocuments } from '../documents/mcp-documents.js';
import { fitText, type HiddenNote } from '../documents/fit-to-surface.js';
import { listedSchema } from '../tools/listed-schema.js';
import { lazyJsonSchemaValidator } from './lazy-json-schema-validator.js';

export { listedSchema };

/** tools/call with its params left as sent (checked by the handler and the dispatcher). */
const LOOSE_CALL_TOOL_REQUEST = CallToolRequestSchema.pick({ method: true }).loose();

/** A tool as tools/list shows it; with `noteFor`, its description names only what the server lists (fitText). */
export function listedTool({ name, def }: RegisteredTool, noteFor?: HiddenNote): Tool {
  return {
    name,
    title: def.title,
    description: noteFor ? fitText(def.description, noteFor, name) : def.description,
    inputSchema: listedSchema(def.input),
    annotations: annotationsFor(def.kind),
  };
}

export interface McpBindingOptions {
  name: string;
  version: string;
  instructions: string;
  /** The listed tools now; read at every tools/list (the surface changes when the agent enables an offer). */
  tools: () => readonly RegisteredTool[];
  /** Whether the listing can change (something is offered): the tools capability says listChanged. */
  listChanged?: boolean;
  /** Where a tool the server hides is: descriptions are fitted with it. */
  noteFor?: HiddenNote;
  dispatcher: Dispatcher;
  /** The resource texts (catalogue, errors, one per tool) of the listing now. */
  documents: () => ResourceDocuments;
  /** Updated by logging/setLevel; the logger reads it. */
  logLevels: LogLevelState;
}

/**
 * The low-level SDK Server, so typebox JSON Schema is served exactly as written: tools/list is
 * computed once in canonical order, tools/call goes through the dispatcher, and the tool
 * reference, error catalogue and recipe prompts are documents (mcp-documents.ts). logging/setLevel sets the level MCP log notifications start at.
 */
export function createMcpServer(options: McpBindingOptions): Server {
  const server = new Server(
    { name: options.name, version: options.version },
    {
      capabilities: { tools: { listChanged: options.listChanged === true }, resources: {}, prompts: {}, completions: {}, logging: {} },
      instructions: options.instructions,
      jsonSchemaValidator: lazyJsonSchemaValidator(),
    },
  );
  server.setRequestHandler(SetLevelRequestSchema, async (request) => {
    options.logLevels.mcp = request.params.level;
    return {};
  });
  // Serialized once per listing: the same tools answer the same bytes until the listing changes.
  let listed: readonly RegisteredTool[] | undefined;
  let tools: Tool[] = [];
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const now = options.tools();
    if (now !== listed) {
      listed = now;
      tools = now.map((tool) => listedTool(tool, options.noteFor));
    }
    return { tools };
  });
  // The SDK's Server validates tools/call params with zod before any handler runs: `arguments: 5`
  // became a -32603 carrying a raw validation dump, and a `__proto__` key vanished in its copy.
  // Registering on Protocol directly hands the params over untouched, so the one validation
  // boundary (the dispatcher) answers every malformed call with a BAD_ARGUMENT envelope.
  Protocol.prototype.setRequestHandler.call(server, LOOSE_CALL_TOOL_REQUEST, async (request, extra) => {
    const params = (request as { params?: unknown }).params;
    const { name, arguments: args, _meta } = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
    if (typeof name !== 'string') throw new McpError(ErrorCode.InvalidParams, 'tools/call needs params.name, the tool name as a string.');
    const progressToken = (_meta as { progressToken?: unknown } | undefined)?.progressToken;
    return options.dispatcher.dispatch(name, args, {
      signal: extra.signal,
      progressToken: typeof progressToken === 'string' || typeof progressToken === 'number' ? progressToken : undefined,
      sendNotification: (notification) => extra.sendNotification(notification as ServerNotification),
    });
  });
  bindDocuments(server, options.documents);
  return server;
}
