import { ToolError, type MainInstrumentation, type Session } from '@stagewright/sdk';
import type { AgentFailure, AgentOp, AgentOptions, Stage } from './agent-protocol.js';
import { menuKit } from './menu-kit.js';
import { nativeAgent } from './native-agent.js';

/**
 * The agent's source. The same body is preloaded at launch (where `arg.stage` is set by the
 * driver) and sent with each call (the app may have restarted, or was attached, since).
 */
const BODY = `return (${nativeAgent.toString()})(electron, arg, (${menuKit.toString()})());`;

/** Where this plugin instance keeps its state in an app, and with which limits. */
export interface AgentScope {
  key: string;
  options: AgentOptions;
  /** Sessions whose app got hooks from a call (so detaching takes them out again). */
  touched: Set<string>;
}

/** What the driver runs in every launched app while the plugin is loaded. */
export function launchInstrumentation(scope: AgentScope): MainInstrumentation {
  return { body: BODY, arg: { op: 'install', key: scope.key, options: { ...scope.options } } };
}

const LATE: Record<Exclude<Stage, 'launch'>, string> = {
  connect: 'Hooks went in when the packaged app was reached, after its own code started',
  call: 'Hooks went in at the first native_* call on this app (attached, or launched elsewhere)',
};

/**
 * Runs one agent operation in the session's main process; agent failures become `native.<CODE>`.
 * `stage` comes back as `note` only when the hooks went in after the app started, since then
 * earlier notifications and trays could not be seen.
 */
export async function callAgent(session: Session, scope: AgentScope, op: AgentOp, mentionStage = false): Promise<Record<string, unknown>> {
  if (op.op !== 'uninstall') scope.touched.add(session.id);
  const result = (await session.evaluateMain(BODY, { ...op, key: scope.key, options: scope.options })) as
    | ({ stage: Stage } & Record<string, unknown>)
    | AgentFailure;
  if (isFailure(result)) {
    throw new ToolError(`native.${result.failure}`, result.message, { details: result.details });
  }
  const { stage, ...rest } = result as { stage: Stage } & Record<string, unknown>;
  if (!mentionStage || stage === 'launch') return rest;
  return { ...rest, note: `${LATE[stage]}: notifications shown and trays created before then are not seen.` };
}

function isFailure(result: unknown): result is AgentFailure {
  return typeof result === 'object' && result !== null && typeof (result as AgentFailure).failure === 'string';
}
