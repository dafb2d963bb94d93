import { malformedCall, seededRandom, type Rng } from './generate.js';
import { processTree, survivors } from './processes.js';
import { RawWire } from './wire.js';

export interface FuzzOptions {
  serverPath: string;
  electronPath: string;
  /** Fixture apps: a quiet one for malformed calls, the troublesome one for faults. */
  appDir: string;
  faultAppDir: string;
  seed: number;
  /** Malformed calls in total, half without an app and half with one running. */
  calls: number;
  operationTimeoutMs: number;
  /** First-party plugins to load (`--plugin`), so their tools are fuzzed too; with them the run also grants impersonation. */
  plugins?: readonly string[];
  /** Selectors matching nothing, each sent once to every tool with a `selector` parameter while the app runs. */
  selectorProbes?: readonly string[];
  onProgress?: (line: string) => void;
}

/** One answer that broke a rule, with what it takes to replay it. */
export interface Finding {
  kind: 'internal-error' | 'undocumented-code' | 'rpc-error' | 'hang' | 'not-an-envelope' | 'fault' | 'blames-the-app';
  tool: string;
  detail: string;
  argumentsJson?: string;
}

export interface FuzzFigures {
  seed: number;
  calls: number;
  codes: Record<string, number>;
  findings: Finding[];
  hangs: number;
  crashes: number;
  protocolBreaks: number;
  leftovers: number[];
  faults: { name: string; code: string }[];
  /** Malformed calls answered as if the app were at fault (BLAMING codes, or electron_stop as a next action). */
  blamesApp: number;
  /** The tools the run called, plugins' included. */
  tools: string[];
  durationMs: number;
}

/**
 * Codes that say the app is at fault. A malformed call is the caller's fault: answering it with
 * one of these (or telling the agent to stop its app) sends the agent after a problem it does not
 * have (issue 42 item 6: a selector matching nothing answered RENDERER_UNRESPONSIVE + electron_stop).
 */
export const BLAMING = new Set(['RENDERER_UNRESPONSIVE', 'RENDERER_CRASHED', 'APP_CRASHED_AT_START', 'APP_EXITED']);

/** Whether an error envelope blames the app: a BLAMING code, or electron_stop among its next actions. */
export function blamesTheApp(envelope: { code?: unknown; next_actions?: unknown }): boolean {
  const next = Array.isArray(envelope.next_actions) ? envelope.next_actions : [];
  // NOT_SUPPORTED names the tool that does it instead (electron_stop for a launched app's detach): no blame.
  return BLAMING.has(String(envelope.code)) || (envelope.code !== 'NOT_SUPPORTED' && next.includes('electron_stop'));
}

type Tools = Map<string, { schema: Record<string, unknown>; codes: Set<string> }>;

/** The first-party plugins (libs/plugins/*): a run with them fuzzes every tool the server can list. */
export const FIRST_PARTY_PLUGINS = [
  'a11y',
  'clock',
  'ipc',
  'native',
  'network',
  'perf',
  'production',
  'storage',
  'trace',
  'visual',
] as const;

/** Tools whose valid calls would end the fuzzing session early or reach outside the sandbox. */
const SKIPPED = new Set(['electron_inject']);

async function catalogue(wire: RawWire): Promise<Tools> {
  const listed = await wire.request('tools/list', '{}', 15_000);
  const doc = await wire.request('resources/read', '{"uri":"stagewright://tools"}', 15_000);
  const reference = JSON.parse(((doc.response?.result?.contents as { text: string }[]) ?? [])[0]?.text ?? '{}');
  const codeOf = (entry: string | { code: string }) => (typeof entry === 'string' ? entry : entry.code);
  const common = (reference.commonErrors ?? []).map(codeOf);
  // The session codes are named once at the catalogue's top ("NO_SESSION, ...: any tool that takes sessionId").
  const sessionCodes = String(reference.sessionErrors ?? '')
    .split(':')[0]
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);
  // A code split from a listed one (RENDERER_CRASHED from RENDERER_UNRESPONSIVE) is documented with it.
  const errors = await wire.request('resources/read', '{"uri":"stagewright://errors"}', 15_000);
  const catalogue = JSON.parse(((errors.response?.result?.contents as { text: string }[]) ?? [])[0]?.text ?? '{}');
  const also = (code: string): string[] => [code, ...((catalogue.codes?.[code]?.also as string[] | undefined) ?? [])];
  const tools: Tools = new Map();
  for (const tool of (listed.response?.result?.tools ?? []) as { name: string; inputSchema: Record<string, unknown> }[]) {
    const entry = (reference.tools ?? []).find((t: { name: string }) => t.name === tool.name);
    const takesSession = Object.hasOwn((tool.inputSchema.properties as Record<string, unknown> | undefined) ?? {}, 'sessionId');
    const codes = new Set<string>([...common, ...(takesSession ? sessionCodes : []), ...(entry?.errors ?? []).map(codeOf)].flatMap(also));
    tools.set(tool.name, { schema: tool.inputSchema, codes });
  }
  return tools;
}

