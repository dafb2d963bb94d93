'use strict';
// ClipboardItem (data for clipboard.write), the main process's WebSocket (the WHATWG client Node
// ships, with Electron's default binaryType 'nodebuffer') and sharedTexture (GPU shared textures,
// which the stand-in's software-rendered Chromium cannot hand out: it throws).

const mark = (fn, status) => Object.assign(fn, { [Symbol.for('fake-electron.coverage')]: status });
const UNSUPPORTED = (what) => new Error(`${what} is not supported by the Electron stand-in (fake-electron)`);

class ClipboardItem {
  /** @param {Record<string, string | object | Blob | Promise<Blob | string>>} items */
  constructor(items) {
    if (!items || typeof items !== 'object') throw new TypeError('ClipboardItem requires an object of MIME types to data');
    this._items = { ...items };
    this.types = Object.keys(items);
  }
  async getType(type) {
    if (!(type in this._items)) throw new DOMException(`The type '${type}' was not found`, 'NotFoundError');
    const value = await this._items[type];
    if (type === 'electron application/bookmark') return value;
    return value instanceof Blob ? value : new Blob([String(value)], { type });
  }
}

const NodeWebSocket = globalThis.WebSocket;

/** Node's own WebSocket (undici); binary messages arrive as Buffers unless binaryType says otherwise. */
class WebSocket extends EventTarget {
  constructor(url, protocols) {
    super();
    if (!NodeWebSocket) throw UNSUPPORTED(`WebSocket on Node ${process.version} (no global WebSocket)`);
    const options = protocols && typeof protocols === 'object' && !Array.isArray(protocols) ? protocols : undefined;
    this._socket = new NodeWebSocket(url, options ? options.protocols : protocols);
    this._socket.binaryType = 'arraybuffer';
    this.binaryType = 'nodebuffer';
    for (const type of ['open', 'message', 'error', 'close']) {
      this._socket.addEventListener(type, (event) => {
        let out = event;
        if (type === 'message') {
          const data =
            event.data instanceof ArrayBuffer && this.binaryType !== 'arraybuffer' ? convert(event.data, this.binaryType) : event.data;
          out = new MessageEvent('message', { data, origin: event.origin });
        } else if (type === 'close') {
          out = Object.assign(new Event('close'), { code: event.code, reason: event.reason, wasClean: event.wasClean });
        } else {
          out = new Event(type);
        }
        this.dispatchEvent(out);
        this[`on${type}`]?.(out);
      });
    }
  }
  get readyState() {
    return this._socket.readyState;
  }
  get url() {
    return this._socket.url;
  }
  get protocol() {
    return this._socket.protocol;
  }
  get extensions() {
    return this._socket.extensions;
  }
  get bufferedAmount() {
    return this._socket.bufferedAmount;
  }
  send(data) {
    this._socket.send(data);
  }
  close(code, reason) {
    this._socket.close(code, reason);
  }
}
Object.assign(WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });

function convert(buffer, binaryType) {
  return binaryType === 'blob' ? new Blob([buffer]) : Buffer.from(buffer);
}

const sharedTexture = {};
for (const name of ['importSharedTexture', 'sendSharedTexture', 'setSharedTextureReceiver']) {
  sharedTexture[name] = mark(() => {
    throw UNSUPPORTED(`sharedTexture.${name} (GPU shared textures)`);
  }, 'throws');
}

module.exports = { ClipboardItem, WebSocket, sharedTexture };
