import { MainAgent, mainAgentBody, pageAfter, type Session } from '@stagewright/sdk';
import { desktopAgent } from './desktop-agent.js';
import { desktopHooks } from './desktop-hooks.js';
import type { DesktopOp, DesktopOptions, Stage } from './desktop-protocol.js';
import { menuKit } from './menu-kit.js';

/** One server instance's desktop agent (context menus, external opens, deep links and files). */
export type DesktopAgent = MainAgent<DesktopOp, DesktopOptions>;

export function createDesktopAgent(options: DesktopOptions): DesktopAgent {
  return new MainAgent({
    plugin: 'native',
    body: mainAgentBody(desktopAgent, menuKit, pageAfter, desktopHooks),
    options,
    undo: { op: 'uninstall' },
  });
}

const LATE: Record<Exclude<Stage, 'launch'>, string> = {
  connect: 'Hooks went in when the packaged app was reached, after its own code started',
  call: 'Hooks went in at the first native_* call on this app (attached, or launched elsewhere)',
};

/** Runs one operation; `note` says when hooks went in after the app started (so earlier events were not seen). */
export async function callDesktop(agent: DesktopAgent, session: Session, op: DesktopOp, mentionStage = false) {
  const { stage, ...rest } = await agent.call<{ stage?: Stage } & Record<string, unknown>>(session, op);
  if (!mentionStage || stage === undefined || stage === 'launch') return rest;
  return { ...rest, note: `${LATE[stage]}: what the app did before then is not seen.` };
}
