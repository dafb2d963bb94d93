import type { Logger, Plugin, ServerConfig, SessionManager } from '@stagewright/sdk';
import type { ErrorCatalog } from '../errors/error-catalog.js';
import { PluginLoadError, validatePluginObject } from './plugin-contract.js';
import { describeSpec, obtainPlugin, type PluginSpec } from './plugin-import.js';
import { ToolRegistrationError, type ToolRegistry } from '../tools/registry.js';
import { validatePluginConfig } from './plugin-config.js';
import { loadSchemaCompiler } from '../tools/schema-compiler.js';
import type { PluginSeams } from './plugin-seams.js';

/** How long a plugin's setup may take before startup fails (and how long teardown is awaited). */
export const DEFAULT_PLUGIN_SETUP_TIMEOUT_MS = 10_000;

export interface LoadedPlugin {
  readonly plugin: Plugin;
  /** The validated config (defaults applied), or undefined for a plugin without configSchema. */
  readonly config: unknown;
  /** Registered (namespaced) tool names. */
  readonly tools: readonly string[];
}

export interface PluginLoaderDeps {
  registry: ToolRegistry;
  catalog: ErrorCatalog;
  log: Logger;
  sessions: SessionManager;
  server: ServerConfig;
  seams: PluginSeams;
  /** Deadline for each plugin's setup (default 10 s); teardown is awaited as long. */
  setupTimeoutMs?: number;
  /** Where relative plugin paths (`./x.mjs`) resolve from (default: process.cwd()); never packages or names. */
  cwd?: string;
}

/** The plugins one server instance has set up, in load order. */
export class LoadedPlugins {
  private readonly entries: LoadedPlugin[] = [];

  constructor(
    private readonly log: Logger,
    private readonly seams: PluginSeams,
    private readonly teardownTimeoutMs: number,
  ) {}

  add(entry: LoadedPlugin): void {
    this.entries.push(entry);
  }

  has(name: string): boolean {
    return this.entries.some((entry) => entry.plugin.name === name);
  }

  list(): readonly LoadedPlugin[] {
    return this.entries;
  }

  /** Tear down in reverse load order. A failing or stuck teardown is logged and does not stop the others. */
  async teardownAll(): Promise<void> {
    while (this.entries.length) await this.teardown(this.entries.pop()!.plugin);
  }

  /** One plugin's teardown, bounded by the deadline; its seams are removed first. */
  async teardown(plugin: Plugin): Promise<void> {
    this.seams.remove(plugin.name);
    if (!plugin.teardown) return;
    try {
      await withDeadline(
        Promise.resolve().then(() => plugin.teardown!()),
        this.teardownTimeoutMs,
        'teardown',
      );
    } catch (error) {
      this.log.warn(`plugin "${plugin.name}": teardown failed: ${(error as Error)?.message ?? String(error)}`);
    }
  }
}

class DeadlineError extends Error {}

/** Settles like `work`, or rejects with DeadlineError after `ms` (the work is left to settle on its own). */
async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(`${what} did not finish within ${ms} ms`)), ms);
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs a plugin's setup with its seams and the deadline; a failure names the plugin and the fix. */
async function setUp(plugin: Plugin, config: unknown, deps: PluginLoaderDeps): Promise<void> {
  if (!plugin.setup) return;
  const ms = deps.setupTimeoutMs ?? DEFAULT_PLUGIN_SETUP_TIMEOUT_MS;
  const controller = new AbortController();
  const context = {
    config,
    log: deps.log,
    sessions: deps.sessions,
    server: deps.server,
    signal: controller.signal,
    ...deps.seams.registrarFor(plugin.name, deps.sessions),
  };
  try {
    await withDeadline(
      Promise.resolve().then(() => plugin.setup!(context)),
      ms,
      'setup',
    );
  } catch (error) {
    if (error instanceof DeadlineError) {
      controller.abort(error);
      throw new PluginLoadError(
        `plugin "${plugin.name}": setup did not finish within ${ms} ms; fix the plugin or raise --plugin-setup-timeout-ms.`,
      );
    }
    throw new PluginLoadError(`plugin "${plugin.name}": setup failed: ${(error as Error)?.message ?? String(error)}`);
  }
}

