import { MainAgent, credentialRule, mainAgentBody, matchesCredentialRule, pageAfter, type Session } from '@stagewright/sdk';
import { compileUrlPatterns } from '../url-match.js';
import type { AgentOp, AgentOptions } from './agent-protocol.js';
import { mainNetAgent } from './main-net-agent.js';
import { mainNetKit } from './main-net-kit.js';

/**
 * One server instance's main-process network agent. The same body is preloaded at launch
 * (ctx.instrumentMain, ADR-0006) and sent with each call: an attached app gets it at first use.
 */
export type MainNetAgent = MainAgent<AgentOp, AgentOptions>;

export function createMainNetAgent(capacity = 500): MainNetAgent {
  return new MainAgent({
    plugin: 'network',
    body: mainAgentBody(mainNetAgent, pageAfter, matchesCredentialRule, compileUrlPatterns, mainNetKit),
    options: { capacity, redact: credentialRule() },
    undo: { op: 'reset' },
  });
}

/** What the hooks could not see, said in every answer that depends on them. */
export const NOT_SEEN =
  "Not seen: raw sockets (net, tls), WebSocket, requests of utility or child processes, sessions' webRequest-level traffic (downloads, auto-updater), and headers the network stack adds (session cookies, user-agent).";

const LATE: Record<string, string> = {
  connect: 'Hooks went in when the packaged app was reached, after its own code started',
  call: 'Hooks went in at the first network_main_* call on this app (attached, or launched elsewhere)',
};

/** Runs one operation; adds a note when hooks went in late or some could not go in at all. */
export async function callMain(agent: MainNetAgent, session: Session, op: AgentOp): Promise<Record<string, unknown>> {
  const { stage, hooked, unhooked, ...rest } = await agent.call<
    { stage?: string; hooked?: string[]; unhooked?: string[] } & Record<string, unknown>
  >(session, op);
  if (op.op === 'read' || op.op === 'stop' || op.op === 'unstub') return rest;
  const notes = [NOT_SEEN];
  if (stage && LATE[stage])
    notes.unshift(
      `${LATE[stage]}: earlier requests, and functions the app took before (const { request } = require('https')), are not seen.`,
    );
  if (unhooked?.length) notes.unshift(`Could not hook ${unhooked.join(', ')} in this app: those requests are not seen.`);
  return { ...rest, hooked, note: notes.join(' ') };
}
