export { parseEnvelope, imagesOfResult, type Envelope } from './envelope.js';
export { newClient, toolCaller, type McpTestClient } from './client.js';
export { connectInMemory, type ConnectableServer, type InMemoryOptions, type InMemoryConnection } from './in-memory.js';
export {
  connectStdio,
  runCli,
  assertBundleBuilt,
  REPO_ROOT,
  SERVER_BUNDLE,
  type StdioOptions,
  type StdioConnection,
  type CliRun,
} from './stdio.js';
export { withApp, type AppDir, type AppUnderTest } from './with-app.js';
export { rawStdio, type RawStdio, type RawMessage } from './raw-stdio.js';
export { createSdkConsumer, installTarball, packSdk, assertSdkBuilt, SDK_PACKAGE_DIR } from './packed-sdk.js';
export {
  spawnHttpServer,
  isRunning,
  connectHttp,
  processTree,
  alive,
  settled,
  type HttpServerProcess,
  type ExitedServer,
  type HttpConnection,
} from './http.js';
export {
  PACKED_SERVER,
  assertPacked,
  emptyFolder,
  installPackedServer,
  npxArgs,
  snippetArgsForTarball,
  type InstalledServer,
} from './packed-server.js';
export { PINNED_CREDENTIAL_FIELDS } from './credential-fields.js';
