import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { median } from './stats.js';

/**
 * `node dist/benchmarks/bench/startup.mjs [--runs 5] [--server dist/apps/mcp-server/main.mjs] [--json <file>] [-- <server args>]`
 * Time from spawning the bundled server to its tools/list answer, over a real stdio connection.
 * A figure to report, never a test assertion.
 */
async function once(server: string, args: string[]): Promise<number> {
  const started = performance.now();
  const transport = new StdioClientTransport({ command: process.execPath, args: [server, ...args], stderr: 'ignore' });
  const client = new Client({ name: 'stagewright-bench-startup', version: '0.1.0' });
  try {
    await client.connect(transport);
    await client.listTools();
    return performance.now() - started;
  } finally {
    await client.close();
  }
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      runs: { type: 'string', default: '5' },
      server: { type: 'string', default: 'dist/apps/mcp-server/main.mjs' },
      json: { type: 'string', default: 'dist/benchmarks/startup.json' },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${values.runs}`);
  const server = path.resolve(values.server);
  if (!fs.existsSync(server)) throw new Error(`${values.server} does not exist; build it with: npx nx run mcp-server:build`);

  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await once(server, positionals));
  const figure = Math.round(median(times));
  console.log(`startup to tools/list: median ${figure} ms over ${runs} runs (${times.map((t) => Math.round(t)).join(', ')} ms)`);

  const out = path.resolve(values.json);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify({ server: values.server, args: positionals, runs: times, medianMs: figure }, null, 2)}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
