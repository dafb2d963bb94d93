'use strict';
// app.commandLine: the switches the app was started with plus those it appends. Switches
// appended by the main script's top-level code reach Chromium (it starts right after).

class CommandLine {
  constructor() {
    /** @type {Map<string, string>} */
    this._switches = new Map();
    /** @type {string[]} */
    this._arguments = [];
  }

  appendSwitch(name, value) {
    this._switches.set(String(name).replace(/^--?/, ''), value === undefined ? '' : String(value));
  }

  appendArgument(value) {
    this._arguments.push(String(value));
  }

  hasSwitch(name) {
    return this._switches.has(String(name));
  }

  getSwitchValue(name) {
    return this._switches.get(String(name)) ?? '';
  }

  removeSwitch(name) {
    this._switches.delete(String(name));
  }

  /** @returns {Array<{ name: string, value: string }>} */
  _switchList() {
    return [...this._switches].map(([name, value]) => ({ name, value }));
  }
}

module.exports = { CommandLine };
