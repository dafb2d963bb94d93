import { ToolError, type Session } from '@stagewright/sdk';
import type { AgentFailure, AgentOp, AgentOptions } from './agent-protocol.js';
import { ipcAgent } from './ipc-agent.js';

/** The agent's source, sent with each call: the app may have restarted since the last one. */
const BODY = `return (${ipcAgent.toString()})(electron, arg);`;

const FAILURE_TEXT: Record<AgentFailure['failure'], string> = {
  NOT_CAPTURING: 'No IPC capture is running in this session; start one with ipc_capture.',
  NO_HANDLER: 'That channel has no ipcMain.handle handler.',
  INVOKE_FAILED: 'The handler threw.',
};

/** Where this plugin instance keeps its state in an app, and with which limits. */
export interface AgentScope {
  key: string;
  options: AgentOptions;
}

/** Runs one agent operation in the session's main process; agent failures become `ipc.<CODE>`. */
export async function callAgent<T>(session: Session, scope: AgentScope, op: AgentOp): Promise<T> {
  const result = (await session.evaluateMain(BODY, { ...op, key: scope.key, options: scope.options })) as T | AgentFailure;
  if (result && typeof result === 'object' && 'failure' in result) {
    const failure = result as AgentFailure;
    throw new ToolError(`ipc.${failure.failure}`, failure.message ?? FAILURE_TEXT[failure.failure], {
      details: failure.failure === 'INVOKE_FAILED' ? { error: failure.message } : undefined,
    });
  }
  return result as T;
}
