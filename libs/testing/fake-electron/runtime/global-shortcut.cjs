'use strict';
// globalShortcut: registrations are kept; a matching key typed in any window of the app fires
// the callback (there is no desktop to grab keys from).

const { matches } = require('./accelerators.cjs');

/** @type {Map<string, Function>} */
const shortcuts = new Map();

const globalShortcut = {
  register(accelerator, callback) {
    if (shortcuts.has(accelerator)) return false;
    shortcuts.set(accelerator, callback);
    return true;
  },
  registerAll(accelerators, callback) {
    for (const accelerator of accelerators) globalShortcut.register(accelerator, callback);
  },
  isRegistered(accelerator) {
    return shortcuts.has(accelerator);
  },
  unregister(accelerator) {
    shortcuts.delete(accelerator);
  },
  unregisterAll() {
    shortcuts.clear();
  },
  /** While suspended, registered shortcuts stay registered but do not fire (as in Electron). */
  setSuspended(suspended) {
    globalShortcut._suspended = Boolean(suspended);
  },
  isSuspended() {
    return globalShortcut._suspended === true;
  },
  /** @returns {boolean} true when a registered shortcut consumed the key */
  _trigger(input) {
    if (globalShortcut._suspended) return false;
    for (const [accelerator, callback] of shortcuts) {
      if (matches(accelerator, input)) {
        callback();
        return true;
      }
    }
    return false;
  },
};

module.exports = { globalShortcut };
