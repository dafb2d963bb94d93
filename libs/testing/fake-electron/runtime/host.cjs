'use strict';
// The runtime's shared state and its connection to Chromium: starts the browser, routes every
// page target Chromium attaches to the WebContents that asked for it, and adopts the rest
// (window.open popups, pages opened over CDP) as new BrowserWindows.

const crypto = require('node:crypto');
const { launchChromium } = require('./chromium.cjs');
const { startHoldServer, holdUrl } = require('./hold-server.cjs');
const { registry } = require('./registry.cjs');

const CHROMIUM_LOG_LINES = 40;

const host = {
  /** @type {ReturnType<typeof import('./args.cjs').parseArgs> | null} */
  args: null,
  appDir: process.cwd(),
  mainPath: '',
  /** @type {Record<string, any>} the app's package.json */
  appPackage: {},
  /** Random per process: names of the CDP binding and the renderer dispatcher. */
  token: crypto.randomBytes(6).toString('hex'),
  /** @type {ReturnType<typeof launchChromium> | null} */
  chromium: null,
  /** @type {import('./cdp.cjs').CdpSession | null} */
  browser: null,
  chromeVersion: '',
  userAgent: '',
  /** @type {string | undefined} userData chosen by the app (app.setPath before ready) or --user-data-dir */
  userDataDir: undefined,
  /** Size of headless Chromium's window frame around the page (corrected when a window measures it). */
  frame: { width: 0, height: 87 },
  /** @type {string[]} */
  chromiumLog: [],
  /** Called when Chromium exits or its pipe closes (lifecycle.cjs decides what that means). */
  onChromiumGone: () => {},
};

/**
 * Our windows waiting for their target's attach, by the unique hold URL they were created with
 * (Chromium reports the attach, URL included, before it answers createTarget).
 * @type {Map<string, any>}
 */
const pendingByUrl = new Map();
/** @type {Map<string, any>} windows whose createTarget answered before their attach matched */
const pendingById = new Map();

function bindingName() {
  return `__fakeElectronIpc_${host.token}`;
}

function dispatcherName() {
  return `__fakeElectronDispatch_${host.token}`;
}

/**
 * Starts Chromium and connects to it.
 * @param {{ executable: string, switches: Array<{ name: string, value: string }>, forwardAllLogs: boolean }} options
 */
async function startChromium(options) {
  const holdServer = startHoldServer();
  const chromium = launchChromium({
    executable: options.executable,
    switches: options.switches,
    userDataDir: host.userDataDir,
    onStderrLine: (line) => {
      host.chromiumLog.push(line);
      if (host.chromiumLog.length > CHROMIUM_LOG_LINES) host.chromiumLog.shift();
      if (options.forwardAllLogs || line.startsWith('DevTools listening on ')) process.stderr.write(line + '\n');
    },
  });
  host.chromium = chromium;
  chromium.exited.then(() => host.onChromiumGone());
  chromium.connection.once('disconnected', () => host.onChromiumGone());
  const browser = chromium.connection.browser;
  host.browser = browser;
  browser.on('Target.attachedToTarget', onAttached);
  browser.on('Target.targetInfoChanged', ({ targetInfo }) => registry.byTargetId.get(targetInfo.targetId)?._onTargetInfo(targetInfo));
  browser.on('Target.targetDestroyed', ({ targetId }) => registry.byTargetId.get(targetId)?._onTargetGone());
  browser.on('Target.targetCrashed', ({ targetId, status, errorCode }) => registry.byTargetId.get(targetId)?._onCrashed(status, errorCode));
  const [version] = await Promise.all([
    browser.send('Browser.getVersion'),
    holdServer,
    browser.send('Target.setDiscoverTargets', { discover: true, filter: [{ type: 'page' }] }),
    // Electron grants permission requests unless the app sets a handler, so a page's web
    // Notification is shown (`Notification.permission === 'granted'`); headless Chromium denies it.
    browser.send('Browser.grantPermissions', { permissions: ['notifications'] }),
    browser.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: true,
      flatten: true,
      filter: [{ type: 'page' }],
    }),
  ]);
  host.chromeVersion = String(version.product).split('/')[1] || '';
  host.userAgent = version.userAgent;
}

function onAttached({ sessionId, targetInfo }) {
  const session = host.chromium.connection.session(sessionId);
  if (targetInfo.type !== 'page') {
    session.sendQuietly('Runtime.runIfWaitingForDebugger');
    host.browser.sendQuietly('Target.detachFromTarget', { sessionId });
    return;
  }
  const own = pendingByUrl.get(targetInfo.url) ?? pendingById.get(targetInfo.targetId);
  if (own) {
    pendingByUrl.delete(targetInfo.url);
    pendingById.delete(targetInfo.targetId);
    own._attach(session, targetInfo);
    return;
  }
  require('./popups.cjs').onForeignTarget(session, targetInfo);
}

/**
 * Opens a new Chromium window for a WebContents. The window starts on a navigation that never
 * completes (see hold-server.cjs); the WebContents navigates it once attached.
 * @param {any} webContents
 * @param {{ x: number, y: number, width: number, height: number, background: boolean }} bounds
 */
async function createTarget(webContents, bounds) {
  const url = holdUrl(`w${webContents.id}-${host.token}`);
  pendingByUrl.set(url, webContents);
  try {
    const { targetId } = await host.browser.send('Target.createTarget', {
      url,
      newWindow: true,
      background: bounds.background,
      left: bounds.x,
      top: bounds.y,
      width: bounds.width,
      height: bounds.height + host.frame.height,
    });
    if (pendingByUrl.get(url) === webContents) pendingById.set(targetId, webContents);
  } finally {
    pendingByUrl.delete(url);
  }
}

module.exports = { host, startChromium, createTarget, bindingName, dispatcherName };
