'use strict';
// The fake-electron launcher: makes this Node process look like Electron's main process, opens
// the inspector when asked, runs the app's main script, then starts Chromium and emits 'ready'.
// Order matters: `electron` must resolve before the inspector opens (Playwright evaluates
// require('electron') the moment it connects), and Chromium starts after the main script's
// top-level code so its app.commandLine.appendSwitch / app.setPath('userData') calls apply.

const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const { pathToFileURL } = require('node:url');
const { parseArgs } = require('./args.cjs');
const { installResolveHook, installSyncHooks, installEsmHook, hasEsmDependency } = require('./resolve-hook.cjs');
const { installProcessVersions } = require('./versions.cjs');
const { installElectronProcessApi } = require('./process-api.cjs');

const USAGE = 'Usage: fake-electron [--inspect[=[host:]port]] [--remote-debugging-port=N] [switches] <app dir | main.js> [app args]';

function fail(message) {
  process.stderr.write(`fake-electron: ${message}\n`);
  process.exit(1);
}

function readPackage(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Resolves `<app dir | main.js>` the way Electron does: package.json "main", else index.js. */
function resolveApp(appPath) {
  const absolute = path.resolve(appPath);
  if (!fs.existsSync(absolute)) fail(`app path not found: ${absolute}\n${USAGE}`);
  if (fs.statSync(absolute).isDirectory()) {
    const appPackage = readPackage(absolute) ?? {};
    const mainPath = path.resolve(absolute, appPackage.main || 'index.js');
    if (!fs.existsSync(mainPath)) fail(`the app's main script does not exist: ${mainPath}`);
    return { appDir: absolute, mainPath, appPackage };
  }
  const appDir = path.dirname(absolute);
  return { appDir, mainPath: absolute, appPackage: readPackage(appDir) ?? {} };
}

function reportLoadError(error) {
  process.stderr.write(`App threw an error during load\n${error instanceof Error ? error.stack : String(error)}\n`);
}

function startBrowser(host, app) {
  const { startChromium } = require('./host.cjs');
  const { shutdown } = require('./lifecycle.cjs');
  const executable = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  try {
    fs.accessSync(executable, fs.constants.X_OK);
  } catch {
    process.stderr.write(
      `fake-electron: Chromium not found at ${executable}. Install it (apt-get install chromium) or set CHROMIUM_PATH.\n`,
    );
    process.exit(1);
  }
  const switches = app.commandLine._switchList();
  const forwardAllLogs = app.commandLine.hasSwitch('enable-logging') || Boolean(process.env.FAKE_ELECTRON_CHROMIUM_LOGS);
  startChromium({ executable, switches, forwardAllLogs })
    .then(() => require('./downloads.cjs').watchDownloads())
    .then(
      () => {
        installProcessVersions(host.chromeVersion);
        app._markReady();
      },
      (error) => {
        process.stderr.write(`fake-electron: could not start Chromium: ${error.message}\n${host.chromiumLog.join('\n')}\n`);
        shutdown(1);
      },
    );
}

/** @param {string[]} argv arguments after the executable */
function main(argv) {
  let args;
  try {
    args = parseArgs(argv);
  } catch (error) {
    fail(error.message);
  }
  installResolveHook();
  const syncHooks = installSyncHooks();
  if (args.jsFlags) require('node:v8').setFlagsFromString(args.jsFlags);
  if (args.inspectPort) process.debugPort = args.inspectPort.port;
  if (args.inspect) require('node:inspector').open(args.inspect.port, args.inspect.host, args.inspect.brk);
  if (args.appPath === undefined) fail(`no app given.\n${USAGE}`);

  const { host } = require('./host.cjs');
  const { appDir, mainPath, appPackage } = resolveApp(args.appPath);
  Object.assign(host, { args, appDir, mainPath, appPackage });
  process.argv = [path.resolve(__dirname, '..', 'bin', 'fake-electron.cjs'), ...argv];
  installProcessVersions('');
  installElectronProcessApi(appDir);
  require('./lifecycle.cjs').installProcessHandlers();

  const { app } = require('./app.cjs');
  for (const { name, value } of args.switches) app.commandLine.appendSwitch(name, value);
  // Electron fixes userData before the main script runs: --user-data-dir, else <appData>/<app name>
  // (lib/browser/init.ts); app.setPath('userData') before ready overrides it. It is Chromium's profile.
  host.userDataDir = app.commandLine.hasSwitch('user-data-dir')
    ? path.resolve(app.commandLine.getSwitchValue('user-data-dir'))
    : path.join(app.getPath('appData'), app.getName());
  for (const request of args.requires) Module._load(path.resolve(request), null, false);

  const isEsm = mainPath.endsWith('.mjs') || (appPackage.type === 'module' && !mainPath.endsWith('.cjs'));
  if (isEsm) {
    if (!syncHooks) installEsmHook();
    import(pathToFileURL(mainPath).href).catch(reportLoadError);
    setImmediate(() => startBrowser(host, app));
    return;
  }
  if (!syncHooks && hasEsmDependency(appDir, appPackage)) installEsmHook();
  try {
    Module._load(mainPath, null, true);
  } catch (error) {
    reportLoadError(error);
  }
  startBrowser(host, app);
}

module.exports = { main };
