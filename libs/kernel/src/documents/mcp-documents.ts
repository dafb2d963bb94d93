import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { ErrorCatalog } from '../errors/error-catalog.js';
import { getPrompt, listPrompts } from './prompts.js';
import { fitStrings, type HiddenNote } from './fit-to-surface.js';
import type { RegisteredTool } from '../tools/registry.js';
import {
  ERRORS_RESOURCE_URI,
  TOOLS_RESOURCE_URI,
  TOOL_RESOURCE_TEMPLATE,
  buildErrorsDocument,
  buildToolEntry,
  buildToolsDocument,
  toolResourceUri,
} from './resources.js';
import type { PluginDocument } from './plugin-resources.js';

/** The resource texts of one server (the surface never changes), fitted to it. */
export interface ResourceDocuments {
  readonly tools: string;
  readonly errors: string;
  readonly perTool: ReadonlyMap<string, string>;
  /** Whether the server lists a tool: prompts name only those. */
  readonly lists: (name: string) => boolean;
  /** Where a hidden tool is (fitText): prompt texts go through it too. */
  readonly noteFor: HiddenNote;
  /** Documents loaded plugins contribute (PLUGIN_API 1.4). */
  readonly plugins: readonly PluginDocument[];
}

/**
 * Each text is serialized at its first read and kept: startup does not pay for documents nobody
 * reads. Every string is fitted to the surface (fitStrings): the documents are written for the
 * whole catalogue, and this server's agent may have only part of it.
 */
export function buildResourceDocuments(
  tools: readonly RegisteredTool[],
  catalog: ErrorCatalog,
  noteFor: HiddenNote,
  plugins: readonly PluginDocument[] = [],
): ResourceDocuments {
  let toolsText: string | undefined;
  let errorsText: string | undefined;
  let perTool: ReadonlyMap<string, string> | undefined;
  const listed = new Set(tools.map((tool) => tool.name));
  const serialize = (document: unknown) => JSON.stringify(fitStrings(document, noteFor));
  return {
    plugins,
    get tools() {
      toolsText ??= serialize(buildToolsDocument(tools, catalog));
      return toolsText;
    },
    get errors() {
      errorsText ??= serialize(buildErrorsDocument(tools, catalog));
      return errorsText;
    },
    get perTool() {
      perTool ??= new Map(tools.map((tool) => [tool.name, serialize(buildToolEntry(tool, catalog))]));
      return perTool;
    },
    lists: (name) => listed.has(name),
    noteFor,
  };
}

const MAX_COMPLETIONS = 100;

/**
 * Resources, the per-tool template with name completion, and the recipe prompts. Read-only
 * documents: nothing here reaches a session or runs a tool.
 */
export function bindDocuments(server: Server, current: () => ResourceDocuments): void {
  const json = 'application/json';
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: listedResources(current) }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      { uriTemplate: TOOL_RESOURCE_TEMPLATE, name: 'tool', title: 'One tool', description: "One listed tool's detail.", mimeType: json },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async ({ params: { uri } }) => {
    return readResource(uri, current);
  });
  server.setRequestHandler(CompleteRequestSchema, async ({ params: { ref, argument } }) => {
    const names =
      ref.type === 'ref/resource' && ref.uri === TOOL_RESOURCE_TEMPLATE && argument.name === 'name'
        ? [...current().perTool.keys()].filter((name) => name.startsWith(argument.value))
        : [];
    return { completion: { values: names.slice(0, MAX_COMPLETIONS), total: names.length, hasMore: names.length > MAX_COMPLETIONS } };
  });
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: listPrompts() }));
  server.setRequestHandler(GetPromptRequestSchema, async ({ params }) => {
    let result: ReturnType<typeof getPrompt>;
    try {
      result = getPrompt(params.name, params.arguments, current().lists);
      if (result) result = fitStrings(result, current().noteFor);
    } catch (error) {
      throw new McpError(ErrorCode.InvalidParams, (error as Error).message);
    }
    if (!result)
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown prompt ${params.name}; available: ${listPrompts()
          .map((p) => p.name)
          .join(', ')}.`,
      );
    return result;
  });
}

/** The tools and errors resources, then the plugins' documents. */
function listedResources(current: () => ResourceDocuments) {
  const json = 'application/json';
  return [
    {
      uri: TOOLS_RESOURCE_URI,
      name: 'tools',
      title: 'Stagewright tool reference',
      description:
        'Every listed tool: notes, accepted values, shapes, limits, error codes, examples. One tool: stagewright://tools/{name}.',
      mimeType: json,
    },
    {
      uri: ERRORS_RESOURCE_URI,
      name: 'errors',
      title: 'Stagewright error codes',
      description: 'Meaning, retryable flag and hint of every error code, written once.',
      mimeType: json,
    },
    ...current().plugins.map(({ uri, name, title, description, mimeType }) => ({ uri, name, title, description, mimeType })),
  ];
}

/** One resource's text: a plugin's document, the tools or errors reference, or one tool's detail. */
async function readResource(uri: string, current: () => ResourceDocuments) {
  const json = 'application/json';
  const contributed = current().plugins.find((doc) => doc.uri === uri);
  if (contributed) {
    let text: string;
    try {
      text = await contributed.read();
    } catch (error) {
      throw new McpError(ErrorCode.InternalError, (error as Error).message);
    }
    return { contents: [{ uri, mimeType: contributed.mimeType, text }] };
  }
  const text =
    uri === TOOLS_RESOURCE_URI
      ? current().tools
      : uri === ERRORS_RESOURCE_URI
        ? current().errors
        : uri.startsWith(`${TOOLS_RESOURCE_URI}/`)
          ? current().perTool.get(decodeURIComponent(uri.slice(TOOLS_RESOURCE_URI.length + 1)))
          : undefined;
  if (text === undefined)
    throw new McpError(
      ErrorCode.InvalidParams,
      `Unknown resource ${uri}; available: ${[TOOLS_RESOURCE_URI, ERRORS_RESOURCE_URI, `${TOOL_RESOURCE_TEMPLATE} (a listed tool name)`, ...current().plugins.map((doc) => doc.uri)].join(', ')}.`,
    );
  return { contents: [{ uri, mimeType: json, text }] };
}

export { toolResourceUri };
