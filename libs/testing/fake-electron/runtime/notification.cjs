'use strict';
// Notification: shown notifications emit 'show' (nothing is displayed); close() emits 'close'.

const { EventEmitter } = require('node:events');
const { makeEvent } = require('./events.cjs');

class Notification extends EventEmitter {
  /** @param {Record<string, any>} [options] */
  constructor(options = {}) {
    super();
    this.title = options.title ?? '';
    this.subtitle = options.subtitle ?? '';
    this.body = options.body ?? '';
    this.silent = options.silent ?? false;
    this.icon = options.icon;
    this.hasReply = options.hasReply ?? false;
    this.replyPlaceholder = options.replyPlaceholder ?? '';
    this.sound = options.sound ?? '';
    this.urgency = options.urgency ?? 'normal';
    this.timeoutType = options.timeoutType ?? 'default';
    this.actions = options.actions ?? [];
    this.closeButtonText = options.closeButtonText ?? '';
    this.toastXml = options.toastXml ?? '';
    this._shown = false;
  }

  show() {
    this._shown = true;
    setImmediate(() => this.emit('show', makeEvent()));
  }

  close() {
    if (!this._shown) return;
    this._shown = false;
    setImmediate(() => this.emit('close', makeEvent()));
  }

  static isSupported() {
    return true;
  }

  // Notification Center (macOS) and toast activation (Windows): nothing to do on Linux.
  static getHistory() {
    return Promise.resolve([]);
  }
  static remove() {}
  static removeAll() {}
  static removeGroup() {}
  static handleActivation() {}
}

module.exports = { Notification };
