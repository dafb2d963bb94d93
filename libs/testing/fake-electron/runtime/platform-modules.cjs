'use strict';
// Main-process modules Electron exports on every platform though some only act on one:
// TouchBar (macOS), ShareMenu (macOS), inAppPurchase (macOS), pushNotifications (macOS) are
// inert here as Electron's are off macOS; contentTracing records Chromium's real trace over CDP;
// netLog cannot be started in a running Chromium and says so; IpcMainServiceWorker is ipcMain's
// class for service workers (no service-worker IPC reaches it here).

const { EventEmitter } = require('node:events');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/** The error for what the stand-in cannot honour. */
function notSupported(name) {
  return new Error(`${name} is not supported by the Electron stand-in (fake-electron)`);
}

// --- TouchBar (https://www.electronjs.org/docs/latest/api/touch-bar): data only, nothing is drawn.
let nextTouchBarItemId = 1;
function touchBarItem(type, props) {
  return class extends EventEmitter {
    constructor(options = {}) {
      super();
      this.id = `${nextTouchBarItemId++}`;
      this.type = type;
      for (const prop of props) this[prop] = options[prop];
      if (typeof options.click === 'function') this.on('click', options.click);
      if (typeof options.change === 'function') this.on('change', options.change);
      if (typeof options.select === 'function') this.on('select', options.select);
      if (typeof options.highlight === 'function') this.on('highlight', options.highlight);
    }
  };
}
const TouchBarButton = touchBarItem('button', ['label', 'accessibilityLabel', 'backgroundColor', 'icon', 'iconPosition', 'enabled']);
const TouchBarColorPicker = touchBarItem('colorpicker', ['availableColors', 'selectedColor']);
const TouchBarGroup = touchBarItem('group', ['items']);
const TouchBarLabel = touchBarItem('label', ['label', 'accessibilityLabel', 'textColor']);
const TouchBarPopover = touchBarItem('popover', ['label', 'icon', 'items', 'showCloseButton']);
const TouchBarScrubber = touchBarItem('scrubber', ['items', 'selectedStyle', 'overlayStyle', 'showArrowButtons', 'mode', 'continuous']);
const TouchBarSegmentedControl = touchBarItem('segmented_control', ['segmentStyle', 'segments', 'selectedIndex', 'mode']);
const TouchBarSlider = touchBarItem('slider', ['label', 'value', 'minValue', 'maxValue']);
const TouchBarSpacer = touchBarItem('spacer', ['size']);
const TouchBarOtherItemsProxy = touchBarItem('other_items_proxy', []);

class TouchBar extends EventEmitter {
  constructor(options = {}) {
    super();
    if (Array.isArray(options)) options = { items: options };
    const { items = [], escapeItem = null } = options;
    if (!Array.isArray(items)) throw new TypeError('Must specify items array as first argument');
    this.items = [...items];
    this.escapeItem = escapeItem;
  }
  static TouchBarButton = TouchBarButton;
  static TouchBarColorPicker = TouchBarColorPicker;
  static TouchBarGroup = TouchBarGroup;
  static TouchBarLabel = TouchBarLabel;
  static TouchBarPopover = TouchBarPopover;
  static TouchBarScrubber = TouchBarScrubber;
  static TouchBarSegmentedControl = TouchBarSegmentedControl;
  static TouchBarSlider = TouchBarSlider;
  static TouchBarSpacer = TouchBarSpacer;
  static TouchBarOtherItemsProxy = TouchBarOtherItemsProxy;
}

// --- ShareMenu (macOS): a menu with nothing to share off macOS; popup shows nothing.
class ShareMenu {
  constructor(sharingItem = {}) {
    this.sharingItem = sharingItem;
  }
  popup() {}
  closePopup() {}
}

// --- inAppPurchase: what Electron answers off macOS.
const inAppPurchase = Object.assign(new EventEmitter(), {
  purchaseProduct: () => {
    throw new Error('The inAppPurchase module can only be used on macOS');
  },
  canMakePayments: () => false,
  getReceiptURL: () => '',
  getProducts: async () => [],
  restoreCompletedTransactions: () => {},
  finishAllTransactions: () => {},
  finishTransactionByDate: () => {},
});

// --- pushNotifications (APNS, macOS).
const pushNotifications = Object.assign(new EventEmitter(), {
  registerForAPNSNotifications: () => Promise.reject(notSupported('pushNotifications.registerForAPNSNotifications (APNS, macOS)')),
  unregisterForAPNSNotifications: () => {},
});

// --- contentTracing: Chromium's own tracing, over the browser's CDP session.
let tracing = null;
const contentTracing = {
  async getCategories() {
    const browser = await readyBrowser();
    return (await browser.send('Tracing.getCategories')).categories;
  },
  async startRecording(options = {}) {
    const browser = await readyBrowser();
    if (tracing) throw new Error('Tracing is already in progress');
    const events = [];
    const onData = ({ value }) => events.push(...value);
    browser.on('Tracing.dataCollected', onData);
    const traceConfig = {};
    if (options.included_categories) traceConfig.includedCategories = options.included_categories;
    if (options.excluded_categories) traceConfig.excludedCategories = options.excluded_categories;
    if (options.categoryFilter)
      traceConfig.includedCategories = String(options.categoryFilter)
        .split(',')
        .filter((c) => c && !c.startsWith('-'));
    if (options.recording_mode) traceConfig.recordMode = options.recording_mode;
    tracing = { events, onData };
    try {
      await browser.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig });
    } catch (error) {
      browser.off('Tracing.dataCollected', onData);
      tracing = null;
      throw error;
    }
  },
  async stopRecording(resultFilePath) {
    const browser = await readyBrowser();
    if (!tracing) throw new Error('Failed to stop tracing - no trace in progress');
    const current = tracing;
    const complete = new Promise((resolve) => browser.once('Tracing.tracingComplete', resolve));
    await browser.send('Tracing.end');
    await complete;
    browser.off('Tracing.dataCollected', current.onData);
    tracing = null;
    const file = resultFilePath || path.join(os.tmpdir(), `trace-${process.pid}-${Date.now()}.json`);
    fs.writeFileSync(file, JSON.stringify({ traceEvents: current.events }));
    return file;
  },
  async getTraceBufferUsage() {
    return { value: 0, percentage: 0 };
  },
};

async function readyBrowser() {
  const { app } = require('./app.cjs');
  await app.whenReady();
  const { host } = require('./host.cjs');
  if (!host.browser) throw new Error('Chromium is not running');
  return host.browser;
}

// --- netLog: Chromium writes a net log only when started with --log-net-log.
const netLog = {
  get currentlyLogging() {
    return false;
  },
  startLogging: async () => {
    throw notSupported('netLog.startLogging (start the app with --log-net-log=<file> instead)');
  },
  stopLogging: async () => {},
};

// --- IpcMainServiceWorker: the class of serviceWorker.ipc.
const { IpcMain } = require('./ipc-main.cjs');
class IpcMainServiceWorker extends IpcMain {}

module.exports = {
  notSupported,
  TouchBar,
  ShareMenu,
  inAppPurchase,
  pushNotifications,
  contentTracing,
  netLog,
  IpcMainServiceWorker,
};
