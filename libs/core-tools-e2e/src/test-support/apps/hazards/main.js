// A test app whose page holds one element per action failure the tools must tell apart.
const { app, BrowserWindow } = require('electron');
const path = require('node:path');

// Where the app's own arguments land among the switches the server adds (the launch notes say it).
if (process.env.HAZARDS_MODE === 'argv') console.error(`argv ${JSON.stringify(process.argv)}`);

app.whenReady().then(() => {
  const win = new BrowserWindow({ width: 900, height: 700, title: 'Hazards' });
  win.loadFile(path.join(__dirname, 'index.html'));
});
app.on('window-all-closed', () => app.quit());
