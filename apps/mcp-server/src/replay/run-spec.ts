import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { DEFAULT_OPERATION_TIMEOUT_MS, PluginLoadError, ServerOptionsError } from '@stagewright/kernel';
import { readEnvelope, type ResultBlock } from '@stagewright/sdk';
import { createStagewrightServer, STAGEWRIGHT_VERSION, type StagewrightServerOptions } from '../compose.js';
import { mismatches } from './expectations.js';
import { checkAgainstLiveSchemas } from './live-schemas.js';
import { loadSpec, type LoadedSpec } from './load-spec.js';
import { resolveParameters, type ResolvedParams, type SuppliedParams } from './parameters.js';
import { SpecInvalid } from './spec-problems.js';
import { answerOf, EXIT, masked, maskedDeep, type SpecResult, type StepResult } from './spec-result.js';
import { substitute } from './spec-walk.js';

export interface RunSpecOptions {
  server: StagewrightServerOptions;
  params: SuppliedParams;
  /** One line of progress (the CLI writes it to stderr). Secrets are already masked. */
  progress: (line: string) => void;
}

/** A server flag that cannot work (bad plugin, profile, app root): the whole run is a usage error. */
export class ServerFlagsInvalid extends Error {
  override name = 'ServerFlagsInvalid';
}

type Envelope = Record<string, unknown>;

async function callTool(client: Client, name: string, args: Record<string, unknown>, timeoutMs: number): Promise<Envelope> {
  const result = await client.callTool({ name, arguments: args }, undefined, { timeout: timeoutMs });
  return readEnvelope(result.content as ResultBlock[] | undefined) ?? {};
}

/**
 * Run one spec on a fresh server instance through the normal dispatcher: load and check the spec,
 * resolve parameters, check every call against the live tool schemas, and only then launch the
 * app and dispatch the steps in order, stopping at the first mismatch. The app is always stopped
 * and the server closed. Never throws except ServerFlagsInvalid; every outcome is a SpecResult.
 */
export async function runSpec(file: string, options: RunSpecOptions): Promise<SpecResult> {
  const started = Date.now();
  const result: SpecResult = { spec: file, status: 'passed', exitCode: 0, launched: false, steps: [], ms: 0 };
  let params: ResolvedParams = { values: {}, secrets: [] };
  const say = (line: string) => options.progress(masked(`replay: ${result.name ?? file}: ${line}`, params.secrets));
  const end = (status: SpecResult['status'], problems?: string[]) => {
    Object.assign(result, { status, exitCode: EXIT[status], ms: Date.now() - started });
    if (problems) result.problems = problems.map((p) => masked(p, params.secrets));
    result.steps = maskedDeep(result.steps, params.secrets);
    say(
      status === 'passed'
        ? `passed (${result.steps.length} steps)`
        : `${status.toUpperCase()}${problems ? `: ${result.problems!.join('; ')}` : ''}`,
    );
    return result;
  };

  let loaded: LoadedSpec;
  try {
    loaded = loadSpec(file);
    result.name = loaded.spec.name;
    params = resolveParameters(loaded, options.params);
  } catch (error) {
    if (error instanceof SpecInvalid) return end('invalid', [...error.problems]);
    return end('error', [(error as Error).message]);
  }
  const { spec } = loaded;
  const timeout = (options.server.operationTimeoutMs ?? DEFAULT_OPERATION_TIMEOUT_MS) + 15_000;
  const app = substitute(spec.app, params.values) as Record<string, unknown>;
  const steps = plannedSteps(spec, app, params);

  let server: Awaited<ReturnType<typeof createStagewrightServer>>;
  try {
    server = await createStagewrightServer(options.server);
  } catch (error) {
    if (error instanceof ServerOptionsError || error instanceof PluginLoadError) throw new ServerFlagsInvalid(error.message);
    return end('error', [`server did not start: ${(error as Error).message}`]);
  }
  const client = new Client({ name: 'stagewright-replay', version: STAGEWRIGHT_VERSION });
  let sessionId: string | undefined;
  try {
    await connectAndCheck(server, client, app, steps);

    const launch = await callTool(client, 'electron_launch', app, timeout);
    if (launch.ok !== true) return end('launch_failed', [`electron_launch: ${String(launch.code)}: ${String(launch.error)}`]);
    result.launched = true;
    sessionId = typeof launch.sessionId === 'string' ? launch.sessionId : undefined;
    say('app launched');
    const failed = await runSteps({ client, spec, steps, params, result, say, timeout }, (id) => {
      sessionId = id;
    });
    return failed ? end('failed', [failed]) : end('passed');
  } catch (error) {
    if (error instanceof SpecInvalid) return end('invalid', [...error.problems]);
    return end('error', [(error as Error).message]);
  } finally {
    await closeRun({ client, server, launched: result.launched, sessionId, timeout });
  }
}

