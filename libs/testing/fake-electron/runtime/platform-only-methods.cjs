'use strict';
// Methods Electron declares for every platform but that act only on macOS or Windows (the typings'
// @platform darwin / win32): on the stand-in, a model of Electron on Linux, they exist and do
// nothing. Added to the classes and modules after they are defined.

const mark = (fn) => Object.assign(fn, { [Symbol.for('fake-electron.coverage')]: 'inert' });
const nothing = () => mark(() => {});
const constant = (value) => mark(() => (typeof value === 'function' ? value() : value));

function addPlatformOnlyMethods() {
  const { BaseWindow } = require('./base-window.cjs');
  const { BrowserWindow } = require('./browser-window.cjs');
  const { Menu } = require('./menu.cjs');
  const { Tray } = require('./tray.cjs');
  const { systemPreferences } = require('./services.cjs');

  Object.assign(BaseWindow.prototype, {
    isContentProtected: constant(false), // darwin, win32
    setBackgroundMaterial: nothing(), // win32
    isSnapped: constant(false), // win32
    previewFile: nothing(), // darwin (Quick Look)
    closeFilePreview: nothing(),
    setHiddenInMissionControl: nothing(), // darwin
    isHiddenInMissionControl: constant(false),
  });
  /** Window ids come from desktopCapturer, which finds no windows here: no id names a window. */
  BaseWindow.prototype.moveAbove = function moveAbove(mediaSourceId) {
    throw new Error(`Invalid media source id: ${mediaSourceId} (the Electron stand-in (fake-electron) has no desktop capture sources)`);
  };
  /** The stand-in does not persist window state (windowStatePersistence), so there is none to clear. */
  BaseWindow.clearPersistedState = nothing();
  Object.assign(BrowserWindow.prototype, {
    showDefinitionForSelection: nothing(), // darwin
    focusOnWebView() {
      this.webContents.focus();
    },
    blurWebView() {
      this.webContents.executeJavaScript('document.activeElement?.blur()').catch(() => {});
    },
  });
  Menu.setHighlightColors = nothing(); // win32
  Tray.prototype.getGUID = constant(null); // darwin, win32

  // systemPreferences: NSUserDefaults, distributed notifications, Touch ID, appearance (macOS).
  Object.assign(systemPreferences, {
    getUserDefault: constant(undefined),
    setUserDefault: nothing(),
    removeUserDefault: nothing(),
    registerDefaults: nothing(),
    postNotification: nothing(),
    postLocalNotification: nothing(),
    postWorkspaceNotification: nothing(),
    subscribeNotification: constant(0),
    subscribeLocalNotification: constant(0),
    subscribeWorkspaceNotification: constant(0),
    unsubscribeNotification: nothing(),
    unsubscribeLocalNotification: nothing(),
    unsubscribeWorkspaceNotification: nothing(),
    canPromptTouchID: constant(false),
    promptTouchID: mark(() => Promise.reject(new Error('Touch ID is only available on macOS'))),
    isTrustedAccessibilityClient: constant(false),
    isSwipeTrackingFromScrollEventsEnabled: constant(false),
    getEffectiveAppearance: constant('light'),
    getSystemColor: constant('#000000'),
  });
}

module.exports = { addPlatformOnlyMethods };
