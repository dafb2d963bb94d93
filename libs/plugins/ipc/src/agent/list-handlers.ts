// Self-contained (the agent receives it as source): no imports at runtime, no outer names.

/**
 * What the app handles now: ipcMain.handle channels, ipcMain.on channels and each window's
 * webContents.ipc handle channels, sorted, each list cut at 200 (then `cut: true`). `ownsEntry`
 * says which table entries are only our stub (no app handler behind them); `ownListeners` how
 * many of a channel's listeners are our capture's.
 */
export function listHandlers(
  // biome-ignore lint/suspicious/noExplicitAny: Electron's ipcMain and webContents, untyped here.
  ipcMain: any,
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  webContents: any,
  ownsEntry: (table: Map<string, unknown>, channel: string) => boolean,
  ownListeners: (channel: string) => number,
) {
  const max = 200;
  const channels = (table: Map<string, unknown>) => [...table.keys()].filter((channel) => !ownsEntry(table, channel)).sort();
  const on = ipcMain
    .eventNames()
    .filter((name: unknown) => typeof name === 'string' && ipcMain.listenerCount(name) > ownListeners(name))
    .sort();
  const windows = webContents
    .getAllWebContents()
    .filter((contents: { ipc?: { _invokeHandlers?: unknown } }) => contents.ipc?._invokeHandlers instanceof Map)
    .map((contents: { id: number; ipc: { _invokeHandlers: Map<string, unknown> } }) => ({
      webContentsId: contents.id,
      handle: channels(contents.ipc._invokeHandlers).slice(0, max),
    }))
    .filter((entry: { handle: string[] }) => entry.handle.length > 0);
  const handle = channels(ipcMain._invokeHandlers);
  const cut = handle.length > max || on.length > max;
  return { handle: handle.slice(0, max), on: on.slice(0, max), windows, ...(cut ? { cut: true } : {}) };
}