type PlannedStep = { at: string; tool: string; args: Record<string, unknown> };

/** The spec's steps with parameters filled in; an electron_launch step gets the spec's app. */
function plannedSteps(spec: LoadedSpec['spec'], app: Record<string, unknown>, params: ResolvedParams): PlannedStep[] {
  // An electron_launch step (after electron_stop, load-spec checks) starts the spec's own app again.
  return spec.steps.map((step, i) => ({
    at: `steps/${i}`,
    tool: step.tool,
    args: step.tool === 'electron_launch' ? app : (substitute(step.args ?? {}, params.values) as Record<string, unknown>),
  }));
}

/**
 * Dispatch the steps in order into result.steps, stopping at the first mismatch (the rest are
 * skipped); the problem of the failed step, if any. A step that launches tells its session id.
 */
async function runSteps(
  run: {
    client: Client;
    spec: LoadedSpec['spec'];
    steps: PlannedStep[];
    params: ResolvedParams;
    result: SpecResult;
    say: (line: string) => void;
    timeout: number;
  },
  onSession: (id: string) => void,
): Promise<string | undefined> {
  const { client, spec, steps, params, result, say, timeout } = run;
  for (const [i, step] of steps.entries()) {
    const t0 = Date.now();
    const envelope = await callTool(client, step.tool, step.args, timeout);
    if (step.tool === 'electron_launch' && typeof envelope.sessionId === 'string') onSession(envelope.sessionId);
    const found = await mismatches(spec.steps[i].expect, envelope, params.values);
    const status = found.length ? 'failed' : 'passed';
    const entry: StepResult = { index: i, tool: step.tool, status, ms: Date.now() - t0, args: step.args, answer: answerOf(envelope) };
    if (found.length) entry.mismatches = found;
    result.steps.push(entry);
    say(`step ${i + 1}/${steps.length} ${step.tool} ${found.length ? `FAILED: ${found.join('; ')}` : 'ok'} (${entry.ms} ms)`);
    if (found.length) {
      for (const [j, rest] of steps.entries()) if (j > i) result.steps.push({ index: j, tool: rest.tool, status: 'skipped' });
      return `step ${i + 1} (${step.tool}): ${found.join('; ')}`;
    }
  }
  return undefined;
}

type Server = Awaited<ReturnType<typeof createStagewrightServer>>;

/** Connect the client to the fresh server and check every call against its live tool schemas. */
async function connectAndCheck(server: Server, client: Client, app: Record<string, unknown>, steps: PlannedStep[]): Promise<void> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  const { tools } = await client.listTools();
  checkAgainstLiveSchemas(tools, [{ at: 'app', tool: 'electron_launch', args: app }, ...steps]);
}

/** Stop the app when one was launched, then close the client and the server. */
async function closeRun(run: {
  client: Client;
  server: Server;
  launched: boolean;
  sessionId: string | undefined;
  timeout: number;
}): Promise<void> {
  const { client, server, launched, sessionId, timeout } = run;
  if (launched) await callTool(client, 'electron_stop', sessionId ? { sessionId } : {}, timeout).catch(() => undefined);
  await client.close().catch(() => undefined);
  await server.close().catch(() => undefined);
}
