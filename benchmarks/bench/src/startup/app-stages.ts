import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { electronBin, repoRoot } from '../driver-paths.js';
import { runScript, writeFigures } from '../script.js';

/**
 * `node dist/benchmarks/bench/app-stages.mjs [--server dist/apps/mcp-server/main.mjs] [--only a,b] [--json <file>]`
 * Start-up stages of every fixture app, as the perf plugin reports them (ADR-0049): the shipped
 * server over stdio with `--plugin perf`, one launch per app, `perf_metrics`, stop. Reports per app
 * ms after the main process started until ready, the first window and its first paint, and which
 * stages are missing. Apps made to fail at start (crash-at-start) or to show no window
 * (hidden-window) are expected to miss stages. A figure to report, never a test assertion.
 */
type Stages = { readyMs?: number; firstWindowMs?: number; firstPaintMs?: number; note?: string };
type Row = { app: string; launched: boolean; stages?: Stages; error?: string };

const STAGES = ['readyMs', 'firstWindowMs', 'firstPaintMs'] as const;

function text(result: unknown): Record<string, unknown> {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  const first = content.find((c) => c.type === 'text')?.text ?? '{}';
  return JSON.parse(first) as Record<string, unknown>;
}

async function measure(server: string, app: string, dir: string): Promise<Row> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [server, '--plugin', 'perf'],
    env: { ...getDefaultEnvironment(), STAGEWRIGHT_ELECTRON: electronBin() },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'stagewright-bench-app-stages', version: '0.1.0' });
  await client.connect(transport);
  try {
    const launched = text(await client.callTool({ name: 'electron_launch', arguments: { main: dir } }));
    if (launched.ok === false) return { app, launched: false, error: String(launched.code) };
    const metrics = text(await client.callTool({ name: 'perf_metrics', arguments: {} }));
    if (metrics.ok === false) return { app, launched: true, error: String(metrics.code) };
    return { app, launched: true, stages: metrics.startup as Stages };
  } finally {
    await client.callTool({ name: 'electron_stop', arguments: {} }).catch(() => undefined);
    await client.close();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { server: { type: 'string', default: 'dist/apps/mcp-server/main.mjs' }, only: { type: 'string' }, json: { type: 'string' } },
  });
  const root = repoRoot();
  const server = resolve(values.server as string);
  if (!existsSync(server)) throw new Error(`${server} does not exist; build it with: npx nx run mcp-server:build`);
  const appsDir = join(root, 'libs/testing/fixtures/apps');
  const only = values.only?.split(',');
  const apps = readdirSync(appsDir).filter((name) => !only || only.includes(name));
  const rows: Row[] = [];
  for (const app of apps) {
    const row: Row = await measure(server, app, join(appsDir, app)).catch((error: Error) => ({
      app,
      launched: false,
      error: error.message,
    }));
    rows.push(row);
    const s = row.stages;
    const cells = STAGES.map((k) => (s?.[k] === undefined ? '-' : String(s[k])));
    process.stdout.write(`| ${app} | ${row.launched ? 'yes' : 'no'} | ${cells.join(' | ')} | ${row.error ?? s?.note ?? ''} |\n`);
  }
  const complete = rows.filter((r) => r.stages && STAGES.every((k) => r.stages?.[k] !== undefined)).length;
  process.stdout.write(`\n${complete}/${rows.length} apps report all stages (process start, ready, first window, first paint)\n`);
  if (values.json) writeFigures(values.json, rows);
  return 0;
}

runScript(main);
