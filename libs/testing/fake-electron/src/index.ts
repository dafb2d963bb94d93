export { FAKE_ELECTRON_BIN, CHROMIUM_TMP_PREFIX, chromiumPath, hasChromium } from './paths.js';
export { USER_DATA_SWITCH, choosesUserData, freshUserData } from './user-data.js';
export { AppScope, freePort, processTree, type LaunchOptions, type ProcessRow } from './app-scope.js';
export { endpointAnswers, listsAPage } from './endpoints.js';
export { spawnApp, type SpawnedApp } from './spawned-app.js';
export {
  ELECTRON_SWITCH,
  electronCommand,
  electronExecutable,
  electronShellExec,
  onStandIn,
  testElectron,
  type RuntimeKind,
  type TestElectron,
} from './runtime-switch.js';
export { RUNTIME_TAGS, onlyOnRealElectron, onlyOnStandIn, type RuntimeTag, type RuntimeTagOptions } from './runtime-tags.js';
