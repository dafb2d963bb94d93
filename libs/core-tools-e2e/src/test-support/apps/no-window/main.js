// A test app that never opens a window: launches must time out with LAUNCH_TIMEOUT.
const { app } = require('electron');
app.whenReady().then(() => setInterval(() => {}, 1000));
