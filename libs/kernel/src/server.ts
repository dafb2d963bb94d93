import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type DependencyContainer, container as rootContainer } from 'tsyringe';
import { LOGGER, SERVER_CONFIG, SESSION_MANAGER, type ServerConfig } from '@stagewright/sdk';
import { resolveSessionManager, resolveToolModules } from './container.js';
import { Dispatcher } from './call/dispatcher.js';
import { ErrorCatalog, ServerStateTracker } from './errors/error-catalog.js';
import { SERVER_INSTRUCTIONS } from './documents/instructions.js';
import { createLogger, type LogLevelState } from './protocol/logger.js';
import { createMcpServer } from './protocol/mcp-binding.js';
import { ServerOptionsError, pluginSetupTimeout, resolveServerConfig, type CreateServerOptions } from './options.js';
import { type LoadedPlugins, loadOnePlugin, loadPlugins, type PluginLoaderDeps } from './plugins/plugin-loader.js';
import { createEnableTool } from './plugins/enable-tool.js';
import { PluginSeams } from './plugins/plugin-seams.js';
import { createPluginsTool } from './plugins/plugins-tool.js';
import { discoveryStatus, pluginStatuses } from './plugins/plugin-status.js';
import { ToolRegistry } from './tools/registry.js';
import { buildResourceDocuments } from './documents/mcp-documents.js';
import { fitText } from './documents/fit-to-surface.js';
import { pluginDocuments } from './documents/plugin-resources.js';
import { SESSIONLESS } from './sessionless.js';
import { ToolSurface } from './tools/surface.js';

export interface StagewrightServer {
  /** The MCP SDK low-level server. */
  readonly server: Server;
  connect(transport: Transport): Promise<void>;
  /** Closes the connection, tears plugins down and disposes every session. Idempotent. */
  close(): Promise<void>;
  /** Listed tool names, in canonical order. */
  toolNames(): string[];
}

/**
 * Build one server instance: resolve core modules and the session manager from a child scope of
 * the container, register tools, load plugins (fail-closed), compute the visible surface and bind
 * it to MCP. Nothing is shared between two instances.
 */
export async function createServer(options: CreateServerOptions = {}): Promise<StagewrightServer> {
  const resolved = resolveServerConfig(options);
  const { config } = resolved;
  let mcp: Server | undefined;
  const logLevels: LogLevelState = { mcp: 'info' };
  const log = createLogger(() => mcp, logLevels);
  const { scope, sessions } = serverScope(options, config, log);

  const registry = new ToolRegistry();
  const catalog = new ErrorCatalog();
  const seams = new PluginSeams(log, catalog);
  const unsubscribe = followSessions(sessions, seams);
  let plugins: LoadedPlugins;
  const loaderDeps: PluginLoaderDeps = {
    registry,
    catalog,
    log,
    sessions,
    seams,
    server: config,
    setupTimeoutMs: pluginSetupTimeout(options.pluginSetupTimeoutMs),
    cwd: options.cwd,
  };
  try {
    plugins = await registerTools(options, scope, loaderDeps);
  } catch (error) {
    unsubscribe?.();
    await sessions.dispose();
    throw error;
  }

  const surface = surfaceOf(registry, options, resolved);
  const state = stateOf(surface, plugins);
  const currentDocuments = cachedDocuments(surface, catalog, plugins);
  const offering = registerEnable(options, loaderDeps, surface, plugins, () => {
    mcp?.sendToolListChanged().catch((error: Error) => log.debug(`tools/list_changed not sent: ${error.message}`));
  });
  const dispatcher = new Dispatcher({ surface, catalog, server: config, state, log, sessions, seams });
  const server = createMcpServer({
    name: options.name ?? 'stagewright',
    version: config.serverVersion,
    instructions: fitText(SERVER_INSTRUCTIONS, surface.noteFor),
    tools: () => surface.listed(),
    listChanged: offering,
    noteFor: surface.noteFor,
    dispatcher,
    documents: currentDocuments,
    logLevels,
  });
  mcp = server;

  let closing: Promise<void> | undefined;
  const shutdown = shutdownOf({ server, sessions, plugins, log, unsubscribe });
  return {
    server,
    connect: (transport) => server.connect(transport),
    close: () => (closing ??= shutdown()),
    toolNames: () => surface.listed().map((tool) => tool.name),
  };
}

/** Plugins hear every session start and end; returns the unsubscribe. */
function followSessions(sessions: PluginLoaderDeps['sessions'], seams: PluginSeams): () => void {
  const unsubscribeEnd = sessions.onSessionEnd?.((end) => seams.sessionEnded(end));
  const unsubscribeStart = sessions.onSessionStart?.((start) => seams.sessionStarted(start));
  const unsubscribe = () => {
    unsubscribeEnd?.();
    unsubscribeStart?.();
  };
  return unsubscribe;
}

