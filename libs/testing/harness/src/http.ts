// The bundled server over Streamable HTTP, as a host that connects by URL sees it: spawned with
// --transport http on a free port, reached through the SDK's own Streamable HTTP client.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { toolCaller, type McpTestClient } from './client.js';
import { REPO_ROOT, SERVER_BUNDLE, assertBundleBuilt } from './stdio.js';

export interface HttpServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  stderr(): string;
  /** Resolves with the exit code (after SIGTERM unless already gone). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface ExitedServer {
  code: number | null;
  stderr: string;
}

/**
 * Spawn the bundle; resolves once it prints its URL, or with its exit when it refuses to start.
 * The caller chooses the Electron runtime in `env` (e.g. `STAGEWRIGHT_ELECTRON` at fake-electron);
 * `where.bundle` runs another server entry (an installed package's bin), `where.cwd` its folder.
 */
export function spawnHttpServer(
  args: string[],
  env: Record<string, string> = {},
  where: { bundle?: string; cwd?: string } = {},
): Promise<HttpServerProcess | ExitedServer> {
  if (!where.bundle) assertBundleBuilt();
  const child = spawn(process.execPath, [where.bundle ?? SERVER_BUNDLE, '--transport', 'http', ...args], {
    cwd: where.cwd ?? REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return new Promise((resolve) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match)
        resolve({
          child,
          url: match[1],
          stderr: () => stderr,
          stop: (signal = 'SIGTERM') => {
            if (child.exitCode === null) child.kill(signal);
            return exited;
          },
        });
    });
    void exited.then((code) => resolve({ code, stderr: stderr + stdout }));
  });
}

export function isRunning(server: HttpServerProcess | ExitedServer): server is HttpServerProcess {
  return 'url' in server;
}

export interface HttpConnection extends McpTestClient {
  readonly transport: StreamableHTTPClientTransport;
}

/** An SDK Client over the SDK's Streamable HTTP client transport. */
export async function connectHttp(url: string, headers: Record<string, string> = {}): Promise<HttpConnection> {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  const client = new Client({ name: 'stagewright-http-test', version: '0.0.0' }, { capabilities: {} });
  await client.connect(transport);
  return { client, transport, ...toolCaller(client), close: () => client.close() };
}

/** The pid and every descendant of it, right now. */
export function processTree(pid: number): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of rows) {
      if (!tree.has(parent) || tree.has(child)) continue;
      tree.add(child);
      grew = true;
    }
  }
  return [...tree];
}

export function alive(pids: readonly number[]): number[] {
  return pids.filter((pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  });
}

/** Waits (generously; never a timing assertion) until none of the pids is alive, and returns the survivors. */
export async function settled(pids: readonly number[], withinMs = 30_000): Promise<number[]> {
  const deadline = Date.now() + withinMs;
  while (alive(pids).length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  return alive(pids);
}
