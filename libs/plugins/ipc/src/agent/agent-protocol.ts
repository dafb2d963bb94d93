// What the server sends the main-process agent (ipc-agent.ts) and what failures it can answer.
import type { CredentialRule, MainAgentFailure, MainAgentRequest } from '@stagewright/sdk';

/** Limits and redaction, from the plugin's validated config. */
export interface AgentOptions {
  /** Ring-buffer size: older events are dropped and counted past it. */
  capacity: number;
  /**
   * Object keys whose values are replaced by "[redacted]" before they are stored: the sdk's
   * credential rule of the configured keys (names normalized, built-in credential endings).
   */
  redact: CredentialRule;
  /** Longest JSON one recorded value may have; longer ones become { truncated, preview }. */
  maxChars: number;
}

export type AgentOp =
  | { op: 'capture'; channels: string[] }
  | { op: 'read'; cursor?: number; limit: number; channel?: string }
  | { op: 'stop' }
  | { op: 'invoke'; channel: string; args: unknown[]; timeoutMs: number; webContentsId?: number }
  | { op: 'stub'; channel: string; value?: unknown; error?: string; remove?: boolean }
  | { op: 'handlers' }
  | { op: 'reset' };

export type AgentRequest = MainAgentRequest<AgentOp, AgentOptions>;

/** The failures the agent answers; the sdk's MainAgent turns them into `ipc.<CODE>` errors. */
export type AgentFailure = MainAgentFailure<'NOT_CAPTURING' | 'NO_HANDLER' | 'INVOKE_FAILED' | 'INVOKE_TIMEOUT'>;
