import type { EvalTarget } from '@stagewright/sdk';
import { electronExecutable } from '@stagewright/fake-electron';
import { storageApp } from '@stagewright/fixtures/storage';
import { connectInMemory, withApp, type AppUnderTest } from '@stagewright/harness';
import { createStagewrightServer, type StagewrightServerOptions } from '@stagewright/mcp-server';
import createStoragePlugin from '../../index.js';

/**
 * The shipped server with the storage plugin loaded and the given eval grant, apps on fake-electron.
 * Writes speak as the app's storage, so the operator's storage grant is on unless `impersonate` is false (ADR-0034).
 */
export const connectWith =
  (allowEval: readonly EvalTarget[] = [], impersonate = true) =>
  () =>
    connectInMemory<StagewrightServerOptions, Awaited<ReturnType<typeof createStagewrightServer>>>({
      plugins: [createStoragePlugin],
      allowEval: [...allowEval],
      allowImpersonation: impersonate ? ['storage'] : [],
      create: (options) => createStagewrightServer({ ...options, driverOptions: { fallbackExecutablePath: electronExecutable() } }),
    });

/** Runs `fn` on the storage fixture app; `allowEval` defaults to both targets (tests reload the page from main). */
export function withStorageApp<T>(
  fn: (app: AppUnderTest) => Promise<T>,
  allowEval: readonly EvalTarget[] = ['main', 'renderer'],
): Promise<T> {
  return withApp(connectWith(allowEval), storageApp, fn);
}

/** Reloads the app's window from the main process, as a restart of the page would. */
export async function reloadPage(app: AppUnderTest): Promise<void> {
  const reloaded = await app.call('electron_eval_main', {
    code: 'electron.BrowserWindow.getAllWindows()[0].webContents.reload(); return true;',
  });
  if (!reloaded.ok) throw new Error(`reload failed: ${JSON.stringify(reloaded)}`);
}
