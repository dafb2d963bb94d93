'use strict';
// Accelerators ("CmdOrCtrl+Shift+S") parsed and matched against keys typed in a window: the
// renderer bootstrap forwards keydowns with modifiers (and F-keys); global shortcuts, then the
// window's menu (or the application menu) get them, as Electron's menu bar does on Linux.

const { registry } = require('./registry.cjs');

const NAMED_KEYS = {
  space: ' ',
  tab: 'Tab',
  backspace: 'Backspace',
  delete: 'Delete',
  insert: 'Insert',
  return: 'Enter',
  enter: 'Enter',
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  home: 'Home',
  end: 'End',
  pageup: 'PageUp',
  pagedown: 'PageDown',
  escape: 'Escape',
  esc: 'Escape',
  plus: '+',
};

// Editing roles are performed by Chromium itself when their keys are typed.
const NATIVE_ROLES = new Set(['undo', 'redo', 'cut', 'copy', 'paste', 'pasteAndMatchStyle', 'delete', 'selectAll']);

const ROLE_ACCELERATORS = {
  quit: 'CommandOrControl+Q',
  close: 'CommandOrControl+W',
  reload: 'CommandOrControl+R',
  forceReload: 'Shift+CommandOrControl+R',
  toggleDevTools: 'Control+Shift+I',
  togglefullscreen: 'F11',
  minimize: 'CommandOrControl+M',
};

/** @param {string} accelerator */
function parseAccelerator(accelerator) {
  const parsed = { control: false, alt: false, shift: false, meta: false, key: '' };
  const tokens = String(accelerator).split('+');
  // "CmdOrCtrl++" ends with an empty token for the plus key.
  if (tokens.length > 1 && tokens[tokens.length - 1] === '') tokens.splice(-2, 2, '+');
  for (const token of tokens) {
    const lower = token.toLowerCase();
    if (['commandorcontrol', 'cmdorctrl', 'control', 'ctrl'].includes(lower)) parsed.control = true;
    else if (['command', 'cmd', 'super', 'meta'].includes(lower)) parsed.meta = true;
    else if (['alt', 'option', 'altgr'].includes(lower)) parsed.alt = true;
    else if (lower === 'shift') parsed.shift = true;
    else parsed.key = NAMED_KEYS[lower] ?? (token.length === 1 ? token.toUpperCase() : token);
  }
  return parsed;
}

/**
 * @param {string} accelerator
 * @param {{ key: string, code: string, control: boolean, alt: boolean, shift: boolean, meta: boolean }} input
 */
function matches(accelerator, input) {
  const wanted = parseAccelerator(accelerator);
  if (!wanted.key) return false;
  let keyMatches;
  if (/^[A-Z]$/.test(wanted.key)) keyMatches = input.code === `Key${wanted.key}`;
  else if (/^[0-9]$/.test(wanted.key)) keyMatches = input.code === `Digit${wanted.key}` || input.key === wanted.key;
  else keyMatches = input.key === wanted.key || input.key.toLowerCase() === wanted.key.toLowerCase();
  const punctuation = wanted.key.length === 1 && !/[A-Z0-9]/.test(wanted.key);
  return (
    keyMatches &&
    wanted.control === input.control &&
    wanted.alt === input.alt &&
    wanted.meta === input.meta &&
    (punctuation || wanted.shift === input.shift)
  );
}

function findMenuItem(menu, input) {
  for (const item of menu?.items ?? []) {
    if (item.submenu) {
      const found = findMenuItem(item.submenu, input);
      if (found) return found;
      continue;
    }
    const accelerator = item.accelerator ?? ROLE_ACCELERATORS[item.role];
    if (!accelerator || !item.enabled || !item.registerAccelerator || NATIVE_ROLES.has(item.role)) continue;
    if (matches(accelerator, input)) return item;
  }
  return null;
}

function handleKey(contents, input) {
  const { globalShortcut } = require('./global-shortcut.cjs');
  if (globalShortcut._trigger(input)) return;
  const win = contents.getOwnerBrowserWindow();
  const { Menu } = require('./menu.cjs');
  const menu = win?._menu ?? Menu.getApplicationMenu();
  const item = findMenuItem(menu, input);
  if (item) item.click({ triggeredByAccelerator: true, ...input }, win ?? registry.focusedWindow, contents);
}

module.exports = { parseAccelerator, matches, handleKey };
