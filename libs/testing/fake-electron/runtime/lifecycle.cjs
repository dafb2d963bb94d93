'use strict';
// How the process ends: shutdown() closes Chromium, removes the temporary profile and exits.
// Signals quit the app gracefully; Chromium dying ends the app; an uncaught exception is
// reported the way Electron reports it and the app keeps running.

const { host } = require('./host.cjs');

/** @type {Promise<never> | null} */
let shuttingDown = null;

/** Closes Chromium, removes the temporary profile, exits with code. Idempotent. */
function shutdown(code) {
  if (shuttingDown) return shuttingDown;
  shuttingDown = (async () => {
    try {
      await host.chromium?.close();
    } finally {
      process.exit(code);
    }
  })();
  return shuttingDown;
}

function isShuttingDown() {
  return shuttingDown !== null;
}

function reportUncaught(error) {
  if (process.listenerCount('uncaughtException') > 1) return;
  const text = error instanceof Error ? error.stack || String(error) : String(error);
  process.stderr.write(`A JavaScript error occurred in the main process\nUncaught Exception:\n${text}\n`);
}

function installProcessHandlers() {
  process.on('exit', () => host.chromium?.killSync());
  process.on('uncaughtException', reportUncaught);
  const signals = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 };
  for (const [signal, number] of Object.entries(signals)) {
    process.on(signal, () => {
      if (isShuttingDown()) return;
      if (!host.chromium) process.exit(128 + number);
      const { app } = require('./app.cjs');
      app.quit();
      setTimeout(() => shutdown(128 + number), 3000).unref();
    });
  }
  host.onChromiumGone = (code, signal) => {
    if (isShuttingDown()) return;
    const tail = host.chromiumLog.filter((line) => line.trim() && !line.includes('dbus')).slice(-8).join('\n');
    process.stderr.write(`[fake-electron] Chromium exited unexpectedly (${signal ?? `code ${code}`}); ending the app.\n${tail}\n`);
    shutdown(1);
  };
}

module.exports = { shutdown, isShuttingDown, installProcessHandlers };
