'use strict';
// Downloads: Chromium downloads into its own temporary folder (Browser.setDownloadBehavior with
// events); each download is a DownloadItem announced by the session's 'will-download'. Without a
// save path set there, Electron asks with a save dialog, and so does the stand-in (its dialog is
// canceled unless a test replaced it, which cancels the download). A finished file moves to its
// save path, then 'done' fires. Chromium's DevTools protocol can cancel a download but not pause it.

const { EventEmitter } = require('node:events');
const fs = require('node:fs');
const path = require('node:path');
const { host } = require('./host.cjs');
const { registry } = require('./registry.cjs');
const { makeEvent } = require('./events.cjs');

const UNSUPPORTED = (what) => new Error(`${what} is not supported by the Electron stand-in (fake-electron)`);
/** @type {Map<string, DownloadItem>} by Chromium's guid */
const items = new Map();
let folder = '';

class DownloadItem extends EventEmitter {
  constructor({ guid, url, suggestedFilename }, webContents) {
    super();
    this._guid = guid;
    this._url = url;
    this._urlChain = [url];
    this._filename = suggestedFilename;
    this._webContents = webContents;
    this._state = 'progressing';
    this._received = 0;
    this._total = 0;
    this._start = Date.now() / 1000;
    this._end = 0;
    this._savePath = '';
    this._saveDialogOptions = {};
  }
  setSavePath(savePath) {
    this._savePath = String(savePath);
  }
  getSavePath() {
    return this._savePath;
  }
  // Electron's property form of the two (electron.d.ts `savePath: string`).
  get savePath() {
    return this._savePath;
  }
  set savePath(value) {
    this.setSavePath(value);
  }
  setSaveDialogOptions(options) {
    this._saveDialogOptions = { ...options };
  }
  getSaveDialogOptions() {
    return { ...this._saveDialogOptions };
  }
  pause() {
    throw UNSUPPORTED('Pausing a download');
  }
  isPaused() {
    return false;
  }
  resume() {
    throw UNSUPPORTED('Resuming a download');
  }
  canResume() {
    return false;
  }
  cancel() {
    if (this._state !== 'progressing') return;
    host.browser?.sendQuietly('Browser.cancelDownload', { guid: this._guid });
  }
  getURL() {
    return this._url;
  }
  getURLChain() {
    return [...this._urlChain];
  }
  getFilename() {
    return this._filename;
  }
  getMimeType() {
    return this._mimeType ?? '';
  }
  // Chromium's download events do not say whether a user gesture started the download.
  hasUserGesture() {
    return false;
  }
  getReceivedBytes() {
    return this._received;
  }
  getTotalBytes() {
    return this._total;
  }
  getPercentComplete() {
    return this._total > 0 ? Math.round((100 * this._received) / this._total) : 0;
  }
  getCurrentBytesPerSecond() {
    const seconds = (this._end || Date.now() / 1000) - this._start;
    return seconds > 0 ? Math.round(this._received / seconds) : 0;
  }
  getState() {
    return this._state;
  }
  getStartTime() {
    return this._start;
  }
  getEndTime() {
    return this._end;
  }
  getInitiatorOrigin() {
    const url = this._webContents?.getURL?.() ?? '';
    return /^https?:/.test(url) ? new URL(url).origin : '';
  }
  // Response headers are not reported with Chromium's download events.
  getContentDisposition() {
    return '';
  }
  getETag() {
    return '';
  }
  getLastModifiedTime() {
    return '';
  }

  _finish(state) {
    this._state = state;
    this._end = Date.now() / 1000;
    items.delete(this._guid);
    this.emit('done', makeEvent(), state);
  }
}

async function onWillBegin(params) {
  const contents = [...registry.webContents.values()].find((c) => c._targetId === params.frameId) ?? null;
  const item = new DownloadItem(params, contents);
  items.set(params.guid, item);
  const session = contents?.session ?? require('./session.cjs').defaultSession;
  const event = makeEvent();
  session.emit('will-download', event, item, contents);
  if (event.defaultPrevented) {
    item.cancel();
    return;
  }
  if (!item._savePath) {
    const { dialog } = require('./dialog.cjs');
    const downloads = session._downloadPath ?? require('./app.cjs').app.getPath('downloads');
    const options = { defaultPath: path.join(downloads, item._filename), ...item._saveDialogOptions };
    const answer = await dialog.showSaveDialog(options);
    if (answer.canceled || !answer.filePath) item.cancel();
    else item._savePath = answer.filePath;
  }
}

async function onProgress({ guid, totalBytes, receivedBytes, state }) {
  const item = items.get(guid);
  if (item?._state !== 'progressing') return;
  item._total = totalBytes;
  item._received = receivedBytes;
  if (state === 'inProgress') {
    item.emit('updated', makeEvent(), 'progressing');
  } else if (state === 'canceled') {
    item._finish('cancelled');
  } else if (state === 'completed') {
    // A completion before the save dialog answered waits for the answer.
    for (let i = 0; i < 100 && !item._savePath && items.has(guid); i++) await new Promise((r) => setTimeout(r, 20));
    const from = path.join(folder, guid);
    try {
      if (!item._savePath) throw new Error('no save path');
      await fs.promises.mkdir(path.dirname(item._savePath), { recursive: true });
      await fs.promises.rename(from, item._savePath).catch(() => fs.promises.copyFile(from, item._savePath));
      item._finish('completed');
    } catch {
      await fs.promises.rm(from, { force: true });
      item._finish(item._savePath ? 'interrupted' : 'cancelled');
    }
  }
}

/** Called once Chromium is connected: every download of every page goes through here. */
async function watchDownloads() {
  if (!host.browser || !host.chromium?.tmpDir) return;
  folder = path.join(host.chromium.tmpDir, 'downloads');
  await fs.promises.mkdir(folder, { recursive: true });
  host.browser.on('Browser.downloadWillBegin', (params) => onWillBegin(params).catch(() => {}));
  host.browser.on('Browser.downloadProgress', (params) => onProgress(params).catch(() => {}));
  await host.browser.sendQuietly('Browser.setDownloadBehavior', { behavior: 'allowAndName', downloadPath: folder, eventsEnabled: true });
}

/** Starts a download of url from a page: a link with the download attribute, clicked in the page. */
function downloadFrom(contents, url) {
  const script = `(() => { const a = document.createElement('a'); a.href = ${JSON.stringify(String(url))}; a.download = '';
    a.style.display = 'none'; document.documentElement.appendChild(a); a.click(); a.remove(); })()`;
  return contents.executeJavaScript(script);
}

module.exports = { DownloadItem, watchDownloads, downloadFrom };
