import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { newClient, toolCaller, type McpTestClient } from './client.js';

export const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
/** The esbuild bundle `nx run mcp-server:build` writes. */
export const SERVER_BUNDLE = join(REPO_ROOT, 'dist/apps/mcp-server/main.mjs');

export function assertBundleBuilt(): void {
  if (!existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: run \`npx nx run mcp-server:build\` first.`);
}

export interface StdioOptions {
  /** CLI flags for the server. */
  args?: string[];
  /**
   * Extra environment (the SDK's safe default environment is the base). The caller chooses the
   * Electron runtime, e.g. `STAGEWRIGHT_ELECTRON` pointing at fake-electron.
   */
  env?: Record<string, string>;
  cwd?: string;
  /** The server entry to run (default: SERVER_BUNDLE), e.g. an installed package's main.mjs. */
  bundle?: string;
}

export interface StdioConnection extends McpTestClient {
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
}

/** A real MCP Client talking to the bundled server over stdio (`node dist/apps/mcp-server/main.mjs`). */
export async function connectStdio(options: StdioOptions = {}): Promise<StdioConnection> {
  if (!options.bundle) assertBundleBuilt();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [options.bundle ?? SERVER_BUNDLE, ...(options.args ?? [])],
    env: { ...getDefaultEnvironment(), ...options.env },
    cwd: options.cwd ?? REPO_ROOT,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = newClient();
  await client.connect(transport);
  return { client, ...toolCaller(client), stderr: () => stderr, close: () => client.close() };
}

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Run the bundled CLI to completion with `input` on stdin (then closed), e.g. to check exit codes
 * of flag misuse or raw stdout. Killed after `timeoutMs`.
 */
export function runCli(
  args: string[],
  options: { input?: string; env?: Record<string, string>; cwd?: string; timeoutMs?: number; bundle?: string } = {},
): Promise<CliRun> {
  if (!options.bundle) assertBundleBuilt();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [options.bundle ?? SERVER_BUNDLE, ...args], {
      cwd: options.cwd ?? REPO_ROOT,
      env: { ...process.env, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, stdout, stderr });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}
