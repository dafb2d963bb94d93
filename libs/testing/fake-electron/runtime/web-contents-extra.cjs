'use strict';
// The rest of webContents' API: find in page, scrolling, PDF and page saving, device emulation,
// heap snapshots and DevTools bookkeeping over the page's CDP session. What only an OS or a GPU can
// do (printing to a printer, dragging files out, video frames, offscreen painting) throws or, where
// Electron itself does nothing for an on-screen page, does nothing.

const fs = require('node:fs');
const { makeEvent } = require('./events.cjs');
const { host } = require('./host.cjs');

const UNSUPPORTED = (what) => new Error(`${what} is not supported by the Electron stand-in (fake-electron)`);
const mark = (fn, status) => Object.assign(fn, { [Symbol.for('fake-electron.coverage')]: status });

/** @param {any} WebContents */
function addExtraMethods(WebContents) {
  const proto = WebContents.prototype;
  let nextFindRequest = 1;

  /** Counts matches of `text` in the page's visible text; emits found-in-page as Electron does. */
  proto.findInPage = function findInPage(text, options = {}) {
    if (typeof text !== 'string' || text === '') throw new TypeError('Must provide a non-empty search content');
    const requestId = nextFindRequest++;
    const matchCase = Boolean(options.matchCase);
    const script = `(() => {
      const hay = document.body ? document.body.innerText : '';
      const needle = ${JSON.stringify(text)};
      const h = ${matchCase} ? hay : hay.toLowerCase();
      const n = ${matchCase} ? needle : needle.toLowerCase();
      let count = 0;
      for (let i = h.indexOf(n); i >= 0; i = h.indexOf(n, i + n.length)) count++;
      if (count > 0) window.find(needle, ${matchCase}, ${options.forward === false}, true);
      return count;
    })()`;
    this.executeJavaScript(script).then(
      (matches) =>
        this.emit('found-in-page', makeEvent(), {
          requestId,
          activeMatchOrdinal: matches > 0 ? 1 : 0,
          matches,
          selectionArea: { x: 0, y: 0, width: 0, height: 0 },
          finalUpdate: true,
        }),
      () => {},
    );
    return requestId;
  };

  proto.stopFindInPage = function stopFindInPage(action) {
    if (!['clearSelection', 'keepSelection', 'activateSelection'].includes(action)) throw new TypeError(`Invalid action: ${action}`);
    if (action === 'clearSelection') this.executeJavaScript('window.getSelection()?.removeAllRanges()').catch(() => {});
  };

  proto.scrollToTop = function scrollToTop() {
    this.executeJavaScript('window.scrollTo(window.scrollX, 0)').catch(() => {});
  };
  proto.scrollToBottom = function scrollToBottom() {
    this.executeJavaScript('window.scrollTo(window.scrollX, document.documentElement.scrollHeight)').catch(() => {});
  };
  proto.centerSelection = function centerSelection() {
    this.executeJavaScript(
      `(() => { const s = window.getSelection(); if (s && s.rangeCount) { const r = s.getRangeAt(0).getBoundingClientRect();
        window.scrollBy(0, r.top + r.height / 2 - window.innerHeight / 2); } })()`,
    ).catch(() => {});
  };
  /** Moves the selection's start and end by characters, as Electron's adjustSelection does. */
  proto.adjustSelection = function adjustSelection(options = {}) {
    const start = Number(options.start ?? 0);
    const end = Number(options.end ?? 0);
    this.executeJavaScript(
      `(() => { const s = window.getSelection(); if (!s || !s.rangeCount) return;
        const r = s.getRangeAt(0); const a = [r.startContainer, r.startOffset + ${start}], b = [r.endContainer, r.endOffset + ${end}];
        const clamp = (node, o) => Math.max(0, Math.min(o, node.nodeType === 3 ? node.length : node.childNodes.length));
        s.setBaseAndExtent(a[0], clamp(a[0], a[1]), b[0], clamp(b[0], b[1])); })()`,
    ).catch(() => {});
  };

  /** Chromium's own PDF printer (headless Chromium prints without a printer). */
  proto.printToPDF = async function printToPDF(options = {}) {
    const session = await this._sessionOrThrow();
    const params = {
      landscape: Boolean(options.landscape),
      displayHeaderFooter: Boolean(options.displayHeaderFooter),
      printBackground: Boolean(options.printBackground),
      scale: options.scale ?? 1,
      preferCSSPageSize: Boolean(options.preferCSSPageSize),
      generateTaggedPDF: Boolean(options.generateTaggedPDF),
      generateDocumentOutline: Boolean(options.generateDocumentOutline),
    };
    if (typeof options.pageSize === 'object') {
      params.paperWidth = options.pageSize.width;
      params.paperHeight = options.pageSize.height;
    }
    for (const side of ['top', 'bottom', 'left', 'right']) {
      if (options.margins?.[side] !== undefined) params[`margin${side[0].toUpperCase()}${side.slice(1)}`] = options.margins[side];
    }
    if (options.pageRanges) params.pageRanges = options.pageRanges;
    if (options.headerTemplate) params.headerTemplate = options.headerTemplate;
    if (options.footerTemplate) params.footerTemplate = options.footerTemplate;
    const { data } = await session.send('Page.printToPDF', params);
    return Buffer.from(data, 'base64');
  };

  /** No printer exists on the stand-in: the callback reports the failure, as Electron does without printers. */
  proto.print = function print(_options = {}, callback) {
    const done = typeof _options === 'function' ? _options : callback;
    setImmediate(() => done?.(false, 'No printers available on the Electron stand-in (fake-electron)'));
  };
  proto.getPrintersAsync = async function getPrintersAsync() {
    return [];
  };

  /** HTMLOnly writes the document's HTML; MHTML Chromium's snapshot. HTMLComplete (with resources) throws. */
  proto.savePage = async function savePage(fullPath, saveType) {
    const session = await this._sessionOrThrow();
    if (saveType === 'MHTML') {
      const { data } = await session.send('Page.captureSnapshot', { format: 'mhtml' });
      await fs.promises.writeFile(fullPath, data);
    } else if (saveType === 'HTMLOnly') {
      await fs.promises.writeFile(fullPath, await this.executeJavaScript('"<!DOCTYPE html>\\n" + document.documentElement.outerHTML'));
    } else {
      throw UNSUPPORTED(`savePage with saveType ${JSON.stringify(saveType)}`);
    }
  };

  proto.enableDeviceEmulation = function enableDeviceEmulation(parameters = {}) {
    const size = parameters.viewSize ?? { width: 0, height: 0 };
    this._sessionOrThrow().then(
      (s) =>
        s.sendQuietly('Emulation.setDeviceMetricsOverride', {
          width: size.width,
          height: size.height,
          deviceScaleFactor: parameters.deviceScaleFactor ?? 0,
          mobile: parameters.screenPosition === 'mobile',
          scale: parameters.scale ?? 1,
        }),
      () => {},
    );
  };
  proto.disableDeviceEmulation = function disableDeviceEmulation() {
    this._sessionOrThrow().then(
      (s) => s.sendQuietly('Emulation.clearDeviceMetricsOverride'),
      () => {},
    );
  };

  proto.setZoomMode = function setZoomMode(mode) {
    if (mode !== 'default' && mode !== 'disabled') throw new TypeError(`Invalid zoom mode: ${mode}`);
    this._zoomMode = mode;
  };
  proto.getZoomMode = function getZoomMode() {
    return this._zoomMode ?? 'default';
  };

  /** A V8 heap snapshot of the page, written to filePath (Chromium's HeapProfiler). */
  proto.takeHeapSnapshot = async function takeHeapSnapshot(filePath) {
    const session = await this._sessionOrThrow();
    const chunks = [];
    const onChunk = ({ chunk }) => chunks.push(chunk);
    session.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
    try {
      await session.send('HeapProfiler.enable');
      await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    } finally {
      session.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
    }
    await fs.promises.writeFile(filePath, chunks.join(''));
  };

  proto.getOrCreateDevToolsTargetId = function getOrCreateDevToolsTargetId() {
    return this._targetId;
  };
  proto.setDevToolsTitle = function setDevToolsTitle(title) {
    this._devToolsTitle = String(title);
  };
  proto.getDevToolsTitle = function getDevToolsTitle() {
    return this._devToolsTitle ?? `DevTools - ${this.getURL()}`;
  };
  // DevTools are a flag here (openDevTools shows nothing): inspecting opens them as Electron does.
  for (const name of ['inspectElement', 'inspectServiceWorker', 'inspectSharedWorker', 'inspectSharedWorkerById']) {
    proto[name] = mark(function inspect() {
      this.openDevTools();
    }, 'implemented');
  }
  proto.addWorkSpace = mark(function addWorkSpace() {}, 'inert');
  proto.removeWorkSpace = mark(function removeWorkSpace() {}, 'inert');
  proto.setDevToolsWebContents = function setDevToolsWebContents() {
    throw UNSUPPORTED('setDevToolsWebContents (a DevTools front end in another webContents)');
  };

  /** The page's shared workers, from Chromium's targets. */
  proto.getAllSharedWorkers = async function getAllSharedWorkers() {
    const { targetInfos } = await host.browser.send('Target.getTargets', { filter: [{ type: 'shared_worker' }] });
    return targetInfos.map((t) => ({ id: t.targetId, url: t.url }));
  };

  // Offscreen rendering is not modelled: every page renders on screen (isOffscreen() is false), and
  // for an on-screen page Electron's painting controls do nothing either.
  proto.isOffscreen = function isOffscreen() {
    return false;
  };
  proto.startPainting = mark(function startPainting() {}, 'inert');
  proto.stopPainting = mark(function stopPainting() {}, 'inert');
  proto.isPainting = function isPainting() {
    return false;
  };
  proto.invalidate = mark(function invalidate() {}, 'inert');
  proto.setFrameRate = function setFrameRate(fps) {
    this._frameRate = Number(fps);
  };
  proto.getFrameRate = function getFrameRate() {
    return this._frameRate ?? 60;
  };
  proto.showDefinitionForSelection = mark(function showDefinitionForSelection() {}, 'inert'); // macOS only

  proto.setWebRTCIPHandlingPolicy = function setWebRTCIPHandlingPolicy(policy) {
    if (policy !== 'default') throw UNSUPPORTED(`WebRTC IP handling policy ${JSON.stringify(policy)}`);
    this._webRTCPolicy = policy;
  };
  proto.getWebRTCIPHandlingPolicy = function getWebRTCIPHandlingPolicy() {
    return this._webRTCPolicy ?? 'default';
  };
  proto.setWebRTCUDPPortRange = function setWebRTCUDPPortRange(range) {
    if (range?.min || range?.max) throw UNSUPPORTED('A WebRTC UDP port range');
    this._udpRange = { min: 0, max: 0 };
  };
  proto.getWebRTCUDPPortRange = function getWebRTCUDPPortRange() {
    return this._udpRange ?? { min: 0, max: 0 };
  };
  proto.setImageAnimationPolicy = function setImageAnimationPolicy(policy) {
    if (policy !== 'animate') throw UNSUPPORTED(`Image animation policy ${JSON.stringify(policy)}`);
  };
  proto.setCaretBrowsingEnabled = function setCaretBrowsingEnabled(enabled) {
    if (enabled) throw UNSUPPORTED('Caret browsing');
  };
  proto.isCaretBrowsingEnabled = function isCaretBrowsingEnabled() {
    return false;
  };

  for (const [name, what] of [
    ['beginFrameSubscription', 'beginFrameSubscription (painted frames)'],
    ['copyImageAt', 'copyImageAt (an image copied to the OS clipboard)'],
    ['copyVideoFrameAt', 'copyVideoFrameAt'],
    ['saveVideoFrameAs', 'saveVideoFrameAs'],
    ['startDrag', 'startDrag (dragging a file out to the OS)'],
    ['getMediaSourceId', 'getMediaSourceId (desktop capture)'],
    ['clone', 'webContents.clone'],
  ]) {
    proto[name] = mark(() => {
      throw UNSUPPORTED(what);
    }, 'throws');
  }
  /** A download started from the page (a download link clicked in it); will-download follows. */
  proto.downloadURL = function downloadURL(url) {
    require('./downloads.cjs')
      .downloadFrom(this, url)
      .catch(() => {});
  };
  proto.endFrameSubscription = mark(function endFrameSubscription() {}, 'inert');
}

module.exports = { addExtraMethods, UNSUPPORTED };
