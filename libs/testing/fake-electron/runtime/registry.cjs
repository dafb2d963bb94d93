'use strict';
// Live windows and web contents, shared by the electron module's classes (kept here so the
// classes do not need to require each other at load time).

const registry = {
  /** @type {Map<number, any>} BrowserWindow by id, in creation order */
  windows: new Map(),
  /** @type {Map<number, any>} WebContents by id */
  webContents: new Map(),
  /** @type {Map<string, any>} WebContents by DevTools target id */
  byTargetId: new Map(),
  /** @type {any} the BrowserWindow that has focus, if any */
  focusedWindow: null,
  nextWindowId: 1,
  nextWebContentsId: 1,
};

module.exports = { registry };
