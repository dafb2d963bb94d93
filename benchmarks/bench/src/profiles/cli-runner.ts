import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { encode } from 'gpt-tokenizer';
import type { ProfileRun, TaskResult } from './report.js';
import { TaskFailure, type Envelope, type TaskApi, type TaskEnv } from './task-api.js';
import type { BenchTask, TaskApp } from './tasks.js';

export interface CliRunnerOptions {
  /** The built CLI (dist/apps/mcp-server/main.mjs): the same bundle as the MCP server. */
  serverPath: string;
  electronPath: string;
  screenshotDir: string;
  appDirs: Record<Exclude<TaskApp, 'none'>, string>;
  env: TaskEnv;
  onProgress?: (line: string) => void;
}

/** What one CLI task cost the agent, beside the MCP task result fields. */
export interface CliTaskCost {
  id: string;
  /** SKILL.md, loaded once per conversation. */
  skillBpe: number;
  /** reference/<group>.md files loaded for commands SKILL.md does not show. */
  referenceBpe: number;
  /** Each command's stdout as the shell shows it. */
  answerBpe: number;
  /** Files under .stagewright/ the agent read because it used a field they hold. */
  fileBpe: number;
  filesRead: number;
}

const bpe = (text: string) => encode(text).length;
const commandName = (tool: string) => tool.replace(/^electron_/, '').replaceAll('_', '-');
const flagName = (param: string) => `--${param.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The command line an agent writes for a tool call: the target positional, every other argument a flag. */
export function argvOf(tool: string, args: Record<string, unknown>): string[] {
  const argv = [commandName(tool)];
  if (typeof args.ref === 'string') argv.push(args.ref);
  else if (typeof args.selector === 'string') argv.push(args.selector);
  for (const [key, value] of Object.entries(args)) {
    if (key === 'ref' || key === 'selector' || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) argv.push(`${flagName(key)}=${String(item)}`);
    else if (typeof value === 'object' && value !== null) argv.push(`${flagName(key)}=${JSON.stringify(value)}`);
    else argv.push(`${flagName(key)}=${String(value)}`);
  }
  return argv;
}

/**
 * The envelope an agent can rebuild from a short answer: `ok` or `error CODE: message`, then
 * `key: value` lines; a value that names a file under .stagewright/ is read (and paid for) only
 * when the task uses that field.
 */
export function readShortAnswer(stdout: string, workspace: string, onRead: (text: string) => void): Envelope {
  const [head = '', ...lines] = stdout.replace(/\n$/, '').split('\n');
  const error = /^error (\S+): (.*)$/.exec(head);
  const envelope: Envelope = error ? { ok: false, code: error[1], error: error[2] } : { ok: head === 'ok' };
  const files = new Map<string, string>();
  for (const line of lines) {
    const at = line.indexOf(': ');
    if (at < 0) continue;
    const key = line.slice(0, at);
    const raw = line.slice(at + 2);
    const file = /^(\.stagewright\/\S+) \([\d.]+ k?B\)(?:, \d+ (?:lines|items))?$/.exec(raw);
    if (file) {
      files.set(key, file[1]!);
      continue;
    }
    try {
      envelope[key] = JSON.parse(raw);
    } catch {
      envelope[key] = raw;
    }
  }
  const read = new Map<string, unknown>();
  return new Proxy(envelope, {
    get(target, key) {
      if (typeof key !== 'string' || !files.has(key)) return Reflect.get(target, key);
      if (!read.has(key)) {
        const path = files.get(key)!;
        const text = readFileSync(isAbsolute(path) ? path : join(workspace, path), 'utf8');
        onRead(text);
        read.set(key, path.endsWith('.json') ? JSON.parse(text) : text);
      }
      return read.get(key);
    },
    has: (target, key) => (typeof key === 'string' && files.has(key)) || Reflect.has(target, key),
  });
}

interface Skill {
  skillBpe: number;
  /** Command -> its group file's tokens, for commands SKILL.md does not show. */
  referenceOf: Map<string, { group: string; bpe: number }>;
}

/** The skill as `stagewright skill install` writes it, and which reference file each command needs. */
function loadSkill(dir: string): Skill {
  const skill = readFileSync(join(dir, 'SKILL.md'), 'utf8');
  const shown = new Set([...skill.matchAll(/^- `stagewright ([a-z-]+)/gm)].map((m) => m[1]!));
  const referenceOf = new Map<string, { group: string; bpe: number }>();
  for (const file of readdirSync(join(dir, 'reference'))) {
    const text = readFileSync(join(dir, 'reference', file), 'utf8');
    for (const [, command] of text.matchAll(/^## ([a-z-]+)$/gm))
      if (!shown.has(command!)) referenceOf.set(command!, { group: file, bpe: bpe(text) });
  }
  return { skillBpe: bpe(skill), referenceOf };
}

class CliSession {
  constructor(
    private readonly options: CliRunnerOptions,
    readonly workspace: string,
  ) {}

  run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [this.options.serverPath, ...argv],
        {
          cwd: this.workspace,
          env: {
            ...process.env,
            STAGEWRIGHT_ELECTRON: this.options.electronPath,
            STAGEWRIGHT_DAEMON_FLAGS: `--screenshot-dir ${this.options.screenshotDir}`,
          },
          timeout: 180_000,
          maxBuffer: 64 * 1024 * 1024,
        },
        (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
  }

  /** Set-up outside any task's count (launch, stop), read as JSON. */
  async setup(tool: string, args: Record<string, unknown>): Promise<Envelope> {
    const { stdout, stderr } = await this.run([...argvOf(tool, args), '--json']);
    try {
      return JSON.parse(stdout) as Envelope;
    } catch {
      return { ok: false, code: 'SETUP_FAILED', error: stderr.trim() || stdout.trim() };
    }
  }
}

class CliApi implements TaskApi {
  calls = 0;
  retries = 0;
  answerBpe = 0;
  fileBpe = 0;
  filesRead = 0;
  readonly groups = new Map<string, number>();
  constructor(
    private readonly cli: CliSession,
    private readonly skill: Skill,
    private sessionId: string | undefined,
  ) {}

  bind(sessionId: string): void {
    this.sessionId = sessionId;
  }

  async call(name: string, args: Record<string, unknown> = {}): Promise<Envelope> {
    this.calls++;
    const command = commandName(name);
    const reference = this.skill.referenceOf.get(command);
    if (reference) this.groups.set(reference.group, reference.bpe);
    const sessionless = ['launch', 'attach', 'inject', 'status', 'doctor', 'discover-running'].includes(command);
    const withSession = this.sessionId && !sessionless && !('sessionId' in args) ? { ...args, sessionId: this.sessionId } : args;
    const { stdout, stderr } = await this.cli.run(argvOf(name, withSession));
    this.answerBpe += bpe(stdout + stderr);
    if (!stdout && stderr) return { ok: false, code: 'CLI_USAGE', error: stderr.trim() };
    return readShortAnswer(stdout, this.cli.workspace, (text) => {
      this.filesRead++;
      this.fileBpe += bpe(text);
    });
  }

  async retry(name: string, args: Record<string, unknown> = {}): Promise<Envelope> {
    this.retries++;
    return this.call(name, args);
  }
}

/**
 * The profile tasks through the agent command line: each tool call is a `stagewright <command>`
 * process against one background server (full profile, no grants, the MCP runs' screenshot
 * folder), each task a conversation that loads SKILL.md, the reference file of each group whose
 * commands SKILL.md does not show, every answer, and each file whose field the task used.
 */
export async function runCli(tasks: readonly BenchTask[], options: CliRunnerOptions): Promise<{ run: ProfileRun; costs: CliTaskCost[] }> {
  const workspace = mkdtempSync(join(tmpdir(), 'sw-bench-cli-'));
  const cli = new CliSession(options, workspace);
  const skillDir = join(workspace, 'skill');
  const installed = await cli.run(['skill', 'install', '--dir', skillDir]);
  if (installed.code !== 0 || !existsSync(join(skillDir, 'SKILL.md'))) throw new Error(`skill install failed: ${installed.stderr}`);
  const skill = loadSkill(skillDir);
  const shared = new Map<string, string>();
  const results: TaskResult[] = [];
  const costs: CliTaskCost[] = [];
  const launch = async (app: Exclude<TaskApp, 'none'>) => {
    const env = await cli.setup('electron_launch', { main: options.appDirs[app] });
    if (!env.ok || typeof env.sessionId !== 'string') throw new Error(`launch failed: ${env.code} ${env.error ?? ''}`);
    return env.sessionId;
  };
  try {
    for (const task of tasks) {
      let sessionId: string | undefined;
      let fresh = false;
      let launchError: string | undefined;
      try {
        if (task.app !== 'none') {
          fresh = Boolean(task.fresh);
          sessionId = fresh ? await launch(task.app) : shared.get(task.app);
          if (!sessionId) {
            sessionId = await launch(task.app);
            shared.set(task.app, sessionId);
          }
        }
      } catch (error) {
        launchError = (error as Error).message;
      }
      const api = new CliApi(cli, skill, sessionId);
      let failure: TaskFailure | undefined;
      const start = performance.now();
      if (!launchError) {
        try {
          await task.run(api, options.env);
        } catch (error) {
          failure = error instanceof TaskFailure ? error : new TaskFailure(error instanceof Error ? error.message : String(error));
        }
      }
      const wallMs = Math.round(performance.now() - start);
      if (sessionId && fresh) await cli.setup('electron_stop', { sessionId });
      else if (sessionId) {
        await cli.setup('electron_switch_window', { sessionId, index: 0 });
        await cli.setup('electron_switch_surface', { sessionId, surfaceId: 'main' });
      }
      const referenceBpe = [...api.groups.values()].reduce((a, b) => a + b, 0);
      const cost = {
        id: task.id,
        skillBpe: skill.skillBpe,
        referenceBpe,
        answerBpe: api.answerBpe,
        fileBpe: api.fileBpe,
        filesRead: api.filesRead,
      };
      costs.push(cost);
      const success = !launchError && !failure;
      results.push({
        id: task.id,
        success,
        firstTry: success,
        calls: api.calls,
        retries: api.retries,
        responseBpe: api.answerBpe + api.fileBpe,
        listingBpe: skill.skillBpe + referenceBpe,
        wallMs,
        ...(launchError ? { error: launchError, code: 'LAUNCH_FAILED' } : {}),
        ...(failure ? { error: failure.message, code: failure.code, hint: failure.hint } : {}),
      });
      options.onProgress?.(
        `cli       ${task.id.padEnd(18)} ${success ? 'ok  ' : 'FAIL'} calls=${api.calls} answers=${api.answerBpe} files=${api.fileBpe} skill=${skill.skillBpe + referenceBpe}${failure ? `  ${failure.message}` : ''}${launchError ? `  ${launchError}` : ''}`,
      );
    }
  } finally {
    for (const sessionId of shared.values()) await cli.setup('electron_stop', { sessionId });
    await cli.run(['daemon', 'stop']);
    rmSync(workspace, { recursive: true, force: true });
  }
  return { run: { profile: 'cli', listingBpe: skill.skillBpe, toolCount: skill.referenceOf.size, tasks: results, hintChecks: [] }, costs };
}
