import { CREDENTIAL_FIELDS, credentialRule } from '@stagewright/sdk';
import type { AgentOptions } from './agent/agent-protocol.js';
import type { AgentScope } from './agent/agent-call.js';

/** Keys redacted when the operator configures none: the sdk's one credential list. */
export const DEFAULT_REDACT_KEYS = CREDENTIAL_FIELDS;
export const DEFAULT_BUFFER_SIZE = 500;
/** Longest JSON one recorded args/result value keeps (bounded tool output). */
export const MAX_VALUE_CHARS = 2_000;

/**
 * One server instance's plugin state: where its agent lives in each app (a random key) and the
 * sessions it has touched (cleaned when one is detached, forgotten when one ends).
 */
export interface IpcRuntime extends AgentScope {
  readonly touched: Set<string>;
}

export function createRuntime(): IpcRuntime {
  const options: AgentOptions = { capacity: DEFAULT_BUFFER_SIZE, redact: credentialRule(DEFAULT_REDACT_KEYS), maxChars: MAX_VALUE_CHARS };
  return { key: Math.random().toString(36).slice(2, 12), options, touched: new Set() };
}
