'use strict';
// The Electron version the stand-in reports. The "-fake" suffix lets people (never product code)
// tell the stand-in from a real Electron in logs.

const ELECTRON_VERSION = '38.0.0-fake';

/** Replaces process.versions with Electron's shape: electron and chrome added. */
function installProcessVersions(chromeVersion = '') {
  const versions = { ...process.versions, electron: ELECTRON_VERSION, chrome: chromeVersion };
  Object.defineProperty(process, 'versions', { value: Object.freeze(versions), enumerable: true, configurable: true });
}

module.exports = { ELECTRON_VERSION, installProcessVersions };
