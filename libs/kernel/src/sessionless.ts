import { ToolError, type SessionManager } from '@stagewright/sdk';

function noSession(): never {
  throw new ToolError('NO_SESSION', 'This server has no session manager, so no app can be started or attached.');
}

/**
 * Stands in when no SESSION_MANAGER is registered (kernel tests, custom surfaces): every session
 * access throws NO_SESSION, listing is empty and disposal is a no-op.
 */
export const SESSIONLESS: SessionManager = {
  launch: async () => noSession(),
  attach: async () => noSession(),
  inject: async () => noSession(),
  getOrThrow: async () => noSession(),
  list: () => [],
  stop: async () => noSession(),
  forceKill: async () => noSession(),
  detach: async () => noSession(),
  dispose: async () => undefined,
};
