'use strict';
// Windows the renderer opens. The bootstrap's window.open sends the request (url, frame name,
// features) to main and opens the popup on a held navigation; main pairs the request with the
// new target, asks the opener's setWindowOpenHandler, then either closes the target (deny) or
// wraps it as a BrowserWindow whose preload is in place before it navigates to the URL.
// Pages opened any other way (over CDP, by a form) are adopted as they are.

const { registry } = require('./registry.cjs');
const { host } = require('./host.cjs');
const { isHoldUrl } = require('./hold-server.cjs');

const PAIRING_TIMEOUT_MS = 1000;
// A target on a hold URL was opened by our bootstrap, whose request is always sent: on a loaded
// machine it can arrive late, and adopting the target before it would strand it on a blank page.
const HOLD_PAIRING_TIMEOUT_MS = 15_000;

/** @type {Array<{ id: string, opener: any, url: string, frameName: string, features: string, disposition: string }>} */
const requests = [];
/** @type {Array<{ session: any, targetInfo: any, timer: NodeJS.Timeout }>} */
const parked = [];

/** "width=420,height=320,left=10" -> BrowserWindow options, as Electron maps window features. */
function featuresToOptions(features) {
  const options = {};
  const names = { width: 'width', height: 'height', left: 'x', top: 'y', x: 'x', y: 'y' };
  for (const part of String(features || '').split(',')) {
    const [key, value] = part.split('=').map((s) => s.trim().toLowerCase());
    if (names[key] && Number.isFinite(Number(value))) options[names[key]] = Number(value);
    if (key === 'show') options.show = value !== 'no' && value !== 'false' && value !== '0';
  }
  return options;
}

function holdId(url) {
  if (!isHoldUrl(url)) return undefined;
  return String(url).slice(String(url).indexOf('/fake-electron/starting-') + '/fake-electron/starting-'.length);
}

/**
 * @param {any} session
 * @param {any} targetInfo
 * @param {{ opener?: any, url: string, frameName: string, features: string, disposition: string }} request
 */
function adoptTarget(session, targetInfo, request) {
  const { BrowserWindow } = require('./browser-window.cjs');
  const opener = request.opener;
  /** @type {Record<string, any>} */
  let options = {};
  let outlivesOpener = false;
  const details = {
    url: request.url || 'about:blank',
    frameName: request.frameName,
    features: request.features,
    disposition: request.disposition,
    referrer: { url: opener?.getURL() ?? '', policy: 'strict-origin-when-cross-origin' },
    postBody: undefined,
  };
  if (opener && !opener.isDestroyed()) {
    let response = { action: 'allow' };
    try {
      if (opener._windowOpenHandler) response = opener._windowOpenHandler(details);
    } catch (error) {
      process.stderr.write(`Error in the window open handler: ${error instanceof Error ? error.stack : error}\n`);
      response = { action: 'deny' };
    }
    if (!response || response.action !== 'allow') {
      session.sendQuietly('Runtime.runIfWaitingForDebugger');
      host.browser.sendQuietly('Target.closeTarget', { targetId: targetInfo.targetId });
      return;
    }
    const overrides = response.overrideBrowserWindowOptions || {};
    options = {
      ...featuresToOptions(request.features),
      ...overrides,
      webPreferences: { ...opener._webPreferences, ...(overrides.webPreferences || {}) },
    };
    outlivesOpener = response.outlivesOpener === true;
    if (typeof response.createWindow === 'function') {
      process.stderr.write('fake-electron: setWindowOpenHandler createWindow is not supported; the popup opens as a BrowserWindow\n');
    }
  }
  const win = new BrowserWindow(options, { adopted: true });
  if (request.id) win.webContents._initialUrl = details.url;
  win.webContents._attach(session, targetInfo);
  if (opener && !outlivesOpener) {
    // Electron closes a renderer-opened window with its opener unless the handler said outlivesOpener.
    const closeWithOpener = () => {
      if (!win.isDestroyed()) win.close();
    };
    opener.once('destroyed', closeWithOpener);
    win.once('closed', () => opener.removeListener('destroyed', closeWithOpener));
  }
  if (opener) opener.emit('did-create-window', win, { ...details, options });
}

function pair() {
  for (const entry of [...parked]) {
    const id = holdId(entry.targetInfo.url);
    const index = id ? requests.findIndex((r) => r.id === id) : requests.findIndex((r) => r.opener._targetId === entry.targetInfo.openerId);
    if (index < 0) continue;
    const [request] = requests.splice(index, 1);
    parked.splice(parked.indexOf(entry), 1);
    clearTimeout(entry.timer);
    adoptTarget(entry.session, entry.targetInfo, request);
  }
}

/** A page target none of our windows created. */
function onForeignTarget(session, targetInfo) {
  const opener = targetInfo.openerId ? registry.byTargetId.get(targetInfo.openerId) : undefined;
  const mayBeRequested = holdId(targetInfo.url) !== undefined || (opener && !targetInfo.url);
  if (!mayBeRequested) {
    adoptTarget(session, targetInfo, { opener, url: targetInfo.url, frameName: '', features: '', disposition: 'foreground-tab' });
    return;
  }
  const entry = {
    session,
    targetInfo,
    timer: setTimeout(
      async () => {
        parked.splice(parked.indexOf(entry), 1);
        const current = await host.browser.sendQuietly('Target.getTargetInfo', { targetId: targetInfo.targetId });
        const url = current?.targetInfo.url ?? '';
        adoptTarget(session, targetInfo, { opener, url, frameName: '', features: '', disposition: 'new-window' });
      },
      holdId(targetInfo.url) !== undefined ? HOLD_PAIRING_TIMEOUT_MS : PAIRING_TIMEOUT_MS,
    ),
  };
  parked.push(entry);
  pair();
}

/** window.open in a page we control (sent by the bootstrap before it opens the popup). */
function onOpenRequest(opener, message) {
  requests.push({
    id: String(message.id),
    opener,
    url: String(message.url || ''),
    frameName: String(message.frameName || ''),
    features: String(message.features || ''),
    disposition: message.disposition === 'foreground-tab' ? 'foreground-tab' : 'new-window',
  });
  if (requests.length > 50) requests.shift();
  pair();
}

module.exports = { onForeignTarget, onOpenRequest, featuresToOptions };
