'use strict';
// The members Electron adds to `process` in the main process.

const os = require('node:os');

const startedAt = Date.now();

/**
 * Electron's internal bindings that apps (through @electron/remote and the like) reach with
 * process._linkedBinding('electron_common_<name>'): v8_util (hidden values on objects) and
 * features. Any other name is Node's own answer ("No such binding").
 */
function electronBindings() {
  const hidden = new WeakMap();
  const hiddenOf = (object) => {
    let values = hidden.get(object);
    if (!values) {
      values = new Map();
      hidden.set(object, values);
    }
    return values;
  };
  let tracked = [];
  const v8Util = {
    getHiddenValue: (object, key) => hidden.get(object)?.get(key),
    setHiddenValue: (object, key, value) => {
      hiddenOf(object).set(key, value);
    },
    deleteHiddenValue: (object, key) => {
      hidden.get(object)?.delete(key);
    },
    getObjectHash: (object) => require('node:util').inspect(object).length,
    requestGarbageCollectionForTesting: () => globalThis.gc?.(),
    isSameOrigin: (a, b) => {
      try {
        return new URL(a).origin === new URL(b).origin;
      } catch {
        return false;
      }
    },
    weaklyTrackValue: (value) => {
      tracked.push(new WeakRef(value));
    },
    clearWeaklyTrackedValues: () => {
      tracked = [];
    },
    getWeaklyTrackedValues: () => tracked.map((ref) => ref.deref()).filter((value) => value !== undefined),
    runUntilIdle: () => {},
    triggerFatalErrorForTesting: () => process.abort(),
  };
  const features = {
    isBuiltinSpellCheckerEnabled: () => true,
    isPDFViewerEnabled: () => false,
    isFakeLocationProviderEnabled: () => false,
    isViewApiEnabled: () => true,
    isTtsEnabled: () => false,
    isPrintingEnabled: () => false,
    isExtensionsEnabled: () => false,
    isComponentBuild: () => false,
    isDesktopCapturerEnabled: () => true,
  };
  return { electron_common_v8_util: v8Util, electron_common_features: features };
}

function installElectronProcessApi(appDir) {
  const bindings = electronBindings();
  const nodeLinkedBinding = process._linkedBinding;
  process._linkedBinding = function linkedBinding(name) {
    if (Object.hasOwn(bindings, name)) return bindings[name];
    return nodeLinkedBinding.call(process, name);
  };
  Object.assign(process, {
    type: 'browser',
    defaultApp: true,
    resourcesPath: appDir,
    sandboxed: false,
    contextIsolated: false,
    // A crash ends the process the hard way: no quit events, no cleanup but the watchdog's.
    crash: () => process.kill(process.pid, 'SIGKILL'),
    hang: () => {
      for (;;) {
        // Electron's process.hang(): block the main thread forever.
      }
    },
    getCreationTime: () => startedAt,
    getCPUUsage: () => ({ percentCPUUsage: 0, cumulativeCPUUsage: 0, idleWakeupsPerSecond: 0 }),
    getHeapStatistics: () => {
      const stats = require('node:v8').getHeapStatistics();
      return {
        totalHeapSize: Math.round(stats.total_heap_size / 1024),
        totalHeapSizeExecutable: Math.round(stats.total_heap_size_executable / 1024),
        totalPhysicalSize: Math.round(stats.total_physical_size / 1024),
        totalAvailableSize: Math.round(stats.total_available_size / 1024),
        usedHeapSize: Math.round(stats.used_heap_size / 1024),
        heapSizeLimit: Math.round(stats.heap_size_limit / 1024),
        mallocedMemory: Math.round(stats.malloced_memory / 1024),
        peakMallocedMemory: Math.round(stats.peak_malloced_memory / 1024),
        doesZapGarbage: false,
      };
    },
    getProcessMemoryInfo: async () => ({ residentSet: Math.round(process.memoryUsage().rss / 1024), private: 0, shared: 0 }),
    getSystemMemoryInfo: () => ({ total: Math.round(os.totalmem() / 1024), free: Math.round(os.freemem() / 1024) }),
    getSystemVersion: () => os.release(),
    getBlinkMemoryInfo: () => ({ allocated: 0, total: 0 }),
    setFdLimit: () => {},
  });
}

module.exports = { installElectronProcessApi };
