import { MainAgent, mainAgentBody, pageAfter, type Session } from '@stagewright/sdk';
import type { AgentOp, AgentOptions, Stage } from './agent-protocol.js';
import { menuKit } from './menu-kit.js';
import { nativeAgent } from './native-agent.js';

/**
 * One server instance's native agent. The same body is preloaded at launch (where `arg.stage` is
 * set by the driver) and sent with each call (the app may have restarted, or was attached, since).
 */
export type NativeAgent = MainAgent<AgentOp, AgentOptions>;

export function createNativeAgent(options: AgentOptions): NativeAgent {
  return new MainAgent({ plugin: 'native', body: mainAgentBody(nativeAgent, menuKit, pageAfter), options, undo: { op: 'uninstall' } });
}

const LATE: Record<Exclude<Stage, 'launch'>, string> = {
  connect: 'Hooks went in when the packaged app was reached, after its own code started',
  call: 'Hooks went in at the first native_* call on this app (attached, or launched elsewhere)',
};

/**
 * Runs one agent operation. `stage` comes back as `note` only when `mentionStage` and the hooks
 * went in after the app started, since then earlier notifications and trays could not be seen.
 */
export async function callNative(
  agent: NativeAgent,
  session: Session,
  op: AgentOp,
  mentionStage = false,
): Promise<Record<string, unknown>> {
  const { stage, ...rest } = await agent.call<{ stage?: Stage } & Record<string, unknown>>(session, op);
  if (!mentionStage || stage === undefined || stage === 'launch') return rest;
  return { ...rest, note: `${LATE[stage]}: notifications shown and trays created before then are not seen.` };
}
