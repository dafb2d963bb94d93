export { FAKE_ELECTRON_BIN, PROFILE_DIR_PREFIX, chromiumPath, electronExecutable, hasChromium } from './paths.js';
export { AppScope, freePort, processTree, type LaunchOptions, type ProcessRow } from './app-scope.js';
export { endpointAnswers } from './endpoints.js';
export { spawnApp, type SpawnedApp } from './spawned-app.js';
