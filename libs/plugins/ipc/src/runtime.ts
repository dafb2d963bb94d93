import { MainAgent, credentialRule, mainAgentBody, matchesCredentialRule, pageAfter } from '@stagewright/sdk';
import type { AgentOp, AgentOptions } from './agent/agent-protocol.js';
import { boundedCopy } from './agent/bounded-copy.js';
import { ipcAgent } from './agent/ipc-agent.js';
import { listHandlers } from './agent/list-handlers.js';
import { runHandler } from './agent/run-handler.js';
import { channelMatches } from './channel-pattern.js';

export const DEFAULT_MAX_EVENTS = 500;
/** Longest JSON one recorded args/result value keeps (bounded tool output). */
export const MAX_VALUE_CHARS = 2_000;

/**
 * One server instance's plugin state: its agent in each app (under a random key) and the sessions
 * it has touched (reset when one is detached, forgotten when one ends).
 */
export type IpcRuntime = MainAgent<AgentOp, AgentOptions> & {
  /** The operator's allowChannels patterns (plugin config); undefined: every channel. */
  allowChannels?: readonly string[];
};

export function createRuntime(): IpcRuntime {
  const options: AgentOptions = { capacity: DEFAULT_MAX_EVENTS, redact: credentialRule(), maxChars: MAX_VALUE_CHARS };
  const body = mainAgentBody(ipcAgent, pageAfter, matchesCredentialRule, boundedCopy, channelMatches, runHandler, listHandlers);
  const agent = new MainAgent<AgentOp, AgentOptions>({ plugin: 'ipc', body, options, undo: { op: 'reset' } });
  return Object.assign(agent, { allowChannels: undefined });
}
