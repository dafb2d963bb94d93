'use strict';
// Electron's MessageChannelMain / MessagePortMain (https://www.electronjs.org/docs/latest/api/message-channel-main),
// used in the main process and in utility processes. Two ports in one process are entangled
// directly; a port transferred to another process (utilityProcess) is replaced, in this process,
// by a link over that process's IPC channel: messages posted to its partner travel as
// { t: 'port', id, data } and are delivered on the other side. Messages are structured-cloned.

const { EventEmitter } = require('node:events');

let nextPortId = 1;

class MessagePortMain extends EventEmitter {
  constructor() {
    super();
    /** @type {MessagePortMain | null} the entangled port in this process */
    this._peer = null;
    /** @type {{ send(message: any): void } | null} where messages go once the peer left this process */
    this._remote = null;
    this._remoteId = 0;
    this._started = false;
    this._closed = false;
    /** @type {Array<{ data: any, ports: MessagePortMain[] }>} */
    this._queue = [];
  }

  /** Sends a message to the entangled port; ports in `transfer` move with it. */
  postMessage(message, transfer = []) {
    if (this._closed) return;
    for (const port of transfer) {
      if (!(port instanceof MessagePortMain)) throw new TypeError('Port at index 0 is not a valid port');
      if (port === this) throw new Error('Port at index 0 contains the source port.');
    }
    const data = structuredClone(message);
    if (this._remote) {
      this._remote.send({ t: 'port', id: this._remoteId, data, ports: transfer.map((port) => exportPort(port, this._remote)) });
      return;
    }
    this._peer?._deliver(data, transfer);
  }

  start() {
    if (this._closed) return;
    this._started = true;
    for (const item of this._queue.splice(0)) this.emit('message', { data: item.data, ports: item.ports });
  }

  close() {
    if (this._closed) return;
    this._closed = true;
    this._queue = [];
    const peer = this._peer;
    this._peer = null;
    if (this._remote) {
      this._remote.send({ t: 'port-close', id: this._remoteId });
      links.delete(this._remoteId);
      this._remote = null;
    }
    this.emit('close');
    if (peer && !peer._closed) peer.close();
  }

  _deliver(data, ports) {
    if (this._closed) return;
    if (!this._started) {
      this._queue.push({ data, ports });
      return;
    }
    setImmediate(() => {
      if (!this._closed) this.emit('message', { data, ports });
    });
  }
}

class MessageChannelMain {
  constructor() {
    this.port1 = new MessagePortMain();
    this.port2 = new MessagePortMain();
    this.port1._peer = this.port2;
    this.port2._peer = this.port1;
  }
}

/** Ports of this process linked to a port in another process, by link id. @type {Map<number, MessagePortMain>} */
const links = new Map();

/**
 * `port` leaves this process over `channel`: its partner here now sends over the channel.
 * Returns the link id the other side builds its port from.
 */
function exportPort(port, channel) {
  const id = `${process.pid}-${nextPortId++}`;
  const partner = port._peer;
  port._closed = true;
  port._peer = null;
  if (partner) {
    partner._peer = null;
    partner._remote = channel;
    partner._remoteId = id;
    links.set(id, partner);
  }
  return id;
}

/** A port arriving from another process over `channel`, linked to its partner there. */
function importPort(id, channel) {
  const port = new MessagePortMain();
  port._remote = channel;
  port._remoteId = id;
  links.set(id, port);
  return port;
}

/** Handles { t: 'port' | 'port-close' } messages from `channel`; false for any other message. */
function routePortMessage(message, channel) {
  if (message?.t === 'port') {
    const port = links.get(message.id);
    if (port)
      port._deliver(
        message.data,
        (message.ports || []).map((id) => importPort(id, channel)),
      );
    return true;
  }
  if (message?.t === 'port-close') {
    const port = links.get(message.id);
    links.delete(message.id);
    if (port) {
      port._remote = null;
      port.close();
    }
    return true;
  }
  return false;
}

module.exports = { MessageChannelMain, MessagePortMain, exportPort, importPort, routePortMessage };
