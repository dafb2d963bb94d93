export { parseEnvelope, imagesOfResult, type Envelope } from './envelope.js';
export { newClient, toolCaller, type McpTestClient } from './client.js';
export { FAKE_ELECTRON, chromiumPath, fixtures, type FixtureApp } from './paths.js';
export {
  connectServer,
  connectStdio,
  checkServerTestOptions,
  installedServerBin,
  linkInMemory,
  type ConnectableServer,
  type PluginUnderTest,
  type ServerConnection,
  type ServerTestOptions,
  type StdioConnection,
  type StdioOptions,
} from './connect.js';
export { withApp, type AppUnderTest } from './with-app.js';