/** Core tools (from the container unless given), the plugins loaded with --plugin, and electron_plugins when any plugin is loaded or offered. */
async function registerTools(options: CreateServerOptions, scope: DependencyContainer, deps: PluginLoaderDeps): Promise<LoadedPlugins> {
  const { registry, catalog, server: config } = deps;
  const offeredPlugins = options.offers?.plugins ?? {};
  const coreTools = options.tools ?? resolveToolModules(scope).flatMap((module) => module.tools);
  for (const tool of coreTools) registry.register(tool, { type: 'core' });
  const plugins = await loadPlugins(options.plugins ?? [], options.pluginConfigs ?? {}, deps, Object.keys(offeredPlugins));
  const refused = Object.keys(offeredPlugins).filter((name) => plugins.has(name));
  if (refused.length)
    throw new ServerOptionsError(
      `offered plugin(s) ${refused.join(', ')} are already loaded with --plugin; offer them or load them, not both.`,
    );
  if (plugins.list().length || Object.keys(offeredPlugins).length)
    registry.register(createPluginsTool(plugins, registry, catalog, config.allowEval, config.allowImpersonation), { type: 'kernel' });
  return plugins;
}

/** The resource documents, rebuilt when the surface changed since the last read. */
function cachedDocuments(surface: ToolSurface, catalog: ErrorCatalog, plugins: LoadedPlugins) {
  let documentsVersion = -1;
  let documents: ReturnType<typeof buildResourceDocuments> | undefined;
  return () => {
    if (!documents || documentsVersion !== surface.version) {
      documentsVersion = surface.version;
      documents = buildResourceDocuments(
        [...surface.listed(), ...surface.unlisted()],
        catalog,
        surface.noteFor,
        pluginDocuments(plugins.list()),
      );
    }
    return documents;
  };
}

/** Sessions end before plugins are torn down, so onSessionEnd listeners see every session end. */
function shutdownOf(parts: {
  server: Server;
  sessions: PluginLoaderDeps['sessions'];
  plugins: LoadedPlugins;
  log: PluginLoaderDeps['log'];
  unsubscribe: () => void;
}): () => Promise<void> {
  const { server, sessions, plugins, log, unsubscribe } = parts;
  return async () => {
    await server.close().catch((error: Error) => log.warn(`closing the MCP connection failed: ${error.message}`));
    await sessions.dispose().catch((error: Error) => log.warn(`disposing sessions failed: ${error.message}`));
    unsubscribe?.();
    await plugins.teardownAll();
  };
}

/** What the server reports about itself: plugin statuses and what is on offer. */
function stateOf(surface: ToolSurface, plugins: LoadedPlugins): ServerStateTracker {
  const state = new ServerStateTracker();
  state.pluginStatus = () => discoveryStatus(pluginStatuses(plugins.list()), surface);
  state.offers = () => {
    const offers = surface.offers();
    return offers.plugins.length || offers.profiles.length ? offers : undefined;
  };
  return state;
}

/** With plugins or profiles on offer, electron_enable is registered and the surface refreshed; whether anything is offered. */
function registerEnable(
  options: CreateServerOptions,
  loaderDeps: PluginLoaderDeps,
  surface: ToolSurface,
  plugins: LoadedPlugins,
  changed: () => void,
): boolean {
  const { registry } = loaderDeps;
  const offeredPlugins = options.offers?.plugins ?? {};
  const offeredProfiles = options.offers?.profiles ?? [];
  const offering = Object.keys(offeredPlugins).length > 0 || offeredProfiles.length > 0;
  if (offering) {
    registry.register(
      createEnableTool({
        surface,
        loadPlugin: async (name) => (await loadOnePlugin(plugins, offeredPlugins[name], options.pluginConfigs ?? {}, loaderDeps)).tools,
        changed,
      }),
      { type: 'kernel' },
    );
    surface.refresh();
  }
  return offering;
}

/** A child scope of the container with this server's config, logger and session manager. */
function serverScope(options: CreateServerOptions, config: ServerConfig, log: PluginLoaderDeps['log']) {
  const scope = (options.container ?? rootContainer).createChildContainer();
  scope.register(SERVER_CONFIG, { useValue: config });
  scope.register(LOGGER, { useValue: log });
  const sessions = resolveSessionManager(scope) ?? SESSIONLESS;
  scope.register(SESSION_MANAGER, { useValue: sessions });
  return { scope, sessions };
}

/** The visible surface: the profile, the operator's grants, the tool cap and what is on offer. */
function surfaceOf(registry: ToolRegistry, options: CreateServerOptions, resolved: ReturnType<typeof resolveServerConfig>): ToolSurface {
  const { config, profile } = resolved;
  const offeredPlugins = options.offers?.plugins ?? {};
  const offeredProfiles = options.offers?.profiles ?? [];
  return new ToolSurface(registry, {
    profile,
    grants: config.allowEval,
    impersonation: config.allowImpersonation,
    maxTools: options.maxTools,
    index: options.pluginIndex,
    offered: { plugins: Object.keys(offeredPlugins), profiles: offeredProfiles },
  });
}