/**
 * The fuzz and fault run (issue 16): malformed calls for every listed tool with and without a
 * running app, then faults (the app killed mid-wait, a crashed renderer, a closed window), then
 * the server's own exit. Every answer must be an envelope with a code the tool documents and no
 * INTERNAL_ERROR, nothing may hang past the operation timeout, stdout must stay JSON-RPC, and no
 * app process may outlive the server.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzFigures> {
  const started = Date.now();
  const rng = seededRandom(options.seed);
  const figures: FuzzFigures = {
    seed: options.seed,
    calls: 0,
    codes: {},
    findings: [],
    hangs: 0,
    crashes: 0,
    protocolBreaks: 0,
    leftovers: [],
    faults: [],
    blamesApp: 0,
    tools: [],
    durationMs: 0,
  };
  const appPids = new Set<number>();
  // Every tool listed, above the default listing cap (--max-tools 100, ADR-0045), so each one is fuzzed.
  const plugins = options.plugins?.length ? ['--plugin', options.plugins.join(','), '--allow-impersonation', '--max-tools', '1000'] : [];
  const wire = new RawWire(options.serverPath, ['--allow-eval', ...plugins, '--operation-timeout-ms', String(options.operationTimeoutMs)], {
    STAGEWRIGHT_ELECTRON: options.electronPath,
  });
  const deadline = options.operationTimeoutMs + 10_000;
  const log = options.onProgress ?? (() => undefined);
  try {
    await wire.initialize();
    const tools = await catalogue(wire);
    const names = [...tools.keys()].filter((name) => !SKIPPED.has(name));
    figures.tools = names;

    const judge = (tool: string, argumentsJson: string, answer: Awaited<ReturnType<RawWire['call']>>, fault = false): string => {
      figures.calls++;
      if (!answer.envelope && !answer.rpcError) {
        figures.hangs++;
        figures.findings.push({
          kind: wire.alive ? 'hang' : 'fault',
          tool,
          detail: wire.alive ? `no answer within ${deadline} ms` : 'the server exited',
          argumentsJson,
        });
        if (!wire.alive) figures.crashes++;
        return 'NO_ANSWER';
      }
      if (answer.rpcError) {
        figures.findings.push({
          kind: 'rpc-error',
          tool,
          detail: `${answer.rpcError.code} ${answer.rpcError.message.slice(0, 200)}`,
          argumentsJson,
        });
        return `RPC_${answer.rpcError.code}`;
      }
      const envelope = answer.envelope!;
      const pid = envelope.pid;
      if (typeof pid === 'number') for (const p of processTree(pid)) appPids.add(p);
      if (envelope.ok === true) return 'OK';
      const code = typeof envelope.code === 'string' ? envelope.code : '';
      if (!fault && blamesTheApp(envelope)) {
        figures.blamesApp++;
        figures.findings.push({ kind: 'blames-the-app', tool, detail: `${code}: ${String(envelope.error).slice(0, 160)}`, argumentsJson });
      }
      if (!code || typeof envelope.error !== 'string' || typeof envelope.retryable !== 'boolean') {
        figures.findings.push({ kind: 'not-an-envelope', tool, detail: JSON.stringify(envelope).slice(0, 200), argumentsJson });
      } else if (code === 'INTERNAL_ERROR') {
        figures.findings.push({ kind: 'internal-error', tool, detail: String(envelope.error).slice(0, 200), argumentsJson });
      } else if (!tools.get(tool)?.codes.has(code)) {
        figures.findings.push({
          kind: 'undocumented-code',
          tool,
          detail: `${code}: ${String(envelope.error).slice(0, 160)}`,
          argumentsJson,
        });
      }
      return code || 'NO_CODE';
    };
    const fuzzOne = async (r: Rng) => {
      const tool = names[figures.calls % names.length];
      const call = malformedCall(tool, tools.get(tool)!.schema, r);
      const code = judge(tool, call.argumentsJson, await wire.call(tool, call.argumentsJson, deadline));
      figures.codes[code] = (figures.codes[code] ?? 0) + 1;
    };
    const launch = async (dir: string) => {
      const answer = await wire.call('electron_launch', JSON.stringify({ main: dir }), deadline);
      if (answer.envelope?.ok !== true) throw new Error(`launching ${dir} failed: ${JSON.stringify(answer.envelope ?? answer.rpcError)}`);
      for (const p of processTree(answer.envelope.pid as number)) appPids.add(p);
      return answer.envelope as { sessionId: string; pid: number };
    };
    const liveSessions = async () => {
      const status = await wire.call('electron_status', '{}', deadline);
      return ((status.envelope?.sessions ?? []) as { id: string; state: string }[]).filter((s) => s.state === 'running');
    };

    const half = Math.floor(options.calls / 2);
    log(`fuzz: seed ${options.seed}, ${half} calls without an app`);
    for (let i = 0; i < half && wire.alive; i++) await fuzzOne(rng);

    log(`fuzz: ${options.calls - half} calls with an app running`);
    await launch(options.appDir);
    for (let i = half; i < options.calls && wire.alive; i++) {
      if (i % 20 === 0) {
        const live = await liveSessions();
        if (live.length !== 1) {
          for (const session of live) await wire.call('electron_stop', JSON.stringify({ sessionId: session.id }), deadline);
          await launch(options.appDir);
        }
      }
      await fuzzOne(rng);
    }
    if (options.selectorProbes?.length) {
      const targeted = names.filter((name) => 'selector' in ((tools.get(name)!.schema.properties as object | undefined) ?? {}));
      log(`fuzz: ${options.selectorProbes.length} selectors matching nothing, for ${targeted.length} tools`);
      for (const selector of options.selectorProbes) {
        for (const tool of targeted) {
          if (!wire.alive) break;
          if ((await liveSessions()).length !== 1) await launch(options.appDir);
          const properties = tools.get(tool)!.schema.properties as Record<string, unknown>;
          const argumentsJson = JSON.stringify({ selector, ...('timeoutMs' in properties ? { timeoutMs: 500 } : {}) });
          const code = judge(tool, argumentsJson, await wire.call(tool, argumentsJson, deadline));
          figures.codes[code] = (figures.codes[code] ?? 0) + 1;
          // Nothing to wait for: the tool's own bound answers, not the server's backstop (a11y_audit waited 45 s).
          if (code === 'OPERATION_TIMEOUT')
            figures.findings.push({
              kind: 'fault',
              tool,
              detail: `a selector matching nothing ran into the operation timeout`,
              argumentsJson,
            });
        }
      }
    }
    for (const session of await liveSessions()) await wire.call('electron_stop', JSON.stringify({ sessionId: session.id }), deadline);

    log('fuzz: faults');
    for (const fault of FAULTS) {
      const app = await launch(options.faultAppDir);
      const { tool, answer } = await fault.run(wire, app, deadline);
      const code = judge(tool, fault.name, answer, true);
      figures.faults.push({ name: fault.name, code });
      if (!fault.expected.includes(code))
        figures.findings.push({ kind: 'fault', tool, detail: `${fault.name}: got ${code}, expected ${fault.expected.join(' or ')}` });
      for (const session of await liveSessions()) await wire.call('electron_stop', JSON.stringify({ sessionId: session.id }), deadline);
      await wire.call('electron_stop', JSON.stringify({ sessionId: app.sessionId }), deadline);
    }

    const status = await wire.call('electron_status', '{}', deadline);
    if (status.envelope?.ok !== true)
      figures.findings.push({ kind: 'fault', tool: 'electron_status', detail: 'electron_status did not answer ok after the run' });
  } finally {
    figures.protocolBreaks = wire.protocolBreaks.length;
    for (const line of wire.protocolBreaks.slice(0, 5))
      figures.findings.push({ kind: 'fault', tool: '(stdout)', detail: `not JSON-RPC: ${line}` });
    const code = await wire.close();
    if (code !== 0) figures.findings.push({ kind: 'fault', tool: '(server)', detail: `exit code ${code} after stdin closed` });
    figures.leftovers = await survivors(appPids);
  }
  const orphans = await serverKilledWithAnApp(options);
  figures.faults.push({ name: 'server killed (SIGKILL) with an app running', code: orphans.length ? 'LEFT_PROCESSES' : 'OK' });
  figures.leftovers.push(...orphans);
  figures.durationMs = Date.now() - started;
  return figures;
}

/** The last fault: the server itself is SIGKILLed; its app must not outlive it. Returns survivors. */
async function serverKilledWithAnApp(options: FuzzOptions): Promise<number[]> {
  const wire = new RawWire(options.serverPath, [], { STAGEWRIGHT_ELECTRON: options.electronPath });
  await wire.initialize();
  const launched = await wire.call('electron_launch', JSON.stringify({ main: options.appDir }), options.operationTimeoutMs + 10_000);
  const pid = launched.envelope?.pid;
  if (typeof pid !== 'number') {
    await wire.close();
    throw new Error(`launch for the server-kill fault failed: ${JSON.stringify(launched.envelope ?? launched.rpcError)}`);
  }
  const tree = processTree(pid);
  wire.child.kill('SIGKILL');
  return survivors(tree, 15_000);
}

