export { createServer, type StagewrightServer } from './server.js';
export { ServerOptionsError, DEFAULT_OPERATION_TIMEOUT_MS, resolveServerConfig, type CreateServerOptions } from './options.js';
export { registerToolModules, resolveToolModules, resolveSessionManager } from './container.js';
export { loadSchemaCompiler } from './tools/schema-compiler.js';
export {
  ToolRegistry,
  ToolRegistrationError,
  TOOL_NAME_PATTERN,
  compareNames,
  type RegisteredTool,
  type ToolOrigin,
} from './tools/registry.js';
export * from './tools/profiles.js';
export { normalizeAllowEval, isGranted, flagForGate, gateTarget, EVAL_TARGETS } from './tools/surface.js';
export { annotationsFor } from './tools/annotations.js';
export { PluginLoadError } from './plugins/plugin-contract.js';
export { loadPlugins, LoadedPlugins, DEFAULT_PLUGIN_SETUP_TIMEOUT_MS, type LoadedPlugin } from './plugins/plugin-loader.js';
export { isPathSpec, isPluginName, packageNameOf, PACKAGE_PREFIX, type PluginSpec } from './plugins/plugin-import.js';
export { PluginSeams } from './plugins/plugin-seams.js';
export { estimateTokens } from './envelope.js';
export { SERVER_INSTRUCTIONS } from './documents/instructions.js';
export { TOOLS_RESOURCE_URI, TOOL_RESOURCE_TEMPLATE, ERRORS_RESOURCE_URI, toolResourceUri } from './documents/resources.js';
export { listPrompts, getPrompt } from './documents/prompts.js';
export { ServerStateTracker } from './errors/error-catalog.js';
export {
  findByKeyword,
  wordsOf,
  type PluginIndex,
  type IndexedPlugin,
  type IndexedTool,
  type CapabilityMatch,
} from './tools/capability-index.js';
export { dropOrder } from './tools/surface.js';
