// What the server sends the main-process agent (ipc-agent.ts) and what failures it can answer.
import type { CredentialRule } from '@stagewright/sdk';

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
  | { op: 'read'; cursor: number; limit: number }
  | { op: 'stop' }
  | { op: 'invoke'; channel: string; args: unknown[] }
  | { op: 'stub'; channel: string; value?: unknown; error?: string; remove?: boolean }
  | { op: 'reset' };

/** `key` names this plugin instance's state inside the app, so two servers never share it. */
export type AgentRequest = AgentOp & { key: string; options: AgentOptions };

/** The agent reports expected failures as data; the server turns them into `ipc.<CODE>` errors. */
export interface AgentFailure {
  failure: 'NOT_CAPTURING' | 'NO_HANDLER' | 'INVOKE_FAILED';
  message?: string;
}