/** Registers every tool of a plugin, or none: a refused tool unregisters those before it. */
function registerTools(plugin: Plugin, registry: ToolRegistry): string[] {
  const names: string[] = [];
  try {
    for (const tool of plugin.tools)
      names.push(registry.register(tool, { type: 'plugin', plugin: plugin.name }, `${plugin.name}_${tool.name}`).name);
    return names;
  } catch (error) {
    for (const name of names) registry.unregister(name);
    if (error instanceof ToolRegistrationError) throw new PluginLoadError(`plugin "${plugin.name}": ${error.message}`);
    throw error;
  }
}

/**
 * Load, validate, register and set up plugins in the given order (docs/plugins.md, ADR-0011). Fail-closed:
 * the first failure tears down every plugin already set up and rejects with a PluginLoadError
 * naming the plugin and the fix. Nothing is kept outside the returned instance.
 */
export async function loadPlugins(
  specs: readonly PluginSpec[],
  configs: Readonly<Record<string, unknown>>,
  deps: PluginLoaderDeps,
  /** Names of plugins the operator offered (--offer): their configs are not orphans. */
  offered: readonly string[] = [],
): Promise<LoadedPlugins> {
  const loaded = new LoadedPlugins(deps.log, deps.seams, deps.setupTimeoutMs ?? DEFAULT_PLUGIN_SETUP_TIMEOUT_MS);
  try {
    await loadInto(loaded, specs, configs, deps);
    const orphan = Object.keys(configs).find((name) => !loaded.has(name) && !offered.includes(name));
    if (orphan !== undefined) {
      const names = loaded.list().map((entry) => entry.plugin.name);
      throw new PluginLoadError(
        `--plugin-config ${orphan}: no plugin named "${orphan}" is loaded (loaded: ${names.join(', ') || 'none'}).`,
      );
    }
  } catch (error) {
    await loaded.teardownAll();
    throw error instanceof PluginLoadError
      ? error
      : new PluginLoadError(`plugin loading failed: ${(error as Error)?.message ?? String(error)}`);
  }
  return loaded;
}

async function loadInto(
  loaded: LoadedPlugins,
  specs: readonly PluginSpec[],
  configs: Readonly<Record<string, unknown>>,
  deps: PluginLoaderDeps,
): Promise<string[]> {
  const names: string[] = [];
  // Plugin tools compile at registration (fail-closed), and configs are checked: both need it.
  if (specs.length) await loadSchemaCompiler();
  for (const spec of specs) {
    const source = describeSpec(spec);
    const plugin = await validatePluginObject(await obtainPlugin(spec, deps.cwd ?? process.cwd()), source);
    if (loaded.has(plugin.name)) throw new PluginLoadError(`plugin "${plugin.name}" (${source}) is loaded twice.`);
    const config = validatePluginConfig(plugin, configs);
    const tools = registerTools(plugin, deps.registry);
    deps.catalog.addPluginCodes(plugin.name, plugin.errorCodes);
    try {
      await setUp(plugin, config, deps);
    } catch (error) {
      // The failing plugin may have acquired something before it failed: it is torn down too.
      await loaded.teardown(plugin);
      for (const name of tools) deps.registry.unregister(name);
      throw error;
    }
    loaded.add({ plugin, config, tools });
    names.push(plugin.name);
    deps.log.debug(`plugin "${plugin.name}" ${plugin.version} loaded`, { tools });
  }
  return names;
}

/**
 * One more plugin into a running server (an offer the agent enabled, ADR-0045): loaded, registered
 * and set up like those of the command line. A failure unregisters its tools, tears it down and
 * leaves the plugins already loaded as they were.
 */
export async function loadOnePlugin(
  loaded: LoadedPlugins,
  spec: PluginSpec,
  configs: Readonly<Record<string, unknown>>,
  deps: PluginLoaderDeps,
): Promise<LoadedPlugin> {
  try {
    await loadInto(loaded, [spec], configs, deps);
  } catch (error) {
    throw error instanceof PluginLoadError
      ? error
      : new PluginLoadError(`plugin loading failed: ${(error as Error)?.message ?? String(error)}`);
  }
  return loaded.list()[loaded.list().length - 1];
}
