'use strict';
// Electron's WebFrameMain and webFrameMain (https://www.electronjs.org/docs/latest/api/web-frame-main):
// one object per frame of a webContents (web-contents-frames.cjs numbers them: the main frame 1),
// its tree from CDP's frame events, scripts evaluated in the frame's own execution context.
// Each webContents counts as its own renderer process: processId is the webContents id.

const { EventEmitter } = require('node:events');
const { registry } = require('./registry.cjs');

class WebFrameMain extends EventEmitter {
  constructor(contents, cdpFrameId) {
    super();
    this._contents = contents;
    this._cdpFrameId = cdpFrameId;
    this._ipc = null;
  }
  _entry() {
    return this._contents._frames?.byCdpId.get(this._cdpFrameId);
  }
  get _isMain() {
    return this._cdpFrameId === this._contents._targetId || this._cdpFrameId === '';
  }
  get url() {
    return this._isMain ? this._contents._url : (this._entry()?.url ?? '');
  }
  get name() {
    return this._isMain ? '' : (this._entry()?.name ?? '');
  }
  get origin() {
    try {
      const origin = new URL(this.url).origin;
      return origin === 'null' && this.url.startsWith('file:') ? 'file://' : origin;
    } catch {
      return '';
    }
  }
  get processId() {
    return this._contents.id;
  }
  get osProcessId() {
    return 0;
  }
  get routingId() {
    return this._isMain ? 1 : (this._entry()?.routingId ?? -1);
  }
  get frameTreeNodeId() {
    return this.routingId;
  }
  get frameToken() {
    return this._cdpFrameId;
  }
  get visibilityState() {
    return 'visible';
  }
  get detached() {
    return this._contents._destroyed || (!this._isMain && !this._entry());
  }
  isDestroyed() {
    return this.detached;
  }
  get top() {
    return this._contents.mainFrame;
  }
  get parent() {
    if (this._isMain) return null;
    const parentId = this._entry()?.parentId;
    return parentId && parentId !== this._contents._targetId ? frameFor(this._contents, parentId) : this._contents.mainFrame;
  }
  get frames() {
    const own = this._isMain ? this._contents._targetId : this._cdpFrameId;
    const children = [];
    for (const [cdpId, entry] of this._contents._frames?.byCdpId ?? []) {
      if (cdpId !== this._contents._targetId && (entry.parentId ?? this._contents._targetId) === own)
        children.push(frameFor(this._contents, cdpId));
    }
    return children;
  }
  get framesInSubtree() {
    return [this, ...this.frames.flatMap((frame) => frame.framesInSubtree)];
  }
  get ipc() {
    if (!this._ipc) {
      const { IpcMain } = require('./ipc-main.cjs');
      this._ipc = new IpcMain();
    }
    return this._ipc;
  }

  /** Evaluates code in this frame's main world. */
  async executeJavaScript(code, userGesture = false) {
    if (this._isMain) return this._contents.executeJavaScript(code, userGesture);
    const contextId = this._entry()?.contextId;
    if (contextId === undefined) throw new Error('Render frame was disposed before WebFrameMain could be accessed');
    const session = await this._contents._sessionOrThrow();
    const result = await session.send('Runtime.evaluate', {
      expression: String(code),
      contextId,
      awaitPromise: true,
      returnByValue: true,
      userGesture: Boolean(userGesture),
    });
    if (result.exceptionDetails) {
      const details = result.exceptionDetails;
      throw new Error(details.exception?.description || details.text || 'Script failed to execute');
    }
    return result.result.value;
  }
  send(channel, ...args) {
    if (this._isMain) this._contents.send(channel, ...args);
    else this._contents.sendToFrame(this.routingId, channel, ...args);
  }
  postMessage(channel, message, transfer = []) {
    if (transfer.length)
      throw new Error('MessagePortMain transfer to a renderer is not supported by the Electron stand-in (fake-electron)');
    this.send(channel, message);
  }
  reload() {
    if (this._isMain) {
      this._contents.reload();
      return true;
    }
    this.executeJavaScript('location.reload()').catch(() => {});
    return true;
  }
  async collectJavaScriptCallStack() {
    return undefined;
  }
}

/** The one WebFrameMain of a frame (cached per webContents and CDP frame id). */
function frameFor(contents, cdpFrameId) {
  contents._frameObjects ??= new Map();
  const key = cdpFrameId === contents._targetId ? '' : cdpFrameId;
  let frame = contents._frameObjects.get(key);
  if (!frame) {
    frame = new WebFrameMain(contents, key);
    contents._frameObjects.set(key, frame);
  }
  return frame;
}

/** The frame with routing id `routingId` of a webContents, or undefined. */
function frameByRoutingId(contents, routingId) {
  if (routingId === 1) return contents.mainFrame;
  for (const [cdpId, entry] of contents._frames?.byCdpId ?? []) if (entry.routingId === routingId) return frameFor(contents, cdpId);
  return undefined;
}

const webFrameMain = {
  fromId(processId, routingId) {
    const contents = registry.webContents.get(processId);
    return contents ? frameByRoutingId(contents, routingId) : undefined;
  },
  fromFrameToken(processId, frameToken) {
    const contents = registry.webContents.get(processId);
    if (!contents) return null;
    if (frameToken === contents._targetId) return contents.mainFrame;
    return contents._frames?.byCdpId.has(frameToken) ? frameFor(contents, frameToken) : null;
  },
};

/** The top frame prints its page (Chromium prints whole pages over CDP); a sub frame cannot. */
WebFrameMain.prototype.printToPDF = async function printToPDF(options) {
  if (!this._isMain) throw new Error('Printing a sub frame to PDF is not supported by the Electron stand-in (fake-electron)');
  return this._contents.printToPDF(options);
};
for (const name of ['copyVideoFrameAt', 'saveVideoFrameAs']) {
  WebFrameMain.prototype[name] = Object.assign(
    () => {
      throw new Error(`${name} is not supported by the Electron stand-in (fake-electron)`);
    },
    { [Symbol.for('fake-electron.coverage')]: 'throws' },
  );
}

module.exports = { WebFrameMain, webFrameMain, frameFor, frameByRoutingId };
