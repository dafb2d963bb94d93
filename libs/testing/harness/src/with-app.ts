import type { FixtureApp } from '@stagewright/testing';
import type { ConnectableServer, InMemoryConnection } from './in-memory.js';
import type { AppUnderTest as KitAppUnderTest } from '@stagewright/testing';

/** An Electron app directory to launch; each fixture project exports one (`{ name, dir }`). */
export type AppDir = FixtureApp;

/** The in-memory connection `withApp`'s callback gets, with the electron_launch envelope. */
export type AppUnderTest<S extends ConnectableServer = ConnectableServer> = KitAppUnderTest<InMemoryConnection<S>>;

/**
 * The kit's withApp: launch an app through a real MCP client on the server `connect` opens, run
 * `fn`, and always stop the app and close the server, whatever `fn` did.
 */
export { withApp } from '@stagewright/testing';
