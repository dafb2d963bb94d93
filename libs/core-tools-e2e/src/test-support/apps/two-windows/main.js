// A test app that opens a second window on demand (from the first window's button) and closes windows.
const { app, BrowserWindow } = require('electron');

function open(title, body) {
  const win = new BrowserWindow({ width: 600, height: 400, title });
  win.loadURL('data:text/html,' + encodeURIComponent(`<title>${title}</title>${body}`));
  return win;
}

app.whenReady().then(() => {
  open('Main', '<h1>Main window</h1><button onclick="window.open(\'about:blank\')">noop</button>');
  setTimeout(() => open('Settings', '<h1>Settings window</h1><button onclick="window.close()">Close settings</button>'), 300);
});
app.on('window-all-closed', () => app.quit());
