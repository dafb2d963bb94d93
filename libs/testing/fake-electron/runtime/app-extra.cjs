'use strict';
// The rest of Electron's app API. Process metrics are read from /proc (the main process, Chromium
// and its children), GPU information from Chromium's SystemInfo domain. Methods that act only on
// macOS or Windows exist and do nothing, as they have no effect on Linux.

const fs = require('node:fs');
const { host } = require('./host.cjs');
const { registry } = require('./registry.cjs');

const mark = (fn, status) => Object.assign(fn, { [Symbol.for('fake-electron.coverage')]: status });
const UNSUPPORTED = (what) => new Error(`${what} is not supported by the Electron stand-in (fake-electron)`);
const TICKS = 100; // USER_HZ on Linux

function bootTimeMs() {
  const line = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('btime '));
  return Number(line?.split(' ')[1] ?? 0) * 1000;
}

/** { pid, ppid, cpuTicks, startMs, rssKb, peakKb, type } for one process, or undefined once it is gone. */
function readProcess(pid, boot) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/); // Chromium rewrites its title with spaces
    const typeSwitch = cmdline.find((a) => a.startsWith('--type='))?.slice(7);
    return {
      pid,
      ppid: Number(fields[1]),
      cpuTicks: Number(fields[11]) + Number(fields[12]),
      startMs: boot + (Number(fields[19]) / TICKS) * 1000,
      rssKb: kb('VmRSS'),
      peakKb: kb('VmHWM'),
      typeSwitch,
    };
  } catch {
    return undefined;
  }
}

function childrenOf(pid) {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

const PROCESS_TYPES = { renderer: 'Tab', 'gpu-process': 'GPU', utility: 'Utility', zygote: 'Zygote' };

/** @param {any} App */
function addAppExtras(App) {
  const proto = App.prototype;

  /** Real figures for the main process, Chromium and Chromium's children, from /proc. */
  proto.getAppMetrics = function getAppMetrics() {
    const boot = bootTimeMs();
    const pids = [process.pid];
    const chromiumPid = host.chromium?.child?.pid;
    for (let queue = chromiumPid ? [chromiumPid] : []; queue.length > 0; ) {
      const pid = queue.shift();
      pids.push(pid);
      queue.push(...childrenOf(pid));
    }
    const now = Date.now();
    this._lastCpu ??= new Map();
    const metrics = [];
    for (const pid of pids) {
      const p = readProcess(pid, boot);
      if (!p) continue;
      const last = this._lastCpu.get(pid);
      const cpuSeconds = p.cpuTicks / TICKS;
      const percent = last ? (100 * (cpuSeconds - last.cpuSeconds)) / Math.max(0.001, (now - last.at) / 1000) : 0;
      this._lastCpu.set(pid, { cpuSeconds, at: now });
      const type = pid === process.pid ? 'Browser' : pid === chromiumPid ? 'Browser' : (PROCESS_TYPES[p.typeSwitch] ?? 'Unknown');
      metrics.push({
        pid,
        type,
        ...(p.typeSwitch === 'utility' ? { serviceName: 'utility', name: 'utility' } : {}),
        creationTime: Math.round(p.startMs),
        cpu: { percentCPUUsage: percent, cumulativeCPUUsage: cpuSeconds, idleWakeupsPerSecond: 0 },
        memory: { workingSetSize: p.rssKb, peakWorkingSetSize: p.peakKb },
        sandboxed: false,
      });
    }
    return metrics;
  };

  /** Chromium's own GPU report (SystemInfo.getInfo); 'basic' keeps what Electron's basic report has. */
  proto.getGPUInfo = async function getGPUInfo(infoType = 'basic') {
    if (infoType !== 'basic' && infoType !== 'complete') throw new Error(`Invalid info type: ${infoType}`);
    await this.whenReady();
    const { gpu, modelName, modelVersion } = await host.browser.send('SystemInfo.getInfo');
    const basic = {
      auxAttributes: gpu.auxAttributes,
      gpuDevice: gpu.devices,
      machineModelName: modelName,
      machineModelVersion: modelVersion,
    };
    return infoType === 'basic' ? basic : { ...basic, featureStatus: gpu.featureStatus, driverBugWorkarounds: gpu.driverBugWorkarounds };
  };

  /** Before ready only, as in Electron; the stand-in's Chromium renders in software either way. */
  proto.disableHardwareAcceleration = function disableHardwareAcceleration() {
    if (this._ready) throw new Error('app.disableHardwareAcceleration() can only be called before app is ready');
    this._hardwareAccelerationDisabled = true;
  };
  proto.isHardwareAccelerationEnabled = function isHardwareAccelerationEnabled() {
    return !this._hardwareAccelerationDisabled;
  };

  /** Active while one of the app's windows has focus. */
  proto.isActive = function isActive() {
    return registry.focusedWindow != null;
  };
  proto.setDesktopName = function setDesktopName(name) {
    this._desktopName = String(name);
  };
  proto.setProxy = function setProxy(config) {
    return require('./session.cjs').defaultSession.setProxy(config);
  };
  proto.resolveProxy = function resolveProxy(url) {
    return require('./session.cjs').defaultSession.resolveProxy(url);
  };
  proto.setClientCertRequestPasswordHandler = function setClientCertRequestPasswordHandler(handler) {
    this._clientCertPasswordHandler = handler; // asked only for a client certificate, which the stand-in never presents
  };
  proto.importCertificate = function importCertificate() {
    throw UNSUPPORTED("app.importCertificate (the platform's NSS certificate store)");
  };
  proto.setAccessibilitySupportFeatures = function setAccessibilitySupportFeatures(features) {
    this._accessibilityFeatures = [...features];
    this.setAccessibilitySupportEnabled(features.length > 0);
  };
  proto.getAccessibilitySupportFeatures = function getAccessibilitySupportFeatures() {
    return [...(this._accessibilityFeatures ?? [])];
  };

  // macOS and Windows only: nothing to do on Linux.
  for (const name of [
    'configureWebAuthn',
    'invalidateCurrentActivity',
    'resignCurrentActivity',
    'setUserActivity',
    'updateCurrentActivity',
    'setSecureKeyboardEntryEnabled',
    'setActivationPolicy',
    'setJumpList',
    'setToastActivatorCLSID',
    'showEmojiPanel',
    'startAppShimServer',
    'stopAppShimServer',
  ]) {
    proto[name] = mark(function platformOnly() {}, 'inert');
  }
  proto.getCurrentActivityType = mark(() => '', 'inert');
  proto.isSecureKeyboardEntryEnabled = mark(() => false, 'inert');
  proto.moveToApplicationsFolder = mark(() => false, 'inert');
  proto.getJumpListSettings = mark(() => ({ minItems: 0, removedItems: [] }), 'inert');
  proto.getRecentDocuments = mark(() => [], 'inert');
  proto.getApplicationInfoForProtocol = mark(() => {
    throw UNSUPPORTED('app.getApplicationInfoForProtocol (macOS and Windows only)');
  }, 'throws');
  proto.startAccessingSecurityScopedResource = mark(() => () => {}, 'inert');
}

module.exports = { addAppExtras };
