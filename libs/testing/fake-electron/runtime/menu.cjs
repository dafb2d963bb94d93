'use strict';
// Menu and MenuItem with Electron's shapes. Nothing is drawn: roles and accelerators are kept as
// data, item.click() runs the handler as (menuItem, browserWindow, event), checkbox and radio
// items toggle, and a few window/app roles act. Accelerators typed in a window trigger items.

const { EventEmitter } = require('node:events');
const { registry } = require('./registry.cjs');

let nextCommandId = 1;
/** @type {Menu | null} */
let applicationMenu = null;
let applicationMenuSet = false;

const ROLE_LABELS = {
  undo: 'Undo',
  redo: 'Redo',
  cut: 'Cut',
  copy: 'Copy',
  paste: 'Paste',
  pasteAndMatchStyle: 'Paste and Match Style',
  delete: 'Delete',
  selectAll: 'Select All',
  reload: 'Reload',
  forceReload: 'Force Reload',
  toggleDevTools: 'Toggle Developer Tools',
  resetZoom: 'Actual Size',
  zoomIn: 'Zoom In',
  zoomOut: 'Zoom Out',
  togglefullscreen: 'Toggle Full Screen',
  minimize: 'Minimize',
  close: 'Close Window',
  quit: 'Quit',
  about: 'About',
  fileMenu: 'File',
  editMenu: 'Edit',
  viewMenu: 'View',
  windowMenu: 'Window',
  help: 'Help',
  zoom: 'Zoom',
  front: 'Bring All to Front',
};

const ROLE_ACTIONS = {
  quit: () => require('./app.cjs').app.quit(),
  close: (win) => win?.close(),
  minimize: (win) => win?.minimize(),
  togglefullscreen: (win) => win?.setFullScreen(!win.isFullScreen()),
  reload: (win) => win?.webContents.reload(),
  forceReload: (win) => win?.webContents.reloadIgnoringCache(),
  toggleDevTools: (win) => win?.webContents.toggleDevTools(),
  undo: (win) => win?.webContents.undo(),
  redo: (win) => win?.webContents.redo(),
  cut: (win) => win?.webContents.cut(),
  copy: (win) => win?.webContents.copy(),
  paste: (win) => win?.webContents.paste(),
  delete: (win) => win?.webContents.delete(),
  selectAll: (win) => win?.webContents.selectAll(),
};

class MenuItem {
  /** @param {Record<string, any>} options */
  constructor(options = {}) {
    const submenu = options.submenu;
    this.id = options.id ?? '';
    this.role = options.role;
    this.type = options.type ?? (submenu ? 'submenu' : 'normal');
    this.label = options.label ?? (this.role ? (ROLE_LABELS[this.role] ?? '') : '');
    this.sublabel = options.sublabel ?? '';
    this.toolTip = options.toolTip ?? '';
    this.accelerator = options.accelerator;
    this.icon = options.icon;
    this.enabled = options.enabled ?? true;
    this.visible = options.visible ?? true;
    this.checked = options.checked ?? false;
    this.registerAccelerator = options.registerAccelerator ?? true;
    this.acceleratorWorksWhenHidden = options.acceleratorWorksWhenHidden ?? true;
    this.before = options.before;
    this.after = options.after;
    this.submenu = submenu ? (submenu instanceof Menu ? submenu : Menu.buildFromTemplate(submenu)) : undefined;
    this.commandId = nextCommandId++;
    this.menu = null;
    this.userAccelerator = null;
    const handler = options.click;
    /** Runs the item as a user click would: (menuItem, browserWindow, event). */
    this.click = (event = {}, focusedWindow = registry.focusedWindow, focusedWebContents) => {
      if (this.type === 'checkbox') this.checked = !this.checked;
      if (this.type === 'radio') this._checkRadio();
      const keyboardEvent = { triggeredByAccelerator: false, ...event };
      // As in Electron, a role with a built-in action wins over click.
      if (this.role && ROLE_ACTIONS[this.role]) {
        ROLE_ACTIONS[this.role](focusedWindow, focusedWebContents);
      } else if (typeof handler === 'function') {
        handler(this, focusedWindow ?? undefined, keyboardEvent);
      }
    };
  }

  _checkRadio() {
    const siblings = this.menu ? this.menu.items : [this];
    const index = siblings.indexOf(this);
    let start = index;
    while (start > 0 && siblings[start - 1].type === 'radio') start--;
    let end = index;
    while (end < siblings.length - 1 && siblings[end + 1].type === 'radio') end++;
    for (let i = start; i <= end; i++) siblings[i].checked = siblings[i] === this;
  }
}

class Menu extends EventEmitter {
  constructor() {
    super();
    /** @type {MenuItem[]} */
    this.items = [];
  }

  append(item) {
    this.insert(this.items.length, item);
  }

  insert(position, item) {
    const menuItem = item instanceof MenuItem ? item : new MenuItem(item);
    menuItem.menu = this;
    this.items.splice(position, 0, menuItem);
  }

  getMenuItemById(id) {
    for (const item of this.items) {
      if (item.id === id) return item;
      const found = item.submenu?.getMenuItemById(id);
      if (found) return found;
    }
    return null;
  }

  /**
   * Shows the menu as a context menu of options.window (default: the focused window): nothing is
   * drawn; it stays open until closePopup() (https://www.electronjs.org/docs/latest/api/menu#menupopupoptions).
   */
  popup(options = {}) {
    if (this._popupOpen) this.closePopup();
    this._popupOpen = true;
    this._popupWindow = options.window ?? registry.focusedWindow ?? undefined;
    this._popupCallback = options.callback;
    this.emit('menu-will-show', { preventDefault() {} });
  }

  /** Closes the open popup: 'menu-will-close', then the popup's callback, as Electron does. */
  closePopup(_window) {
    if (!this._popupOpen) return;
    this._popupOpen = false;
    this._popupWindow = undefined;
    this.emit('menu-will-close', { preventDefault() {} });
    const callback = this._popupCallback;
    this._popupCallback = undefined;
    if (typeof callback === 'function') callback();
  }

  static buildFromTemplate(template) {
    if (!Array.isArray(template)) throw new TypeError('Invalid template for Menu: Menu template must be an array');
    const menu = new Menu();
    for (const entry of template) menu.append(entry instanceof MenuItem ? entry : new MenuItem(entry));
    return menu;
  }

  static setApplicationMenu(menu) {
    if (menu !== null && !(menu instanceof Menu)) throw new TypeError('Invalid menu');
    applicationMenu = menu;
    applicationMenuSet = true;
  }

  static getApplicationMenu() {
    return applicationMenu;
  }

  static sendActionToFirstResponder() {}
}

/** Electron installs a default menu at ready unless the app set one. */
function installDefaultMenu() {
  if (applicationMenuSet) return;
  applicationMenu = Menu.buildFromTemplate([
    { role: 'fileMenu', submenu: [{ role: 'quit' }] },
    {
      role: 'editMenu',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'delete' },
        { type: 'separator' },
        { role: 'selectAll' },
      ],
    },
    {
      role: 'viewMenu',
      submenu: [
        { role: 'reload' },
        { role: 'forceReload' },
        { role: 'toggleDevTools' },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu', submenu: [{ role: 'minimize' }, { role: 'zoom' }, { role: 'close' }] },
    { role: 'help', submenu: [{ label: 'Learn More' }] },
  ]);
}

module.exports = { Menu, MenuItem, installDefaultMenu };
