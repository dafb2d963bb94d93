'use strict';
// Electron's utilityProcess (https://www.electronjs.org/docs/latest/api/utility-process): a real
// child Node.js process running `modulePath`, with `process.parentPort` inside
// (utility-bootstrap.cjs) and structured-clone messages, MessagePortMain transfers included, over
// Node's IPC channel.

const { EventEmitter } = require('node:events');
const { fork } = require('node:child_process');
const path = require('node:path');
const { exportPort, importPort, routePortMessage, MessagePortMain } = require('./message-port.cjs');

const BOOTSTRAP = path.join(__dirname, 'utility-bootstrap.cjs');

function stdioOption(stdio) {
  const pick = (value) => (value === 'pipe' || value === 'ignore' || value === 'inherit' ? value : 'inherit');
  if (Array.isArray(stdio)) return [pick(stdio[0] ?? 'ignore'), pick(stdio[1]), pick(stdio[2]), 'ipc'];
  const one = typeof stdio === 'string' ? pick(stdio) : 'inherit';
  return ['ignore', one, one, 'ipc'];
}

class UtilityProcess extends EventEmitter {
  constructor(modulePath, args = [], options = {}) {
    super();
    if (typeof modulePath !== 'string') throw new TypeError('Invalid module path: expected a string');
    if (!Array.isArray(args)) throw new TypeError('Invalid args: expected an array of strings');
    this.pid = undefined;
    this.stdout = null;
    this.stderr = null;
    this._exited = false;
    const child = fork(BOOTSTRAP, [path.resolve(modulePath), ...args.map(String)], {
      cwd: options.cwd,
      env: { ...(options.env ?? process.env), FAKE_ELECTRON_UTILITY: options.serviceName || 'Node Utility Process' },
      execArgv: options.execArgv ?? [],
      stdio: stdioOption(options.stdio),
      serialization: 'advanced',
    });
    this._child = child;
    this.stdout = child.stdout;
    this.stderr = child.stderr;
    const channel = { send: (message) => this._send(message) };
    this._channel = channel;
    child.once('spawn', () => {
      this.pid = child.pid;
      this.emit('spawn');
    });
    child.on('message', (message) => {
      if (routePortMessage(message, channel)) return;
      if (message?.t === 'message') {
        this.emit('message', message.data);
        for (const id of message.ports || []) importPort(id, channel);
      }
    });
    child.once('error', (error) => {
      if (this.pid === undefined) {
        this._exited = true;
        this.emit('error', 'FatalError', error.message, '');
        this.emit('exit', 1);
      }
    });
    child.once('exit', (code, signal) => {
      this._exited = true;
      this.pid = undefined;
      if (code === null && signal !== 'SIGTERM' && signal !== 'SIGKILL') this.emit('error', 'FatalError', `terminated by ${signal}`, '');
      this.emit('exit', code ?? (signal === 'SIGTERM' || signal === 'SIGKILL' ? 15 : 1));
    });
    // A utility process ends with the app (Electron kills them at quit).
    const { registry } = require('./registry.cjs');
    registry.utilityProcesses ??= new Set();
    registry.utilityProcesses.add(this);
    this.once('exit', () => registry.utilityProcesses.delete(this));
  }

  _send(message) {
    if (this._exited || !this._child.connected) return;
    this._child.send(message, (error) => {
      if (error && process.env.FAKE_ELECTRON_DEBUG) process.stderr.write(`[fake-electron] utility message lost: ${error.message}\n`);
    });
  }

  postMessage(message, transfer = []) {
    for (const port of transfer) if (!(port instanceof MessagePortMain)) throw new TypeError('Port at index 0 is not a valid port');
    const data = structuredClone(message);
    this._send({ t: 'message', data, ports: transfer.map((port) => exportPort(port, this._channel)) });
  }

  kill() {
    if (this._exited) return false;
    return this._child.kill('SIGTERM');
  }

  static fork(modulePath, args, options) {
    return new UtilityProcess(modulePath, args, options);
  }
}

const utilityProcess = { fork: (modulePath, args, options) => UtilityProcess.fork(modulePath, args, options) };

/** Kills every utility process (the app is quitting). */
function killUtilityProcesses() {
  const { registry } = require('./registry.cjs');
  for (const child of registry.utilityProcesses ?? []) child.kill();
}

module.exports = { utilityProcess, UtilityProcess, killUtilityProcesses };
