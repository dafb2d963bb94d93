'use strict';
// What require('electron') returns in the main process (and in the inspector's command-line API).
// One `exports.name = ...` line per member so ESM apps get named imports too.

const { app } = require('./app.cjs');
const { BrowserWindow } = require('./browser-window.cjs');
const { WebContents } = require('./web-contents.cjs');
const { ipcMain } = require('./ipc-main.cjs');
const { dialog } = require('./dialog.cjs');
const { Menu, MenuItem } = require('./menu.cjs');
const { Notification } = require('./notification.cjs');
const { clipboard, shell, nativeTheme, screen } = require('./desktop.cjs');
const { Tray } = require('./tray.cjs');
const { globalShortcut } = require('./global-shortcut.cjs');
const { nativeImage, NativeImage } = require('./native-image.cjs');
const { session } = require('./session.cjs');
const services = require('./services.cjs');
const { BaseWindow } = require('./base-window.cjs');
const { View, WebContentsView, ImageView } = require('./view.cjs');
const { BrowserView } = require('./browser-view.cjs');
const { utilityProcess } = require('./utility-process.cjs');
const { MessageChannelMain } = require('./message-port.cjs');
const { webFrameMain } = require('./web-frame-main.cjs');
const platform = require('./platform-modules.cjs');

require('./platform-only-methods.cjs').addPlatformOnlyMethods();

/** Electron's webContents module: static lookups only (instances come from windows). */
const webContents = {
  getAllWebContents: () => WebContents.getAllWebContents(),
  getFocusedWebContents: () => WebContents.getFocusedWebContents(),
  fromId: (id) => WebContents.fromId(id),
  fromDevToolsTargetId: (targetId) => WebContents.fromDevToolsTargetId(targetId),
  fromFrame: (frame) => WebContents.fromFrame(frame),
};

exports.app = app;
exports.BrowserWindow = BrowserWindow;
exports.webContents = webContents;
exports.ipcMain = ipcMain;
exports.dialog = dialog;
exports.Menu = Menu;
exports.MenuItem = MenuItem;
exports.Notification = Notification;
exports.clipboard = clipboard;
exports.shell = shell;
exports.nativeTheme = nativeTheme;
exports.screen = screen;
exports.Tray = Tray;
exports.globalShortcut = globalShortcut;
exports.nativeImage = nativeImage;
exports.NativeImage = NativeImage;
exports.session = session;
exports.protocol = services.protocol;
exports.powerMonitor = services.powerMonitor;
exports.powerSaveBlocker = services.powerSaveBlocker;
exports.systemPreferences = services.systemPreferences;
exports.safeStorage = services.safeStorage;
exports.autoUpdater = services.autoUpdater;
exports.crashReporter = services.crashReporter;
exports.net = require('./net.cjs').net;
exports.desktopCapturer = services.desktopCapturer;
exports.BaseWindow = BaseWindow;
exports.View = View;
exports.WebContentsView = WebContentsView;
exports.ImageView = ImageView;
exports.BrowserView = BrowserView;
exports.utilityProcess = utilityProcess;
exports.MessageChannelMain = MessageChannelMain;
exports.webFrameMain = webFrameMain;
exports.TouchBar = platform.TouchBar;
exports.ShareMenu = platform.ShareMenu;
exports.contentTracing = platform.contentTracing;
exports.netLog = platform.netLog;
exports.inAppPurchase = platform.inAppPurchase;
exports.pushNotifications = platform.pushNotifications;
exports.IpcMainServiceWorker = platform.IpcMainServiceWorker;
exports.ClipboardItem = require('./main-extras.cjs').ClipboardItem;
exports.WebSocket = require('./main-extras.cjs').WebSocket;
exports.sharedTexture = require('./main-extras.cjs').sharedTexture;
