'use strict';
// The desktop around the app: clipboard (kept in memory), shell (recorded, nothing is opened),
// nativeTheme (themeSource drives prefers-color-scheme in every window), screen (one display).

const { EventEmitter } = require('node:events');
const { registry } = require('./registry.cjs');
const { SCREEN } = require('./browser-window-bounds.cjs');

const store = new Map();
const clipboard = {
  readText: () => store.get('text/plain') ?? '',
  writeText: (text) => {
    store.clear();
    store.set('text/plain', String(text));
  },
  readHTML: () => store.get('text/html') ?? '',
  writeHTML: (html) => {
    store.clear();
    store.set('text/html', String(html));
  },
  readRTF: () => store.get('text/rtf') ?? '',
  writeRTF: (rtf) => {
    store.clear();
    store.set('text/rtf', String(rtf));
  },
  readBookmark: () => ({ title: '', url: '' }),
  writeBookmark: () => {},
  readImage: () => require('./native-image.cjs').nativeImage.createEmpty(),
  writeImage: () => {},
  write: (data) => {
    store.clear();
    if (data.text !== undefined) store.set('text/plain', String(data.text));
    if (data.html !== undefined) store.set('text/html', String(data.html));
    if (data.rtf !== undefined) store.set('text/rtf', String(data.rtf));
  },
  clear: () => store.clear(),
  availableFormats: () => [...store.keys()],
  has: (format) => store.has(format),
  read: (format) => store.get(format) ?? '',
  readBuffer: (format) => Buffer.from(store.get(format) ?? ''),
  writeBuffer: (format, buffer) => store.set(format, buffer.toString()),
};

/** URLs passed to shell.openExternal, in order (for people debugging a test; never opened). */
const openedExternal = [];
const shell = {
  openExternal: async (url) => {
    openedExternal.push(String(url));
    process.stderr.write(`[fake-electron] shell.openExternal(${JSON.stringify(String(url))}) recorded, not opened\n`);
  },
  openPath: async () => '',
  showItemInFolder: () => {},
  trashItem: async () => {},
  beep: () => {},
  writeShortcutLink: () => false,
  readShortcutLink: () => {
    throw new Error('Failed to read shortcut link');
  },
  _openedExternal: openedExternal,
};

class NativeTheme extends EventEmitter {
  constructor() {
    super();
    this._source = 'system';
    this.shouldUseHighContrastColors = false;
    this.shouldUseInvertedColorScheme = false;
    this.inForcedColorsMode = false;
    this.prefersReducedTransparency = false;
  }
  get themeSource() {
    return this._source;
  }
  set themeSource(source) {
    if (!['system', 'light', 'dark'].includes(source)) throw new TypeError(`Invalid themeSource: ${source}`);
    this._source = source;
    // Every renderer follows it: a BrowserWindow's, a BaseWindow's views', a <webview>'s. Those not
    // attached yet get it when they attach (web-contents-attach.cjs).
    for (const contents of registry.webContents.values()) applyTheme(contents);
    this.emit('updated');
  }
  get shouldUseDarkColors() {
    return this._source === 'dark';
  }
}
const nativeTheme = new NativeTheme();

function applyTheme(contents) {
  const value = nativeTheme.themeSource === 'system' ? '' : nativeTheme.themeSource;
  contents._session?.sendQuietly('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value }] });
}

const DISPLAY = Object.freeze({
  id: 1,
  label: 'fake-electron display',
  bounds: { x: 0, y: 0, width: SCREEN.width, height: SCREEN.height },
  workArea: { x: 0, y: 0, width: SCREEN.width, height: SCREEN.height },
  size: { width: SCREEN.width, height: SCREEN.height },
  workAreaSize: { width: SCREEN.width, height: SCREEN.height },
  scaleFactor: 1,
  rotation: 0,
  internal: false,
  touchSupport: 'unknown',
  monochrome: false,
  accelerometerSupport: 'unknown',
  colorSpace: '',
  colorDepth: 24,
  depthPerComponent: 8,
  displayFrequency: 60,
  detected: true,
});
const screen = Object.assign(new EventEmitter(), {
  getPrimaryDisplay: () => structuredClone(DISPLAY),
  getAllDisplays: () => [structuredClone(DISPLAY)],
  getDisplayNearestPoint: () => structuredClone(DISPLAY),
  getDisplayMatching: () => structuredClone(DISPLAY),
  getCursorScreenPoint: () => ({ x: 0, y: 0 }),
  screenToDipPoint: (point) => ({ ...point }),
  dipToScreenPoint: (point) => ({ ...point }),
  screenToDipRect: (_win, rect) => ({ ...rect }),
  dipToScreenRect: (_win, rect) => ({ ...rect }),
});

module.exports = { clipboard, shell, nativeTheme, screen, applyTheme };
