import type { Browser } from 'playwright-core';
import { ToolError, type AppOwnership } from '@stagewright/sdk';
import { listeningPorts, parentPid, processTree } from './proc-ports.js';

/** How the guard learns about processes; procfs (and ps on macOS) unless a test gives its own. */
export interface ProcessLookup {
  parentOf(pid: number): number | undefined;
  /** Loopback ports the process and its descendants listen on (Linux; empty elsewhere). */
  portsOf(pid: number): number[];
}

const PROCFS: ProcessLookup = { parentOf: parentPid, portsOf: (pid) => listeningPorts(processTree(pid)) };
/** Process trees are shallow (main, zygote, helpers); the walk is bounded against cycles. */
const MAX_ANCESTORS = 64;

/**
 * Keeps one session manager away from the apps other managers of the same server launched.
 * A target is another's when its pid is one of their main pids or a descendant of one (renderers,
 * GPU and utility helpers, headless Chromium), or when such a process listens on its port.
 * Checked before connecting (nothing is signalled or attached) and again on the pid reached.
 */
export class OwnershipGuard {
  constructor(
    private readonly ownership: AppOwnership,
    private readonly self: symbol,
    private readonly lookup: ProcessLookup = PROCFS,
  ) {}

  /** The other session's main pid that `pid` is, or descends from; undefined when it is no one else's. */
  ownerOfPid(pid: number): number | undefined {
    const claimed = new Set(this.ownership.claimedByOthers(this.self));
    if (!claimed.size) return undefined;
    let current: number | undefined = pid;
    for (let depth = 0; current !== undefined && current > 1 && depth < MAX_ANCESTORS; depth++) {
      if (claimed.has(current)) return current;
      current = this.lookup.parentOf(current);
    }
    return undefined;
  }

  /** The other session's main pid whose process tree listens on `port`. */
  ownerOfPort(port: number): number | undefined {
    return this.ownership.claimedByOthers(this.self).find((main) => this.lookup.portsOf(main).includes(port));
  }

  /** Every port the apps of other sessions listen on, for filtering a scan. */
  portsOfOthers(): Set<number> {
    return new Set(this.ownership.claimedByOthers(this.self).flatMap((main) => this.lookup.portsOf(main)));
  }

  /** Throws APP_OWNED_BY_ANOTHER_SESSION when `pid` belongs to another session's app. */
  refusePid(pid: number, what = `process ${pid}`): void {
    const main = this.ownerOfPid(pid);
    if (main !== undefined) throw refusal(what);
  }

  /** Throws APP_OWNED_BY_ANOTHER_SESSION when another session's app listens on `port`. */
  refusePort(port: number, what = `port ${port}`): void {
    if (this.ownerOfPort(port) !== undefined) throw refusal(what);
  }

  /**
   * Throws when the browser process behind a CDP connection belongs to another session's app.
   * Catches what a port check cannot see (a URL relayed elsewhere, platforms without procfs);
   * a browser that will not say its pid is left to the port check.
   */
  async refuseBrowser(browser: Browser, what: string): Promise<void> {
    if (!this.ownership.claimedByOthers(this.self).length) return;
    const cdp = await browser.newBrowserCDPSession().catch(() => undefined);
    const info = (await cdp?.send('SystemInfo.getProcessInfo').catch(() => undefined)) as
      | { processInfo?: { type?: string; id?: number }[] }
      | undefined;
    await cdp?.detach().catch(() => undefined);
    const pid = info?.processInfo?.find((p) => p.type === 'browser')?.id;
    if (typeof pid === 'number') this.refusePid(pid, what);
  }
}

/** Says what was refused, not whose it is: the other session's pids are not this caller's business. */
function refusal(what: string): ToolError {
  return new ToolError(
    'APP_OWNED_BY_ANOTHER_SESSION',
    `Refusing ${what}: it belongs to an app another session of this server launched; nothing was signalled or attached.`,
  );
}
