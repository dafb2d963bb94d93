import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createStagewrightServer } from '@stagewright/mcp-server';
import { assertPluginsBuilt, discoverWorkspacePlugins } from '@stagewright/reference';
import { manifestVariants, selectVariants } from './variants.js';
import { measureVariants } from './run.js';
import { createReport, distinctTools, formatPerToolTable, formatTargets, formatVariantTable } from './report.js';

/** Far above any variant's tool count. */
const UNCAPPED = 1_000;

/**
 * `node dist/benchmarks/bench/manifest.mjs [--json <file>] [--variant <name>]... [--per-tool]`
 * Measures the shipped server's tools/list per variant, prints a table and writes the JSON report.
 * `--per-tool` also prints the BPE of every distinct tool in the measured variants: the quick check
 * for tool authors (`npx nx run bench:tool-bpe`: core tools; a plugin's: `stagewright plugin check`). Run from the workspace root (Nx targets do).
 */
const USAGE = 'usage: manifest.mjs [--json <file>] [--variant <name>]... [--per-tool] [--quiet]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      json: { type: 'string', default: 'dist/benchmarks/manifest.json' },
      variant: { type: 'string', multiple: true, default: [] },
      'per-tool': { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  // Plugins come from the Nx project graph and are measured as built, exactly as --plugin loads them.
  const plugins = await discoverWorkspacePlugins();
  assertPluginsBuilt(plugins);
  const specs = selectVariants(manifestVariants(plugins.map((p) => ({ name: p.name, spec: p.entry }))), values.variant);
  // Every tool a variant can list, above the listing cap (--max-tools, ADR-0045): a budget that a
  // capped listing hid would let a new plugin's tools grow unmeasured.
  const variants = await measureVariants(specs, (options) => createStagewrightServer({ ...options, maxTools: UNCAPPED }));
  const report = createReport(variants, new Date());

  const out = path.resolve(values.json);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);

  if (!values.quiet) {
    console.log(formatVariantTable(report));
    for (const line of formatTargets(report)) console.log(line);
    console.log(`wrote ${path.relative(process.cwd(), out)}`);
  }
  if (values['per-tool']) {
    const tools = distinctTools(report);
    console.log(`\n${formatPerToolTable(`${tools.length} distinct tools in ${Object.keys(variants).join(', ')}:`, tools)}`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    console.error(USAGE);
    process.exit(1);
  },
);
