import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { encode } from 'gpt-tokenizer';
import type { Envelope, TaskApi } from './task-api.js';
import { TaskFailure } from './task-api.js';
import type { BenchTask } from './tasks.js';
import type { ProfileRun, TaskResult } from './report.js';

export interface RunnerOptions {
  /** Absolute path of the bundled server (dist/apps/mcp-server/main.mjs). */
  serverPath: string;
  /** The bench fixture app directory. */
  appDir: string;
  /** Electron executable handed to the server through STAGEWRIGHT_ELECTRON. */
  electronPath: string;
  onProgress?: (line: string) => void;
}

/**
 * A task's view of the connection: counts calls, retries and response tokens, and notes the tools
 * it needed that tools/list did not offer. Such a call is still sent, as a host's would be, so
 * the task fails with the server's own restart hint.
 */
class CountingApi implements TaskApi {
  calls = 0;
  retries = 0;
  responseBpe = 0;
  readonly missing = new Set<string>();
  constructor(
    private readonly client: Client,
    private readonly sessionId: string,
    private readonly listed: ReadonlySet<string>,
  ) {}

  async call(name: string, args: Record<string, unknown> = {}): Promise<Envelope> {
    this.calls++;
    if (!this.listed.has(name)) this.missing.add(name);
    const result = await this.client.callTool({ name, arguments: { ...args, sessionId: this.sessionId } });
    const text = (result.content as { type: string; text?: string }[])
      .filter((c) => c.type === 'text')
      .map((c) => c.text ?? '')
      .join('');
    this.responseBpe += encode(text).length;
    return JSON.parse(text) as Envelope;
  }

  async retry(name: string, args: Record<string, unknown> = {}): Promise<Envelope> {
    this.retries++;
    return this.call(name, args);
  }
}

/**
 * Runs every task against one profile over a real stdio connection to the built server. Launch
 * and stop are set-up, not task work: they are not counted in calls or response BPE.
 */
export async function runProfile(profile: string, tasks: readonly BenchTask[], options: RunnerOptions): Promise<ProfileRun> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [options.serverPath, '--tool-profile', profile],
    env: { ...process.env, STAGEWRIGHT_ELECTRON: options.electronPath } as Record<string, string>,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'stagewright-bench', version: '1.0.0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    const manifestBpe = encode(JSON.stringify({ tools })).length;
    const listed = new Set(tools.map((tool) => tool.name));
    const results: TaskResult[] = [];
    for (const task of tasks) {
      const result = await runTask(client, task, options.appDir, listed);
      results.push(result);
      options.onProgress?.(
        `${profile.padEnd(9)} ${task.id.padEnd(16)} ${result.success ? 'ok  ' : 'FAIL'} calls=${result.calls} retries=${result.retries}${result.error ? `  ${result.error}` : ''}`,
      );
    }
    return { profile, manifestBpe, toolCount: tools.length, tasks: results };
  } finally {
    await client.close();
  }
}

async function launch(client: Client, appDir: string): Promise<Envelope> {
  try {
    const launched = await client.callTool({ name: 'electron_launch', arguments: { main: appDir } });
    return JSON.parse((launched.content as { text: string }[])[0]!.text) as Envelope;
  } catch (error) {
    return { ok: false, code: 'LAUNCH_FAILED', error: error instanceof Error ? error.message : String(error) };
  }
}

async function runTask(client: Client, task: BenchTask, appDir: string, listed: ReadonlySet<string>): Promise<TaskResult> {
  const launchEnv = await launch(client, appDir);
  if (!launchEnv.ok) {
    return {
      id: task.id,
      success: false,
      calls: 0,
      retries: 0,
      responseBpe: 0,
      wallMs: 0,
      error: `launch failed: ${launchEnv.code} ${launchEnv.error}`,
      code: launchEnv.code,
      hint: launchEnv.hint,
    };
  }
  const sessionId = String(launchEnv.sessionId);
  const api = new CountingApi(client, sessionId, listed);
  let failure: TaskFailure | undefined;
  const taskStart = performance.now();
  try {
    await task.run(api);
  } catch (error) {
    failure = error instanceof TaskFailure ? error : new TaskFailure(error instanceof Error ? error.message : String(error));
  }
  const wallMs = performance.now() - taskStart;
  await client.callTool({ name: 'electron_stop', arguments: { sessionId } }).catch(() => undefined);
  return {
    id: task.id,
    success: !failure,
    calls: api.calls,
    retries: api.retries,
    responseBpe: api.responseBpe,
    wallMs: Math.round(wallMs),
    ...(failure ? { error: failure.message, code: failure.code, hint: failure.hint } : {}),
    ...(api.missing.size ? { missingTools: [...api.missing] } : {}),
  };
}
