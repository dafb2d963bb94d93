import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Write a minimal Electron app (package.json, main.js, index.html) into `dir` and return `dir`.
 * Its main process keeps `process.argv` and `process.env` for the test to read with eval.
 */
export function writeTinyApp(dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'tiny', main: 'main.js' }));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>tiny</title><p>tiny</p>');
  writeFileSync(
    join(dir, 'main.js'),
    "const { app, BrowserWindow } = require('electron');\n" +
      "app.whenReady().then(() => new BrowserWindow({ width: 400, height: 300 }).loadFile(require('node:path').join(__dirname, 'index.html')));\n",
  );
  return dir;
}
