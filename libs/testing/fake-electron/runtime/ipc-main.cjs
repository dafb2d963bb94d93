'use strict';
// ipcMain and the main-process side of renderer messages arriving over the CDP binding:
// send -> 'ipc-message' + ipcMain listeners; invoke -> the handle() handler, reply sent back
// to the calling document; close -> BrowserWindow.close(); key -> menu accelerators.

const { EventEmitter } = require('node:events');
const { encodeIpcValue, decodeIpcValue } = require('./codec.cjs');
const { makeEvent } = require('./events.cjs');

class IpcMain extends EventEmitter {
  constructor() {
    super();
    this.setMaxListeners(0);
    /** @type {Map<string, Function>} */
    this._invokeHandlers = new Map();
  }

  handle(channel, listener) {
    if (this._invokeHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    if (typeof listener !== 'function') throw new TypeError(`Expected handler to be a function, but got ${typeof listener}`);
    this._invokeHandlers.set(channel, listener);
  }

  handleOnce(channel, listener) {
    this.handle(channel, (...args) => {
      this.removeHandler(channel);
      return listener(...args);
    });
  }

  removeHandler(channel) {
    this._invokeHandlers.delete(channel);
  }
}

const ipcMain = new IpcMain();

function ipcEvent(contents, contextId, extra = {}) {
  return makeEvent({
    type: 'frame',
    sender: contents,
    ...require('./web-contents-frames.cjs').senderOfContext(contents, contextId),
    processId: contents.getProcessId(),
    ports: [],
    ...extra,
  });
}

async function handleInvoke(contents, message, contextId) {
  const channel = message.channel;
  const { senderFrame } = require('./web-contents-frames.cjs').senderOfContext(contents, contextId);
  const handler =
    senderFrame?._ipc?._invokeHandlers.get(channel) || contents.ipc._invokeHandlers.get(channel) || ipcMain._invokeHandlers.get(channel);
  let reply;
  try {
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    const value = await handler(ipcEvent(contents, contextId), ...decodeIpcValue(message.args));
    reply = { t: 'reply', id: message.id, ok: true, value: encodeIpcValue(value) };
  } catch (error) {
    reply = { t: 'reply', id: message.id, ok: false, error: `Error invoking remote method '${channel}': ${String(error)}` };
  }
  await contents._dispatch(reply, contextId).catch(() => {});
}

function handleSend(contents, message, contextId) {
  const args = decodeIpcValue(message.args);
  const event = ipcEvent(contents, contextId, {
    returnValue: undefined,
    reply: (channel, ...replyArgs) => contents.send(channel, ...replyArgs),
  });
  contents.emit('ipc-message', event, message.channel, ...args);
  event.senderFrame?._ipc?.emit(message.channel, event, ...args);
  contents.ipc.emit(message.channel, event, ...args);
  ipcMain.emit(message.channel, event, ...args);
}

/** ipcRenderer.sendSync: listeners run now; the page gets the (encoded) event.returnValue. */
function handleSendSync(contents, message) {
  const args = decodeIpcValue(message.args);
  const event = ipcEvent(contents, undefined, {
    returnValue: undefined,
    reply: (channel, ...replyArgs) => contents.send(channel, ...replyArgs),
  });
  contents.emit('ipc-message-sync', event, message.channel, ...args);
  contents.ipc.emit(message.channel, event, ...args);
  ipcMain.emit(message.channel, event, ...args);
  return encodeIpcValue([event.returnValue]);
}

/**
 * @param {any} contents the sending WebContents
 * @param {{ t: string } & Record<string, any>} message
 * @param {number} contextId the execution context the message came from (replies go back there)
 */
function handleRendererMessage(contents, message, contextId) {
  try {
    switch (message.t) {
      case 'send':
        handleSend(contents, message, contextId);
        break;
      case 'invoke':
        handleInvoke(contents, message, contextId);
        break;
      case 'open':
        require('./popups.cjs').onOpenRequest(contents, message);
        break;
      case 'title':
        contents._onDocumentTitle(String(message.title));
        break;
      case 'close':
        // window.close() in a view closes the view's page; in a BrowserWindow, the window.
        if (contents._owner?._isView) contents.close();
        else contents.getOwnerBrowserWindow()?.close();
        break;
      case 'key':
        require('./accelerators.cjs').handleKey(contents, message);
        break;
      case 'context-menu':
        require('./web-contents-context-menu.cjs').emitContextMenu(contents, message.params);
        break;
      case 'will-navigate':
        contents._onWillNavigate(String(message.url), Number(message.id), contextId);
        break;
      default:
        break;
    }
  } catch (error) {
    // A throwing listener is an uncaught exception of the main process, as in Electron.
    queueMicrotask(() => {
      throw error;
    });
  }
}

module.exports = { IpcMain, ipcMain, handleRendererMessage, handleSendSync };
