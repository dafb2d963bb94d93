'use strict';
// Starts headless Chromium for the app: its profile is the app's userData folder, as in Electron
// (kept, like the developer's real profile), our own CDP channel over --remote-debugging-pipe, and
// the debugging port the caller asked for. A detached shell watchdog kills Chromium and removes its
// TMPDIR when this process dies without cleaning up (SIGKILL, crash).

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { CdpConnection } = require('./cdp.cjs');

/** Prefix of Chromium's own TMPDIR (shared-memory files), created and removed per launch. */
const CHROMIUM_TMP_PREFIX = 'fe-tmp-';

// Switches the stand-in owns or that make no sense for Chromium.
const BLOCKED_SWITCHES = new Set(['remote-debugging-pipe', 'headless', 'user-data-dir', 'require', 'r']);

const MERGED_LIST_SWITCHES = new Set(['disable-features', 'enable-features']);

const BASE_SWITCHES = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--no-startup-window',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--disable-extensions',
  '--disable-default-apps',
  '--disable-breakpad',
  '--disable-field-trial-config',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-hang-monitor',
  '--disable-popup-blocking',
  '--disable-prompt-on-repost',
  '--disable-search-engine-choice-screen',
  // Electron lets file:// pages load other file:// resources (module scripts, XHR): Chromium's
  // own default treats each file as a unique origin and blocks them.
  '--allow-file-access-from-files',
  // The omnibox WebUI popups would start a renderer nobody needs: an app window has no omnibox.
  '--disable-features=Translate,MediaRouter,OptimizationHints,AutofillServerCommunication,InterestFeedContentSuggestions,LensOverlay,WebUIOmniboxAimPopup,WebUIOmniboxPopup,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch',
  '--metrics-recording-only',
  '--password-store=basic',
  '--use-mock-keychain',
  '--no-service-autorun',
  '--screen-info={0,0 1920x1080}',
];

// Waits for the main process to go away, then makes sure Chromium and its TMPDIR go too.
// Reading "done" on its channel means the main process cleaned up itself. It runs as an orphan in its
// own session (the shell that starts it exits at once), so neither a kill of our process group
// nor a kill of our process tree (what the driver does) reaches it.
const WATCHDOG_BODY = [
  'read -r line',
  'if [ "$line" = done ]; then exit 0; fi',
  'n=0',
  'while kill -0 "$1" 2>/dev/null && [ $n -lt 30 ]; do sleep 0.1; n=$((n+1)); done',
  'if kill -0 "$1" 2>/dev/null; then kill -9 "$1"; fi',
  'n=0',
  'while kill -0 "$1" 2>/dev/null && [ $n -lt 50 ]; do sleep 0.1; n=$((n+1)); done',
  'rm -rf "$2"',
  'if [ -n "$3" ]; then rm -rf "$3"; fi',
].join('\n');
// The channel is fd 3 rather than stdin: Node destroys a child's stdin when the child exits, and
// the starting shell exits at once.
const WATCHDOG = `(\n${WATCHDOG_BODY}\n) <&3 >/dev/null 2>&1 &`;

/**
 * True when another live Chromium holds `dir` as its profile (its SingletonLock names a live pid
 * of this host). Chromium refuses a second browser on one profile (exit code 21) where Electron,
 * which takes no process singleton unless the app asks for the single-instance lock, runs both.
 * @param {string} dir
 */
