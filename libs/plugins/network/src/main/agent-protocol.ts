// What the server sends the main-process agent (main-net-agent.ts) and what it answers.
import type { CredentialRule, MainAgentFailure, MainAgentRequest } from '@stagewright/sdk';

/** Limits and redaction, from the plugin's validated config. */
export interface AgentOptions {
  /** Events kept; older ones are dropped and counted. */
  capacity: number;
  /** Header names whose values read "[redacted]": the sdk's credential rule of config `redact`. */
  redact: CredentialRule;
}

/** How much of a body a capture keeps: nothing, its size only, or its text up to maxBodyBytes. */
export type BodyMode = false | 'sizes' | true;

export interface MainCaptureSpec {
  urls: string[];
  methods: string[];
  headers: boolean;
  bodies: BodyMode;
  maxBodyBytes: number;
  bodyTypes: string[];
}

export interface MainStubSpec {
  id: string;
  urls: string[];
  methods: string[];
  status: number;
  headers: Record<string, string>;
  body: string;
  delayMs: number;
  /** Chromium's error text (`net::ERR_CONNECTION_REFUSED`): fail instead of answering. */
  abortError?: string;
  times?: number;
}

export type AgentOp =
  | { op: 'install' }
  | { op: 'capture'; spec: MainCaptureSpec }
  | { op: 'read'; cursor?: number; limit: number; maxChars: number }
  | { op: 'stop' }
  | { op: 'stub'; spec: MainStubSpec }
  | { op: 'unstub'; id?: string }
  | { op: 'reset' };

export type AgentRequest = MainAgentRequest<AgentOp, AgentOptions>;

export type AgentFailure = MainAgentFailure<'NOT_CAPTURING' | 'STUB_NOT_FOUND'>;

/** The kinds of main-process request the agent hooks, as events and answers name them. */
export type MainApi = 'net.request' | 'net.fetch' | 'session.fetch' | 'fetch' | 'http' | 'https';
