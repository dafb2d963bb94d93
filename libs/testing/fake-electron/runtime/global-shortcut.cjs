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
  /** @returns {boolean} true when a registered shortcut consumed the key */
  _trigger(input) {
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
