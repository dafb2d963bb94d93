// A test app that opens a second window on demand (from the first window's button), closes windows
// and offers a download.
const { app, BrowserWindow } = require('electron');

function open(title, body) {
  const win = new BrowserWindow({ width: 600, height: 400, title });
  win.loadURL('data:text/html,' + encodeURIComponent(`<title>${title}</title>${body}`));
  return win;
}

app.whenReady().then(() => {
  // A download link, as a real app's "Export" offers one: Electron would ask where to save it.
  open(
    'Main',
    '<h1>Main window</h1><button onclick="window.open(\'about:blank\')">noop</button>' +
      '<a download="report.txt" href="data:text/plain,quarterly%20report">Download report</a>',
  );
  // Well after the first: Playwright reports a window once its page is set up, and under load the
  // first window's set-up can take longer than a short gap, which reports Settings first (w1).
  setTimeout(() => open('Settings', '<h1>Settings window</h1><button onclick="window.close()">Close settings</button>'), 1500);
});
app.on('window-all-closed', () => app.quit());
