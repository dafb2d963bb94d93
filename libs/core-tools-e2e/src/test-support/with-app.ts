import { withApp as withAppOn, type AppUnderTest } from '@stagewright/harness';
import type { StagewrightServer } from '@stagewright/kernel';
import { FIXTURES, type FixtureName } from './fixtures.js';
import { connect, type ConnectOptions } from './mcp.js';

export interface WithAppOptions extends ConnectOptions {
  /** Extra electron_launch arguments (args, env, timeoutMs...). */
  launch?: Record<string, unknown>;
}

/**
 * Launch a fixture app on fake-electron through a real MCP client on the shipped server, run
 * `fn`, and always stop the app and close the server, whatever `fn` did.
 */
export function withApp<T>(
  name: FixtureName,
  fn: (app: AppUnderTest<StagewrightServer>) => Promise<T>,
  options: WithAppOptions = {},
): Promise<T> {
  const { launch, ...serverOptions } = options;
  return withAppOn(() => connect(serverOptions), FIXTURES[name], fn, launch);
}
