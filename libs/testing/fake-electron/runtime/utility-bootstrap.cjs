'use strict';
// The start of a utility process (utility-process.cjs): Electron's `process.parentPort`, the
// utility `electron` module (parentPort, net, systemPreferences), then the app's module.

const Module = require('node:module');
const path = require('node:path');
const { EventEmitter } = require('node:events');
const { importPort, routePortMessage, MessageChannelMain, MessagePortMain } = require('./message-port.cjs');

const [modulePath, ...args] = process.argv.slice(2);
const channel = {
  send: (message) => {
    if (process.connected) process.send(message);
  },
};

const parentPort = new EventEmitter();
parentPort.postMessage = (message) => channel.send({ t: 'message', data: structuredClone(message), ports: [] });
parentPort.start = () => {};
parentPort.close = () => {};
// Messages wait for a listener, as Electron queues them until parentPort listens.
const waiting = [];
process.on('message', (message) => {
  if (routePortMessage(message, channel)) return;
  if (message?.t !== 'message') return;
  const event = { data: message.data, ports: (message.ports || []).map((id) => importPort(id, channel)) };
  if (parentPort.listenerCount('message') > 0) parentPort.emit('message', event);
  else waiting.push(event);
});
// The IPC channel keeps the process alive only once parentPort listens, as in Electron.
process.channel?.unref();
parentPort.on('newListener', (event) => {
  if (event !== 'message') return;
  process.channel?.ref();
  setImmediate(() => {
    for (const item of waiting.splice(0)) parentPort.emit('message', item);
  });
});
// The main process is gone (even SIGKILLed): a utility process does not outlive it.
process.on('disconnect', () => process.exit(0));

Object.defineProperty(process, 'parentPort', { value: parentPort, enumerable: true });
process.type = 'utility';

const electron = {
  parentPort,
  MessageChannelMain,
  MessagePortMain,
  get net() {
    return require('./net.cjs').net;
  },
  systemPreferences: require('./services.cjs').systemPreferences,
};
const electronFile = path.join(__dirname, 'utility-electron.cjs');
require.cache[electronFile] = Object.assign(new Module(electronFile), { filename: electronFile, loaded: true, exports: electron });
const resolve = Module._resolveFilename;
Module._resolveFilename = function resolveFilename(request, ...rest) {
  if (request === 'electron' || request === 'electron/utility' || request === 'electron/main') return electronFile;
  return resolve.call(this, request, ...rest);
};

process.argv = [process.argv[0], modulePath, ...args];
if (modulePath.endsWith('.mjs')) import(require('node:url').pathToFileURL(modulePath).href);
else Module._load(modulePath, null, true);
