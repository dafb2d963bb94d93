import type { Browser } from 'playwright-core';
import { ToolError, clampTimeout, isToolError, type AttachOptions } from '@stagewright/sdk';
import { ElectronSession } from '../session/electron-session.js';
import { InspectorMainProcess, type MainProcess } from '../session/main-process.js';
import { InspectorClient, findInspectorUrl } from '../inspector/inspector-client.js';
import { cdpEndpoint } from './endpoint.js';
import { connectBrowser } from './devtools-urls.js';
import { foreignControl } from './foreign-control.js';
import { waitForGone } from './proc-ports.js';
import { windowStateViaMain } from '../session/window-state-via-main.js';
import type { OwnershipGuard } from './ownership-guard.js';

export const DEFAULT_ATTACH_TIMEOUT_MS = 10_000;

/**
 * Attach to a running app: renderers over a loopback CDP endpoint, the main process through its
 * Node inspector when `inspectPort` is given. With only `inspectPort` the session is main-only.
 */
export async function attachSession(id: string, options: AttachOptions, guard?: OwnershipGuard): Promise<ElectronSession> {
  const timeoutMs = clampTimeout(options.timeoutMs, DEFAULT_ATTACH_TIMEOUT_MS, 60_000);
  const wantsRenderer = options.port !== undefined || options.cdpUrl !== undefined || options.inspectPort === undefined;
  const endpoint = wantsRenderer ? cdpEndpoint(options) : undefined;
  if (options.inspectPort !== undefined) guard?.refusePort(options.inspectPort, `inspectPort ${options.inspectPort}`);
  if (endpoint)
    guard?.refusePort(portOf(endpoint), options.cdpUrl !== undefined ? `cdpUrl ${endpoint.slice(0, 200)}` : `port ${options.port}`);

  const inspector = options.inspectPort !== undefined ? await connectInspector(options.inspectPort, timeoutMs) : undefined;
  let browser: Browser | undefined;
  if (endpoint) {
    try {
      browser = await connectBrowser(endpoint, timeoutMs);
    } catch (error) {
      inspector?.close();
      if (isToolError(error)) throw error;
      throw new ToolError('ATTACH_FAILED', `No DevTools endpoint answered at ${endpoint}: ${firstLine(error)}`, { cause: error });
    }
  }
  return buildForeignSession(id, 'attached', browser, inspector, guard);
}

/** The TCP port of a checked loopback http:// or ws:// endpoint (80 when the URL names none). */
function portOf(endpoint: string): number {
  return Number(new URL(endpoint).port || 80);
}

/** Connect to the Node inspector on a loopback port and check it is an Electron main process. */
export async function connectInspector(port: number, timeoutMs: number): Promise<InspectorClient> {
  const wsUrl = await findInspectorUrl(port);
  if (!wsUrl) {
    throw new ToolError('ATTACH_FAILED', `No Node inspector answered on 127.0.0.1:${port}.`);
  }
  try {
    return await InspectorClient.connect(wsUrl, timeoutMs);
  } catch (error) {
    if (isToolError(error)) throw error;
    throw new ToolError('ATTACH_FAILED', `The inspector on port ${port} refused the connection: ${firstLine(error)}`, { cause: error });
  }
}

export async function buildForeignSession(
  id: string,
  kind: 'attached' | 'injected',
  browser: Browser | undefined,
  inspector: InspectorClient | undefined,
  guard?: OwnershipGuard,
): Promise<ElectronSession> {
  const main: MainProcess | undefined = inspector ? new InspectorMainProcess(inspector) : undefined;
  const abandon = async () => {
    main?.close();
    await browser?.close().catch(() => undefined);
  };
  let pid: number | undefined;
  if (main) {
    try {
      pid = Number(await main.evaluate('return process.pid;', null, 5_000));
    } catch (error) {
      await abandon();
      throw new ToolError(
        kind === 'injected' ? 'INJECT_FAILED' : 'ATTACH_FAILED',
        `The inspector is not an Electron main process: ${firstLine(error)}`,
      );
    }
  }
  try {
    if (pid !== undefined) guard?.refusePid(pid, `the main process reached (pid ${pid})`);
    if (browser) await guard?.refuseBrowser(browser, 'the DevTools endpoint reached');
  } catch (error) {
    await abandon();
    throw error;
  }
  const session = new ElectronSession({
    id,
    kind,
    pid,
    main,
    capabilities: { mainProcess: !!main, owned: false, renderer: !!browser },
    control: foreignControl({ browser, main, pid: () => pid }),
    ...(main ? { windowState: windowStateViaMain(main) } : {}),
  });
  // A dropped connection means the app is gone only if its process is (we may not own it).
  const lost = async () => {
    if (pid === undefined || (await waitForGone(pid, 2_000))) session.markExited({ code: null, signal: null });
  };
  browser?.on('disconnected', () => void lost());
  inspector?.on('close', () => void lost());
  for (const context of browser?.contexts() ?? []) await session.watch(context);
  if (browser) await warmActive(session);
  return session;
}

/** The active window's first read is paid here (warm-page.ts); a session without one has nothing to warm. */
async function warmActive(session: ElectronSession): Promise<void> {
  let page: ReturnType<ElectronSession['page']>;
  try {
    page = session.pageOrThrow();
  } catch {
    return;
  }
  await session.warm(page);
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message
    .replace(/^[a-zA-Z.]+: /, '')
    .split('\n')[0]
    .slice(0, 300);
}
