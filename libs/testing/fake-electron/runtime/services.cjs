'use strict';
// Main-process services apps commonly touch at startup. They answer like an idle desktop with
// nothing configured; none of them reaches outside the process.

const { EventEmitter } = require('node:events');

const { protocol } = require('./protocol.cjs');

const powerMonitor = Object.assign(new EventEmitter(), {
  getSystemIdleState: () => 'active',
  getSystemIdleTime: () => 0,
  getCurrentThermalState: () => 'nominal',
  isOnBatteryPower: () => false,
  onBatteryPower: false,
});

let nextBlockerId = 1;
const blockers = new Set();
const powerSaveBlocker = {
  start: () => {
    const id = nextBlockerId++;
    blockers.add(id);
    return id;
  },
  stop: (id) => blockers.delete(id),
  isStarted: (id) => blockers.has(id),
};

const systemPreferences = Object.assign(new EventEmitter(), {
  getAccentColor: () => '0078d7ff',
  getColor: () => '#000000',
  getMediaAccessStatus: () => 'granted',
  askForMediaAccess: async () => true,
  getAnimationSettings: () => ({ shouldRenderRichAnimation: true, scrollAnimationsEnabledBySystem: true, prefersReducedMotion: false }),
});

const safeStorage = {
  isEncryptionAvailable: () => false,
  encryptString: () => {
    throw new Error('Encryption is not available.');
  },
  decryptString: () => {
    throw new Error('Decryption is not available.');
  },
  setUsePlainTextEncryption: () => {},
  // No keyring backend is reachable here, for the asynchronous API either (Electron 39+).
  isAsyncEncryptionAvailable: async () => false,
  encryptStringAsync: async () => {
    throw new Error('Encryption is not available.');
  },
  decryptStringAsync: async () => {
    throw new Error('Decryption is not available.');
  },
  getSelectedStorageBackend: () => 'basic_text',
};

const autoUpdater = Object.assign(new EventEmitter(), {
  setFeedURL: () => {},
  getFeedURL: () => '',
  checkForUpdates: () => {},
  quitAndInstall: () => {},
});

const crashReporter = {
  start: () => {},
  getLastCrashReport: () => null,
  getUploadedReports: () => [],
  getUploadToServer: () => false,
  setUploadToServer: () => {},
  addExtraParameter: () => {},
  removeExtraParameter: () => {},
  getParameters: () => ({}),
};

const desktopCapturer = { getSources: async () => [] };

module.exports = {
  protocol,
  powerMonitor,
  powerSaveBlocker,
  systemPreferences,
  safeStorage,
  autoUpdater,
  crashReporter,
  desktopCapturer,
};
