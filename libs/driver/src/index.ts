export { PlaywrightSessionManager, DEFAULT_MAX_SESSIONS } from './session-manager.js';
export { ElectronSession, type SessionControl, type ExitInfo } from './session/electron-session.js';
export { isRefusedEnvKey } from './launch/env-policy.js';
export { launchGrantProblems } from './launch/launch-grants.js';
export { resolveExecutable, appElectron, type ResolvedExecutable } from './launch/executable.js';
export { isLoopbackHost } from './attach/endpoint.js';
export { processAlive, processTree, listeningPorts } from './attach/proc-ports.js';
export { findInspectorUrl, InspectorClient } from './inspector/inspector-client.js';
export { diffSnapshots } from './snapshot/snapshot-diff.js';
