import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { median } from './stats.js';

/**
 * `node dist/benchmarks/bench/startup.mjs [--runs 7] [--server dist/apps/mcp-server/main.mjs]
 *   [--reference dist/benchmarks/bench/reference-server.mjs] [--json <file>] [-- <server args>]`
 * Time from spawning a server to its tools/list answer over a real stdio connection, for the
 * shipped server and for the floor of a Node MCP server (reference-server.ts: same SDK, one tool,
 * bundled the same way), run alternately so both see the same machine load. Reports both medians
 * and their ratio. A figure to report, never a test assertion.
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

function existing(file: string, build: string): string {
  const resolved = path.resolve(file);
  if (!fs.existsSync(resolved)) throw new Error(`${file} does not exist; build it with: ${build}`);
  return resolved;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      runs: { type: 'string', default: '7' },
      server: { type: 'string', default: 'dist/apps/mcp-server/main.mjs' },
      reference: { type: 'string', default: 'dist/benchmarks/bench/reference-server.mjs' },
      json: { type: 'string', default: 'dist/benchmarks/startup.json' },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${values.runs}`);
  const server = existing(values.server, 'npx nx run mcp-server:build');
  const reference = existing(values.reference, 'npx nx run bench:build');

  // One unmeasured start of each warms the file cache, so the first measured run is not an outlier.
  await once(server, positionals);
  await once(reference, []);
  const times: number[] = [];
  const referenceTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    times.push(await once(server, positionals));
    referenceTimes.push(await once(reference, []));
  }
  const figure = Math.round(median(times));
  const referenceFigure = Math.round(median(referenceTimes));
  const ratio = Number((median(times) / median(referenceTimes)).toFixed(2));
  const list = (sample: number[]) => sample.map((t) => Math.round(t)).join(', ');
  console.log(`startup to tools/list: median ${figure} ms over ${runs} runs (${list(times)} ms)`);
  console.log(`minimal MCP server (same SDK, one tool): median ${referenceFigure} ms (${list(referenceTimes)} ms)`);
  console.log(`ratio shipped / minimal: ${ratio}`);

  const out = path.resolve(values.json);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const figures = {
    server: values.server,
    args: positionals,
    runs: times,
    medianMs: figure,
    referenceRuns: referenceTimes,
    referenceMedianMs: referenceFigure,
    ratio,
  };
  fs.writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
