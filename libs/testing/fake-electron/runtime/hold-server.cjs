'use strict';
// A loopback HTTP server that never answers. New windows are created with a navigation to it, so
// Chromium keeps them on their initial empty document (as Electron does before loadURL) until
// our preload and IPC binding are installed; only then do we navigate them for real. Another
// DevTools client (Playwright) resuming the paused target first can therefore not let a page
// script run before its preload.

const http = require('node:http');

/** @type {http.Server | null} */
let server = null;
let origin = '';
const sockets = new Set();

async function startHoldServer() {
  server = http.createServer(() => {
    // Never answered: the navigation stays pending until it is replaced or stopped.
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  origin = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
}

/** @param {string} name unique per window */
function holdUrl(name) {
  return `${origin}/fake-electron/starting-${name}`;
}

function isHoldUrl(url) {
  return Boolean(origin) && String(url).startsWith(`${origin}/fake-electron/`);
}

function stopHoldServer() {
  for (const socket of sockets) socket.destroy();
  server?.close();
}

module.exports = { startHoldServer, holdUrl, isHoldUrl, stopHoldServer };
