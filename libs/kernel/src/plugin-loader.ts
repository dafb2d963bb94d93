import type { Logger, Plugin, ServerConfig, SessionManager } from '@stagewright/sdk';
import type { ErrorCatalog } from './error-catalog.js';
import { PluginLoadError, validatePluginObject } from './plugin-contract.js';
import { describeSpec, obtainPlugin, type PluginSpec } from './plugin-import.js';
import { ToolRegistrationError, type ToolRegistry } from './registry.js';
import { validatePluginConfig } from './plugin-config.js';

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
  /** Where relative paths and package names resolve from (default: process.cwd()). */
  cwd?: string;
}

/** The plugins one server instance has set up, in load order. */
export class LoadedPlugins {
  private readonly entries: LoadedPlugin[] = [];

  constructor(private readonly log: Logger) {}

  add(entry: LoadedPlugin): void {
    this.entries.push(entry);
  }

  has(name: string): boolean {
    return this.entries.some((entry) => entry.plugin.name === name);
  }

  list(): readonly LoadedPlugin[] {
    return this.entries;
  }

  /** Tear down in reverse load order. A failing teardown is logged and does not stop the others. */
  async teardownAll(): Promise<void> {
    while (this.entries.length) {
      const { plugin } = this.entries.pop()!;
      try {
        await plugin.teardown?.();
      } catch (error) {
        this.log.warn(`plugin "${plugin.name}": teardown failed: ${(error as Error).message}`);
      }
    }
  }
}

function registerTools(plugin: Plugin, registry: ToolRegistry): string[] {
  return plugin.tools.map((tool) => {
    try {
      return registry.register(tool, { type: 'plugin', plugin: plugin.name }, `${plugin.name}_${tool.name}`).name;
    } catch (error) {
      if (error instanceof ToolRegistrationError) throw new PluginLoadError(`plugin "${plugin.name}": ${error.message}`);
      throw error;
    }
  });
}

/**
 * Load, validate, register and set up plugins in the given order (ARCHITECTURE §2). Fail-closed:
 * the first failure tears down every plugin already set up and rejects with a PluginLoadError
 * naming the plugin and the fix. Nothing is kept outside the returned instance.
 */
export async function loadPlugins(
  specs: readonly PluginSpec[],
  configs: Readonly<Record<string, unknown>>,
  deps: PluginLoaderDeps,
): Promise<LoadedPlugins> {
  const loaded = new LoadedPlugins(deps.log);
  try {
    for (const spec of specs) {
      const source = describeSpec(spec);
      const plugin = validatePluginObject(await obtainPlugin(spec, deps.cwd ?? process.cwd()), source);
      if (loaded.has(plugin.name)) throw new PluginLoadError(`plugin "${plugin.name}" (${source}) is loaded twice.`);
      const config = validatePluginConfig(plugin, configs);
      const tools = registerTools(plugin, deps.registry);
      deps.catalog.addPluginCodes(plugin.name, plugin.errorCodes);
      try {
        await plugin.setup?.({ config, log: deps.log, sessions: deps.sessions, server: deps.server });
      } catch (error) {
        throw new PluginLoadError(`plugin "${plugin.name}": setup failed: ${(error as Error)?.message ?? String(error)}`);
      }
      loaded.add({ plugin, config, tools });
      deps.log.debug(`plugin "${plugin.name}" ${plugin.version} loaded`, { tools });
    }
    const orphan = Object.keys(configs).find((name) => !loaded.has(name));
    if (orphan !== undefined) {
      const names = loaded.list().map((entry) => entry.plugin.name);
      throw new PluginLoadError(`--plugin-config ${orphan}: no plugin named "${orphan}" is loaded (loaded: ${names.join(', ') || 'none'}).`);
    }
  } catch (error) {
    await loaded.teardownAll();
    throw error instanceof PluginLoadError ? error : new PluginLoadError(`plugin loading failed: ${(error as Error)?.message ?? String(error)}`);
  }
  return loaded;
}
