'use strict';
// The members Electron adds to `process` in the main process.

const os = require('node:os');

const startedAt = Date.now();

function installElectronProcessApi(appDir) {
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
