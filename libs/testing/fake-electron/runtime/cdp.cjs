'use strict';
// A minimal Chrome DevTools Protocol client over Chromium's --remote-debugging-pipe
// (fd 3: commands to Chromium, fd 4: replies and events; messages are NUL-terminated JSON).
// Sessions are flat (Target.attachToTarget / setAutoAttach with flatten: true).

const { EventEmitter } = require('node:events');

class CdpSession extends EventEmitter {
  /**
   * @param {CdpConnection} connection
   * @param {string} sessionId '' for the browser session
   */
  constructor(connection, sessionId) {
    super();
    this.setMaxListeners(0);
    this.connection = connection;
    this.sessionId = sessionId;
    this.detached = false;
  }

  /**
   * @param {string} method
   * @param {object} [params]
   * @returns {Promise<any>}
   */
  send(method, params = {}) {
    if (this.detached) return Promise.reject(new Error(`${method}: target closed`));
    return this.connection.rawSend(method, params, this.sessionId || undefined);
  }

  /** Like send, but a failure (closed target, navigated context) only resolves to undefined. */
  sendQuietly(method, params = {}) {
    return this.send(method, params).catch(() => undefined);
  }
}

class CdpConnection extends EventEmitter {
  /**
   * @param {import('node:stream').Writable} writable Chromium's fd 3
   * @param {import('node:stream').Readable} readable Chromium's fd 4
   */
  constructor(writable, readable) {
    super();
    this.writable = writable;
    this.lastId = 0;
    this.closed = false;
    /** @type {Map<number, { resolve: Function, reject: Function, method: string }>} */
    this.pending = new Map();
    /** @type {Map<string, CdpSession>} */
    this.sessions = new Map();
    this.browser = new CdpSession(this, '');
    this.sessions.set('', this.browser);
    let buffer = '';
    readable.setEncoding('utf8');
    readable.on('data', (chunk) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\0'); end >= 0; end = buffer.indexOf('\0')) {
        const text = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        this.dispatch(JSON.parse(text));
      }
    });
    readable.on('close', () => this.dispose());
    readable.on('error', () => this.dispose());
    writable.on('error', () => this.dispose());
  }

  rawSend(method, params, sessionId) {
    if (this.closed) return Promise.reject(new Error(`${method}: Chromium connection closed`));
    const id = ++this.lastId;
    const message = { id, method, params };
    if (sessionId) message.sessionId = sessionId;
    this.writable.write(JSON.stringify(message) + '\0');
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject, method }));
  }

  /** @param {string} sessionId */
  session(sessionId) {
    let session = this.sessions.get(sessionId);
    if (!session) {
      session = new CdpSession(this, sessionId);
      this.sessions.set(sessionId, session);
    }
    return session;
  }

  dispatch(message) {
    if (message.id !== undefined) {
      const callback = this.pending.get(message.id);
      if (!callback) return;
      this.pending.delete(message.id);
      if (message.error) callback.reject(new Error(`${callback.method}: ${message.error.message}`));
      else callback.resolve(message.result);
      return;
    }
    if (message.method === 'Target.detachedFromTarget') {
      const child = this.sessions.get(message.params.sessionId);
      if (child) {
        child.detached = true;
        this.sessions.delete(message.params.sessionId);
        child.emit('detached');
      }
    }
    const session = this.sessions.get(message.sessionId || '');
    if (session) session.emit(message.method, message.params);
  }

  dispose() {
    if (this.closed) return;
    this.closed = true;
    // Listeners learn that Chromium is gone before its pages report themselves closed.
    this.emit('disconnected');
    for (const { reject, method } of this.pending.values()) reject(new Error(`${method}: Chromium connection closed`));
    this.pending.clear();
    for (const session of this.sessions.values()) {
      session.detached = true;
      session.emit('detached');
    }
  }
}

module.exports = { CdpConnection, CdpSession };
