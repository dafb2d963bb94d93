import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { liveApps } from './live-apps.js';
import { electronExecutable } from './runtime-switch.js';
import { choosesUserData, freshUserData } from './user-data.js';

/** One line of `ps`: a live (non-zombie) process. */
export interface ProcessRow {
  pid: number;
  ppid: number;
  args: string;
}

function listProcesses(): ProcessRow[] {
  const out = execFileSync('ps', ['-eo', 'pid=,ppid=,stat=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => m !== null && !m[3]!.startsWith('Z'))
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[4]! }));
}

/** The process and every live descendant of it. */
export function processTree(pid: number): ProcessRow[] {
  const rows = listProcesses();
  const tree = rows.filter((row) => row.pid === pid);
  for (let i = 0; i < tree.length; i++) {
    for (const row of rows) if (row.ppid === tree[i]!.pid) tree.push(row);
  }
  return tree;
}

/** A loopback TCP port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface LaunchOptions {
  /** Switches placed before the app path. Without a `--user-data-dir` among them the app gets a fresh one (removed with the scope). */
  args?: string[];
  env?: Record<string, string>;
  timeoutMs?: number;
  /** false: no `--user-data-dir` is added (the app keeps Electron's default userData; give it a temporary XDG_CONFIG_HOME). */
  freshUserData?: boolean;
}

/**
 * Launches apps for one test file and proves afterwards that they left nothing behind.
 * Every app gets TMPDIR set to a private directory, so the temporary Chromium profile (and any
 * other temporary file) of these apps, and only of these, lands there; every process of an app
 * tree is remembered so a survivor is noticed even after its parent died. Every app also gets a
 * fresh `--user-data-dir` (outside tmpRoot: a profile is the app's data, kept until dispose), so
 * no test touches the developer's own profile and no two launches share one.
 */
export class AppScope {
  readonly tmpRoot: string;
  /** Parent of the userData folders this scope's apps got. */
  readonly userDataRoot: string;
  private readonly apps = new Set<ElectronApplication>();
  /** Remembered processes: pid -> command line (a reused pid has another command line). */
  private readonly processes = new Map<number, string>();

  constructor(label: string) {
    this.tmpRoot = mkdtempSync(join(tmpdir(), `fe-test-${label}-`));
    this.userDataRoot = mkdtempSync(join(tmpdir(), `fe-profiles-${label}-`));
  }

  /** The switches for a launch: `args`, and a fresh `--user-data-dir` first unless they choose one. */
  launchArgs(args: readonly string[] = []): string[] {
    return choosesUserData(args) ? [...args] : [freshUserData(this.userDataRoot).arg, ...args];
  }

  /** Environment for apps started by hand (child_process) within this scope. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return { ...(process.env as Record<string, string>), TMPDIR: this.tmpRoot, ...extra };
  }

  /** Playwright's own `_electron.launch` with the switch's binary (ADR-0023). */
  async launch(appPath: string, options: LaunchOptions = {}): Promise<ElectronApplication> {
    const app = await _electron.launch({
      executablePath: electronExecutable(),
      args: [...(options.freshUserData === false ? (options.args ?? []) : this.launchArgs(options.args)), appPath],
      env: this.env(options.env),
      timeout: options.timeoutMs ?? 20_000,
    });
    this.apps.add(app);
    liveApps().add(app);
    this.track(app.process().pid);
    app.once('close', () => {
      this.apps.delete(app);
      liveApps().delete(app);
    });
    return app;
  }

  /** Remembers a process tree (call it while the processes run). */
  track(pid: number | undefined): void {
    if (pid === undefined) return;
    for (const row of processTree(pid)) this.processes.set(row.pid, row.args);
  }

  async close(app: ElectronApplication): Promise<void> {
    this.track(app.process().pid);
    await app.close();
  }

  /** Launch an app and wait for its first window to load: the usual start of a suite. */
  async launchWindow(appPath: string, options: LaunchOptions = {}): Promise<{ app: ElectronApplication; page: Page }> {
    const app = await this.launch(appPath, options);
    const page = await app.firstWindow();
    await page.waitForLoadState('load');
    return { app, page };
  }

  /** Close every app, wait until nothing of them is left, remove tmpRoot; returns what stayed. */
  async finish(): Promise<string[]> {
    await this.closeAll();
    const left = await this.settle();
    this.dispose();
    return left;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.apps].map((app) => this.close(app).catch(() => undefined)));
  }

  /** What is still there: live remembered processes, processes naming tmpRoot, files in tmpRoot. */
  leftovers(): string[] {
    const rows = listProcesses();
    const found: string[] = [];
    for (const row of rows) {
      if (this.processes.get(row.pid) === row.args || row.args.includes(this.tmpRoot))
        found.push(`process ${row.pid}: ${row.args.slice(0, 160)}`);
    }
    for (const entry of readdirSync(this.tmpRoot)) found.push(`file ${join(this.tmpRoot, entry)}`);
    return found;
  }

  /** Waits (the watchdog needs a moment after a SIGKILL) until nothing is left; returns what stayed. */
  async settle(timeoutMs = 10_000): Promise<string[]> {
    const deadline = Date.now() + timeoutMs;
    let left = this.leftovers();
    while (left.length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      left = this.leftovers();
    }
    return left;
  }

  /** Removes tmpRoot (after the leftover check) and the apps' userData folders. */
  dispose(): void {
    rmSync(this.tmpRoot, { recursive: true, force: true });
    rmSync(this.userDataRoot, { recursive: true, force: true, maxRetries: 3 });
  }
}