function profileHeldElsewhere(dir) {
  try {
    const owner = fs.readlinkSync(path.join(dir, 'SingletonLock'));
    const dash = owner.lastIndexOf('-');
    const pid = Number(owner.slice(dash + 1));
    if (owner.slice(0, dash) !== os.hostname() || !Number.isInteger(pid) || pid <= 0) return false;
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * @param {{ executable: string, switches: Array<{ name: string, value: string }>, userDataDir: string,
 *   onStderrLine: (line: string) => void }} options
 */
function launchChromium(options) {
  // The profile is the app's userData (kept); Chromium gets a TMPDIR of its own for the
  // shared-memory files it would otherwise strand in /tmp when killed. That one needs a short
  // path: Chromium puts a Unix socket in it (108 characters at most).
  fs.mkdirSync(options.userDataDir, { recursive: true });
  // A second instance of an app on a userData another instance's Chromium holds: Electron runs
  // both; here the second gets a temporary Chromium profile (removed at exit), app.getPath('userData')
  // is still the shared folder for the app's own files.
  const profileDir = profileHeldElsewhere(options.userDataDir) ? fs.mkdtempSync(path.join(os.tmpdir(), 'fe-second-profile-')) : '';
  if (profileDir && process.env.FAKE_ELECTRON_DEBUG)
    process.stderr.write(`[fake-electron] ${options.userDataDir} is held by another instance; Chromium uses ${profileDir}\n`);
  const userDataDir = profileDir || options.userDataDir;
  const tmpBase = os.tmpdir().length <= 48 ? os.tmpdir() : '/tmp';
  const chromiumTmp = fs.mkdtempSync(path.join(tmpBase, CHROMIUM_TMP_PREFIX));
  const ownDirs = [chromiumTmp, profileDir].filter(Boolean);
  const args = [...BASE_SWITCHES, '--remote-debugging-pipe', `--user-data-dir=${userDataDir}`];
  for (const { name, value } of options.switches) {
    if (BLOCKED_SWITCHES.has(name)) continue;
    // Chromium keeps only the last --disable-features / --enable-features: merge with ours.
    const merged = MERGED_LIST_SWITCHES.has(name) ? args.findIndex((arg) => arg.startsWith(`--${name}=`)) : -1;
    if (merged >= 0) args[merged] += `,${value}`;
    else args.push(value === '' ? `--${name}` : `--${name}=${value}`);
  }
  const child = spawn(options.executable, args, {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
    env: { ...process.env, TMPDIR: chromiumTmp },
  });
  const watchdog = spawn('/bin/sh', ['-c', WATCHDOG, 'fake-electron-watchdog', String(child.pid ?? ''), chromiumTmp, profileDir], {
    detached: true,
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  watchdog.unref();
  const channel = /** @type {import('node:net').Socket} */ (watchdog.stdio[3]);
  channel.on('error', () => {});
  channel.unref();
  const releaseWatchdog = () => {
    try {
      channel.end('done\n');
    } catch {
      // the watchdog is gone already
    }
  };

  let pendingLine = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    pendingLine += chunk;
    const lines = pendingLine.split('\n');
    pendingLine = lines.pop() ?? '';
    for (const line of lines) options.onStderrLine(line);
  });

  const connection = new CdpConnection(/** @type {any} */ (child.stdio[3]), /** @type {any} */ (child.stdio[4]));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let alive = true;
  child.once('exit', () => {
    alive = false;
  });

  return {
    child,
    connection,
    userDataDir,
    /** Chromium's TMPDIR (removed with it): downloads land here before they move to their save path. */
    tmpDir: chromiumTmp,
    exited,
    isAlive: () => alive,
    /** Graceful close over CDP, SIGKILL after timeoutMs; then removes Chromium's TMPDIR. */
    async close(timeoutMs = 2000) {
      if (alive) {
        connection.browser.send('Browser.close').catch(() => {});
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        await exited;
        clearTimeout(timer);
      }
      if (this.removeProfile()) releaseWatchdog();
    },
    /** Synchronous last resort for process 'exit': kill and best-effort removal (the watchdog retries). */
    killSync() {
      if (alive) {
        try {
          child.kill('SIGKILL');
        } catch {
          // already gone
        }
        return;
      }
      if (this.removeProfile()) releaseWatchdog();
    },
    /** @returns {boolean} true when nothing is left to clean up */
    removeProfile() {
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          for (const dir of ownDirs) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
          return true;
        } catch {
          // Chromium may still be flushing; retry, and the watchdog retries after us.
        }
      }
      return false;
    },
  };
}

module.exports = { launchChromium, CHROMIUM_TMP_PREFIX };