interface Fault {
  name: string;
  /** Codes an agent can act on; never INTERNAL_ERROR or a BAD_ARGUMENT that blames it. */
  expected: string[];
  run(
    wire: RawWire,
    app: { sessionId: string; pid: number },
    deadline: number,
  ): Promise<{ tool: string; answer: Awaited<ReturnType<RawWire['call']>> }>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const args = (value: Record<string, unknown>) => JSON.stringify(value);

const FAULTS: Fault[] = [
  {
    name: 'app killed during a wait',
    expected: ['APP_EXITED'],
    async run(wire, app, deadline) {
      const waiting = wire.call('electron_wait_for_selector', args({ selector: '#never-there', timeoutMs: 8_000 }), deadline);
      await pause(500);
      process.kill(app.pid, 'SIGKILL');
      return { tool: 'electron_wait_for_selector', answer: await waiting };
    },
  },
  {
    name: 'app killed during a wait for an event',
    expected: ['APP_EXITED'],
    async run(wire, app, deadline) {
      const waiting = wire.call('electron_wait_for_event', args({ eventName: 'never-fired', timeoutMs: 8_000 }), deadline);
      await pause(500);
      process.kill(app.pid, 'SIGKILL');
      return { tool: 'electron_wait_for_event', answer: await waiting };
    },
  },
  {
    name: 'renderer crashed, then a snapshot',
    expected: ['RENDERER_CRASHED', 'RENDERER_UNRESPONSIVE', 'WINDOW_NOT_FOUND', 'APP_EXITED'],
    async run(wire, _app, deadline) {
      await wire.call('electron_click', args({ selector: 'text=Crash renderer' }), deadline);
      await pause(500);
      return { tool: 'electron_snapshot', answer: await wire.call('electron_snapshot', '{}', deadline) };
    },
  },
  {
    name: 'renderer crashed, then a click',
    expected: ['RENDERER_CRASHED', 'RENDERER_UNRESPONSIVE', 'WINDOW_NOT_FOUND', 'APP_EXITED'],
    async run(wire, _app, deadline) {
      await wire.call('electron_click', args({ selector: 'text=Crash renderer' }), deadline);
      await pause(500);
      return { tool: 'electron_click', answer: await wire.call('electron_click', args({ selector: 'text=Reload renderer' }), deadline) };
    },
  },
  {
    name: 'window closed by the app, then a snapshot',
    expected: ['WINDOW_NOT_FOUND', 'APP_EXITED'],
    async run(wire, _app, deadline) {
      await wire.call(
        'electron_eval_main',
        args({ code: 'for (const w of electron.BrowserWindow.getAllWindows()) w.destroy(); return true;' }),
        deadline,
      );
      await pause(500);
      return { tool: 'electron_snapshot', answer: await wire.call('electron_snapshot', '{}', deadline) };
    },
  },
];
