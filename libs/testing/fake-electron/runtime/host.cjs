'use strict';
// The runtime's shared state and its connection to Chromium: starts the browser, routes every
// page target Chromium attaches to the WebContents that asked for it, and adopts the rest
// (window.open popups, pages opened over CDP) as new BrowserWindows.

const crypto = require('node:crypto');
const { launchChromium } = require('./chromium.cjs');
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
  /** Height and width taken by headless Chromium's window frame, measured on the first window. */
  frame: { width: 0, height: 87, measured: false },
  /** @type {string[]} */
  chromiumLog: [],
  /** @type {(code: number | null, signal: string | null) => void} */
  onChromiumGone: () => {},
};

/** Owners waiting for their target's attach, and attaches waiting for their owner. */
const owners = new Map();
const attachments = new Map();
let creating = 0;

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
  host.userDataDir = chromium.userDataDir;
  chromium.exited.then(({ code, signal }) => host.onChromiumGone(code, signal));
  const browser = chromium.connection.browser;
  host.browser = browser;
  browser.on('Target.attachedToTarget', onAttached);
  browser.on('Target.targetInfoChanged', ({ targetInfo }) => registry.byTargetId.get(targetInfo.targetId)?._onTargetInfo(targetInfo));
  browser.on('Target.targetDestroyed', ({ targetId }) => registry.byTargetId.get(targetId)?._onTargetGone());
  browser.on('Target.targetCrashed', ({ targetId, status, errorCode }) =>
    registry.byTargetId.get(targetId)?._onCrashed(status, errorCode),
  );
  const [version] = await Promise.all([
    browser.send('Browser.getVersion'),
    browser.send('Target.setDiscoverTargets', { discover: true, filter: [{ type: 'page' }] }),
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
  attachments.set(targetInfo.targetId, { session, targetInfo });
  bind(targetInfo.targetId);
}

function bind(targetId) {
  const attachment = attachments.get(targetId);
  if (!attachment) return;
  const owner = owners.get(targetId);
  if (owner) {
    owners.delete(targetId);
    attachments.delete(targetId);
    owner._attach(attachment.session, attachment.targetInfo);
    return;
  }
  // While one of our own Target.createTarget calls is in flight, an unknown target may be it.
  if (creating > 0) return;
  attachments.delete(targetId);
  const { adoptTarget } = require('./browser-window.cjs');
  adoptTarget(attachment.session, attachment.targetInfo);
}

/**
 * Opens a new Chromium window for a WebContents; the WebContents is attached when Chromium reports
 * it (paused: the first document waits until the preload is installed).
 * @param {any} webContents
 * @param {{ x: number, y: number, width: number, height: number, background: boolean }} bounds
 * @param {string} url the first document
 */
async function createTarget(webContents, bounds, url) {
  creating++;
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
    owners.set(targetId, webContents);
    bind(targetId);
  } finally {
    creating--;
    if (creating === 0) for (const targetId of [...attachments.keys()]) bind(targetId);
  }
}

module.exports = { host, startChromium, createTarget, bindingName, dispatcherName };
