'use strict';
// How the process ends: shutdown() closes Chromium, removes its temporary files and exits.
// Signals quit the app gracefully; Chromium dying ends the app; an uncaught exception is
// reported the way Electron reports it and the app keeps running.

const { host } = require('./host.cjs');

/** @type {Promise<never> | null} */
let shuttingDown = null;

/**
 * Closes Chromium, removes its temporary files, exits with code. Idempotent: the first call
 * decides the exit code.
 * @param {number} code
 * @param {() => Promise<void>} [first] runs before Chromium is closed
 */
function shutdown(code, first) {
  if (shuttingDown) return shuttingDown;
  shuttingDown = (async () => {
    try {
      await first?.();
      require('./utility-process.cjs').killUtilityProcesses();
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
  host.onChromiumGone = () => {
    if (isShuttingDown()) return;
    shutdown(1, async () => {
      const timeout = new Promise((resolve) => setTimeout(() => resolve({ code: null, signal: null }), 1000));
      const { code, signal } = /** @type {any} */ (await Promise.race([host.chromium?.exited, timeout]));
      const how = signal ? `was killed by ${signal}` : code === null ? 'closed its DevTools pipe' : `exited with code ${code}`;
      const tail = host.chromiumLog
        .filter((line) => line.trim() && !line.includes('dbus'))
        .slice(-8)
        .join('\n');
      process.stderr.write(`[fake-electron] Chromium ${how}; ending the app.\n${tail}\n`);
    });
  };
}

module.exports = { shutdown, isShuttingDown, installProcessHandlers };
