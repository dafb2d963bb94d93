'use strict';
// The main half of webContents' 'context-menu' event: the page reported a right-click (or the
// menu key) that it did not cancel, with the ContextMenuParams of the node under the pointer
// (renderer-context-menu.cjs). Electron draws nothing by itself; apps answer with menu.popup()
// (https://www.electronjs.org/docs/latest/api/web-contents#event-context-menu).

const { makeEvent } = require('./events.cjs');

/** @param {any} contents @param {unknown} params as the page measured them */
function emitContextMenu(contents, params) {
  if (contents.isDestroyed() || typeof params !== 'object' || params === null) return;
  contents.emit('context-menu', makeEvent(), { ...params, frame: contents.mainFrame });
}

module.exports = { emitContextMenu };
