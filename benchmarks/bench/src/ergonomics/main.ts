// Agent ergonomics (issue 29): the calls an agent needs, driving the bundled server over stdio
// with the `testing` profile as a host would, to (goal 2) learn why an API-demos-like page is
// empty and (goal 3) open and close a second window. Each scripted agent reads only the
// answers and takes the next call an agent would take from them. Figures only, no assertions.
// Usage: node dist/benchmarks/bench/ergonomics.mjs [--server path/to/main.mjs] [--profile testing]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encode } from 'gpt-tokenizer';
import { electronBin, fixtureDir } from '../driver-paths.js';
import { envelopeText, parseEnvelope, resultBpe, startServer, type ProfileServer } from '../profiles/server.js';

const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] ? argv[at + 1] : fallback;
};
const serverPath = path.resolve(option('server', 'dist/apps/mcp-server/main.mjs'));
const profile = option('profile', 'testing');

interface Run {
  goal: string;
  reached: boolean;
  calls: number;
  errors: number;
  responseBpe: number;
  steps: string[];
}

type Env = Record<string, unknown> & { ok: boolean };

function recorder(server: ProfileServer, goal: string) {
  const run: Run = { goal, reached: false, calls: 0, errors: 0, responseBpe: 0, steps: [] };
  const call = async (name: string, args: Record<string, unknown> = {}): Promise<{ env: Env; text: string }> => {
    if (!server.listed.has(name)) {
      run.steps.push(`${name}: not listed in ${profile}`);
      return { env: { ok: false, code: 'NOT_LISTED' }, text: '' };
    }
    const result = await server.client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 });
    const text = envelopeText(result);
    const env = parseEnvelope(result) as Env;
    run.calls++;
    run.responseBpe += resultBpe(result);
    if (!env.ok) run.errors++;
    run.steps.push(`${name} → ${env.ok ? 'ok' : env.code}`);
    return { env, text };
  };
  return { run, call };
}

/** Goal 2: the agent reads each answer for the cause and, lacking it, takes the next look. */
async function whyEmpty(server: ProfileServer): Promise<Run> {
  const { run, call } = recorder(server, 'why is the API-demos page empty');
  const cause = /require is not defined/;
  const looks: [string, Record<string, unknown>][] = [
    ['electron_launch', { main: fixtureDir('api-demos') }],
    ['electron_snapshot', {}],
    ['electron_console_logs', { level: 'error' }],
  ];
  try {
    for (const [name, args] of looks) {
      const { text } = await call(name, args);
      if (cause.test(text)) {
        run.reached = true;
        break;
      }
    }
  } finally {
    await server.setup('electron_stop', {});
  }
  return run;
}

/** Goal 3: open a child window from the page, close it with Control+W, and know that it closed. */
async function openAndClose(server: ProfileServer): Promise<Run> {
  const { run, call } = recorder(server, 'open and close a second window');
  try {
    await call('electron_launch', { main: fixtureDir('multi-window') });
    const { env: snap } = await call('electron_snapshot', {});
    const ref = /button "Open child window" \[ref=(e\d+)\]/.exec(String(snap.snapshot))?.[1];
    const { env: clicked } = await call('electron_click', ref ? { ref } : { selector: '#open-child' });
    let opened = (clicked.caused as { opened?: { id: string }[] } | undefined)?.opened?.[0]?.id;
    if (!opened) {
      // Without the answer saying so, the agent lists the windows to find the new one.
      for (let i = 0; i < 5 && !opened; i++) {
        const { env } = await call('electron_windows', {});
        opened = (env.windows as { id: string; title: string }[] | undefined)?.find((w) => /^Child/.test(w.title))?.id;
      }
    }
    if (!opened) return run;
    await call('electron_switch_window', { window: opened });
    const { env: closed } = await call('electron_key', { key: 'Control+W' });
    const told = (closed.caused as { closed?: { id: string }[] } | undefined)?.closed?.some((w) => w.id === opened);
    if (told) run.reached = true;
    else {
      // An error (or silence) leaves the agent to check whether the window is gone.
      const { env } = await call('electron_windows', {});
      run.reached = !(env.windows as { id: string }[] | undefined)?.some((w) => w.id === opened);
    }
  } finally {
    await server.setup('electron_stop', {});
  }
  return run;
}

/**
 * What listing a tool costs every conversation: electron_console_logs as the debug profile lists
 * it, its detail in the testing catalogue, and a close-window tool written the way
 * electron_switch_window is listed (the window's id, the shared sessionId).
 */
async function listingFigures(screenshotDir: string): Promise<Record<string, unknown>> {
  const debug = await startServer('debug', { serverPath, electronPath: electronBin(), screenshotDir });
  try {
    const { tools } = await debug.client.listTools();
    const bpe = (value: unknown) => encode(JSON.stringify(value)).length;
    const consoleLogs = tools.find((t) => t.name === 'electron_console_logs');
    const switchWindow = tools.find((t) => t.name === 'electron_switch_window');
    const detail = await debug.client.readResource({ uri: 'stagewright://tools/electron_console_logs' });
    const detailChars = detail.contents.map((c) => ('text' in c ? String(c.text) : '')).join('').length;
    const switchProps = (switchWindow?.inputSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
    const closeWindow = {
      name: 'electron_close_window',
      title: 'Close window',
      description: 'Close a window (default: the active one) as its close button would.',
      inputSchema: {
        type: 'object',
        properties: { window: switchProps.window, sessionId: switchProps.sessionId },
        additionalProperties: false,
      },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    };
    return {
      consoleLogsListingBpe: consoleLogs ? bpe(consoleLogs) : null,
      consoleLogsDetailChars: detailChars,
      switchWindowListingBpe: switchWindow ? bpe(switchWindow) : null,
      closeWindowListingBpe: bpe(closeWindow),
    };
  } finally {
    await debug.close();
  }
}

const screenshotDir = mkdtempSync(path.join(tmpdir(), 'sw-ergonomics-'));
const runs: Run[] = [];
for (const goal of [whyEmpty, openAndClose]) {
  const server = await startServer(profile, { serverPath, electronPath: electronBin(), screenshotDir });
  try {
    runs.push(await goal(server));
  } finally {
    await server.close();
  }
}
const listing = await listingFigures(screenshotDir);
process.stdout.write(`${JSON.stringify({ server: serverPath, profile, runs, listing }, null, 2)}\n`);
for (const r of runs) {
  process.stdout.write(
    `${r.goal}: ${r.reached ? 'reached' : 'NOT reached'} in ${r.calls} calls (${r.errors} errors, ${r.responseBpe} response BPE): ${r.steps.join('; ')}\n`,
  );
}
