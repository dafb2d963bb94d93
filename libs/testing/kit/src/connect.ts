import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { newClient, toolCaller, type McpTestClient } from './client.js';
import { FAKE_ELECTRON } from './paths.js';

/** What the kit needs of a server: the server's StagewrightServer fits it. */
export interface ConnectableServer {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

/**
 * A plugin as the server takes it: the plugin object (or factory) your tests import from source,
 * or a built file (`/abs/dist/index.mjs`) or package name, as `--plugin` takes it.
 */
export type PluginUnderTest = string | object | (() => unknown);

/**
 * The server a test talks to. Every field is optional; any other key is refused (a misspelt
 * option would otherwise be ignored and the test would run against a server you did not mean).
 */
export interface ServerTestOptions {
  /** Plugins to load, in order (the server validates each as it does for `--plugin`). */
  plugins?: readonly PluginUnderTest[];
  /**
   * Config per plugin name, as `--plugin-config <name>=<json>` gives it: validated against that
   * plugin's configSchema, defaults filled in, e.g. `{ acme: { prefix: 'x' } }`.
   */
  pluginConfigs?: Readonly<Record<string, unknown>>;
  /** Eval grants, as `--allow-eval`: `true` for both, or `['main']`, `['renderer']`. Gated tools are listed only with theirs. */
  allowEval?: boolean | readonly ('main' | 'renderer')[];
  /** Core tool profile (default `full`), as `--tool-profile`. */
  toolProfile?: string;
  /** Launch and file paths must resolve inside it, as `--app-root`. */
  appRoot?: string;
  /** Backstop per call in ms (default 120 000). */
  operationTimeoutMs?: number;
  /** Deadline for each plugin's setup in ms (default 10 000). */
  pluginSetupTimeoutMs?: number;
  /** Where screenshots are written. */
  screenshotDir?: string;
  /** Where relative plugin paths (`./x.mjs`) resolve from (default: the process's working directory). */
  cwd?: string;
  /**
   * Advanced: builds the server from these options instead of the installed `stagewright`
   * package's `createStagewrightServer` (e.g. a server of your own composition).
   */
  createServer?: (options: Record<string, unknown>) => Promise<ConnectableServer>;
}

const OPTION_NAMES = [
  'plugins',
  'pluginConfigs',
  'allowEval',
  'toolProfile',
  'appRoot',
  'operationTimeoutMs',
  'pluginSetupTimeoutMs',
  'screenshotDir',
  'cwd',
  'createServer',
] as const satisfies readonly (keyof ServerTestOptions)[];

/** Throws naming each unknown option and the accepted ones. */
export function checkServerTestOptions(options: object): void {
  const unknown = Object.keys(options).filter((key) => !(OPTION_NAMES as readonly string[]).includes(key));
  if (unknown.length === 0) return;
  throw new TypeError(
    `@stagewright/testing: unknown server option${unknown.length > 1 ? 's' : ''} ${unknown.map((key) => `"${key}"`).join(', ')}; accepted: ${OPTION_NAMES.join(', ')}.`,
  );
}

export interface ServerConnection extends McpTestClient {
  server: ConnectableServer;
}

/** The installed server's library entry, `stagewright/server` (a peer dependency of the kit). */
async function installedServerFactory(): Promise<(options: Record<string, unknown>) => Promise<ConnectableServer>> {
  const specifier = ['stagewright', 'server'].join('/');
  try {
    const mod = (await import(specifier)) as { createStagewrightServer: (options: Record<string, unknown>) => Promise<ConnectableServer> };
    return mod.createStagewrightServer;
  } catch (error) {
    throw new Error(
      `@stagewright/testing needs the stagewright package beside it for in-memory servers (npm install -D stagewright): ${(error as Error).message}`,
    );
  }
}

/**
 * A real MCP client connected in memory to the shipped server with your options, apps running
 * on the stand-in runtime (unless `STAGEWRIGHT_ELECTRON` names a real Electron). close() closes
 * both, which stops every app the server launched.
 */
export async function connectServer(options: ServerTestOptions = {}): Promise<ServerConnection> {
  checkServerTestOptions(options);
  const { createServer, ...serverOptions } = options;
  const create = createServer ?? (await installedServerFactory());
  return linkInMemory(await create({ ...serverOptions, driverOptions: { fallbackExecutablePath: FAKE_ELECTRON } }));
}

/**
 * A real MCP client linked to `server` through InMemoryTransport.createLinkedPair(); close()
 * closes the client and the server (which disposes its sessions).
 */
export async function linkInMemory<S extends ConnectableServer>(server: S): Promise<McpTestClient & { server: S }> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = newClient();
  await client.connect(clientTransport);
  return {
    server,
    client,
    ...toolCaller(client),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

export interface StdioOptions {
  /** Server flags, e.g. `['--plugin', './dist/index.mjs']`. */
  args?: readonly string[];
  /** Extra environment; `STAGEWRIGHT_ELECTRON` defaults to the stand-in runtime. */
  env?: Record<string, string>;
  /** Working directory of the server (relative `--plugin ./x.mjs` paths resolve from it). */
  cwd?: string;
  /** The server entry to run (default: the installed `stagewright` package's bin). */
  bin?: string;
}

export interface StdioConnection extends McpTestClient {
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
}

/** The bin of the `stagewright` package installed beside the kit (or in `from`'s node_modules). */
export function installedServerBin(from: string = process.cwd()): string {
  const require = createRequire(join(from, 'noop.js'));
  let manifest: string;
  try {
    manifest = require.resolve('stagewright/package.json');
  } catch {
    manifest = createRequire(import.meta.url).resolve('stagewright/package.json');
  }
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  const file = join(dirname(manifest), bin['stagewright']!);
  if (!existsSync(file)) throw new Error(`the stagewright package at ${dirname(manifest)} has no bin ${file}.`);
  return file;
}

/** A real MCP client talking to the server over stdio, as a host runs it (`stagewright <args>`). */
export async function connectStdio(options: StdioOptions = {}): Promise<StdioConnection> {
  const bin = options.bin ?? installedServerBin(options.cwd);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, ...(options.args ?? [])],
    env: { ...getDefaultEnvironment(), STAGEWRIGHT_ELECTRON: process.env['STAGEWRIGHT_ELECTRON'] || FAKE_ELECTRON, ...options.env },
    cwd: options.cwd ?? process.cwd(),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = newClient();
  await client.connect(transport);
  return { client, ...toolCaller(client), stderr: () => stderr, close: () => client.close() };
}
