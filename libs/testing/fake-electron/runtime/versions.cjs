'use strict';
// The Electron version the stand-in reports, and the Node major that Electron ships, which the
// stand-in's main process runs on (bin/select-node.sh). The "-fake" suffix lets people (never
// product code) tell the stand-in from a real Electron in logs. Electron 45 ships Chromium 156
// (Debian's /usr/bin/chromium here is 156) and Node 24 (Electron 40 moved from Node 22 to 24);
// process.versions.node, .chrome and .modules are those of the Node and Chromium really running.

const ELECTRON_VERSION = '45.5.0-fake';
const NODE_MAJOR = 24;

/** Replaces process.versions with Electron's shape: electron and chrome added. */
function installProcessVersions(chromeVersion = '') {
  const versions = { ...process.versions, electron: ELECTRON_VERSION, chrome: chromeVersion };
  Object.defineProperty(process, 'versions', { value: Object.freeze(versions), enumerable: true, configurable: true });
}

module.exports = { ELECTRON_VERSION, NODE_MAJOR, installProcessVersions };
