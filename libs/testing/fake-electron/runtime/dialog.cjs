'use strict';
// dialog: nothing is drawn. Every dialog resolves the way Electron's does when the user cancels.
// The object's methods are plain writable properties, so tests and plugins replace them in the
// main process exactly as they do on real Electron (dialog.showOpenDialog = async () => ...).

/** Electron passes an optional BrowserWindow first. */
function optionsOf(windowOrOptions, maybeOptions) {
  if (maybeOptions !== undefined) return maybeOptions || {};
  if (windowOrOptions && typeof windowOrOptions === 'object' && 'webContents' in windowOrOptions) return {};
  return windowOrOptions || {};
}

/** Electron's cancelId default: the button labelled cancel/no, else 0. */
function cancelResponse(options) {
  if (typeof options.cancelId === 'number') return options.cancelId;
  const buttons = Array.isArray(options.buttons) ? options.buttons : [];
  const index = buttons.findIndex((label) => /^(cancel|no)$/i.test(String(label).replace(/&/g, '').trim()));
  return index >= 0 ? index : 0;
}

const dialog = {
  showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
  showOpenDialogSync: () => undefined,
  showSaveDialog: async () => ({ canceled: true, filePath: '' }),
  showSaveDialogSync: () => '',
  showMessageBox: async (windowOrOptions, maybeOptions) => {
    const options = optionsOf(windowOrOptions, maybeOptions);
    return { response: cancelResponse(options), checkboxChecked: Boolean(options.checkboxChecked) };
  },
  showMessageBoxSync: (windowOrOptions, maybeOptions) => cancelResponse(optionsOf(windowOrOptions, maybeOptions)),
  showErrorBox: (title, content) => {
    process.stderr.write(`${title}\n${content}\n`);
  },
  showCertificateTrustDialog: async () => {},
};

module.exports = { dialog };
