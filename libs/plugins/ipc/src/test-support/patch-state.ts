// What the ipc plugin hooks in the main process, compared by identity with the app's own state
// before the first hook (recorded on the first evaluation). Run with electron_eval_main.
export const PATCH_STATE = `
  const { ipcMain, webContents } = electron;
  const proto = Object.getPrototypeOf(webContents.getAllWebContents()[0]);
  globalThis.__before ??= { add: ipcMain._invokeHandlers.get('math:add'), send: proto.send };
  return {
    sameAdd: ipcMain._invokeHandlers.get('math:add') === globalThis.__before.add,
    sameSend: proto.send === globalThis.__before.send,
    logListeners: ipcMain.listenerCount('log'),
    echoHandled: ipcMain._invokeHandlers.has('echo:stubbed'),
  };`;

/** The app as it runs with nothing hooked. */
export const UNHOOKED = { sameAdd: true, sameSend: true, logListeners: 1, echoHandled: false };
