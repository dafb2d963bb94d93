import type { Browser } from 'playwright-core';
import { ToolError, clampTimeout, isToolError } from '@stagewright/sdk';
import type { ElectronSession } from '../session/electron-session.js';
import { InspectorClient, fetchJson, findInspectorUrl, isBrowserVersion } from '../inspector/inspector-client.js';
import { buildForeignSession } from './attach.js';
import { connectBrowser } from './devtools-urls.js';
import { assertInspectableMainProcess } from './inspectable-process.js';
import { listeningPorts, processAlive, processTree } from './proc-ports.js';
import type { OwnershipGuard } from './ownership-guard.js';

const DEFAULT_INSPECTOR_PORT = 9229;

/**
 * Open the Node inspector of a running Electron main process (SIGUSR1) and attach to it. The
 * renderer is reached too when its DevTools port is given or can be found among the ports the
 * app listens on; otherwise the session is main-only and says so in its capabilities.
 */
export async function injectSession(
  id: string,
  pid: number,
  options: { timeoutMs?: number; cdpPort?: number },
  guard?: OwnershipGuard,
): Promise<ElectronSession> {
  const timeoutMs = clampTimeout(options.timeoutMs, 10_000, 60_000);
  if (!Number.isInteger(pid) || pid <= 1 || pid === process.pid || !processAlive(pid)) {
    throw new ToolError('INJECT_FAILED', `No running process ${pid} that the server may inspect.`);
  }
  guard?.refusePid(pid);
  if (options.cdpPort !== undefined) guard?.refusePort(options.cdpPort, `cdpPort ${options.cdpPort}`);
  assertInspectableMainProcess(pid);
  let wsUrl = await findInspector(pid);
  if (!wsUrl) {
    try {
      process.kill(pid, 'SIGUSR1');
    } catch (error) {
      throw new ToolError('INJECT_FAILED', `Cannot signal process ${pid}: ${(error as NodeJS.ErrnoException).code}.`);
    }
    const deadline = Date.now() + timeoutMs;
    while (!wsUrl && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      wsUrl = await findInspector(pid);
    }
  }
  if (!wsUrl) {
    throw new ToolError('INJECT_FAILED', `Process ${pid} opened no inspector within ${timeoutMs} ms.`);
  }
  const inspector = await InspectorClient.connect(wsUrl, timeoutMs).catch((error: Error) => {
    if (isToolError(error)) throw error;
    throw new ToolError('INJECT_FAILED', `The inspector of ${pid} refused the connection: ${error.message}`);
  });
  const browser = await findRenderer(pid, options.cdpPort, inspector);
  const session = await buildForeignSession(id, 'injected', browser, inspector, guard);
  if (session.pid !== pid) {
    await session.control.detach();
    throw new ToolError('INJECT_FAILED', `The inspector found belongs to process ${session.pid}, not ${pid}.`);
  }
  return session;
}

/** The inspector of `pid`: on a port the process listens on, else the default port if it is that process's. */
async function findInspector(pid: number): Promise<string | undefined> {
  const ports = listeningPorts([pid]);
  for (const port of [...ports, DEFAULT_INSPECTOR_PORT]) {
    const url = await findInspectorUrl(port);
    if (url) return url;
  }
  return undefined;
}

async function findRenderer(pid: number, cdpPort: number | undefined, inspector: InspectorClient): Promise<Browser | undefined> {
  const candidates = cdpPort !== undefined ? [cdpPort] : await rendererPortCandidates(pid, inspector);
  for (const port of candidates) {
    const version = await fetchJson<{ Browser?: string }>('127.0.0.1', port, '/json/version').catch(() => undefined);
    if (!isBrowserVersion(version)) continue;
    try {
      return await connectBrowser(`http://127.0.0.1:${port}`, 5_000);
    } catch {
      // try the next candidate
    }
  }
  return undefined;
}

async function rendererPortCandidates(pid: number, inspector: InspectorClient): Promise<number[]> {
  const fromSwitch = await inspector
    .evaluateBody("return electron.app.commandLine.getSwitchValue('remote-debugging-port');", null, 2_000)
    .catch(() => undefined);
  const declared = Number(fromSwitch);
  const ports = listeningPorts(processTree(pid));
  return [...(declared > 0 ? [declared] : []), ...ports.filter((p) => p !== declared)];
}
