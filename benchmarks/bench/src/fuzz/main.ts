import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { electronBin, fixtureDir, repoRoot } from '../driver-paths.js';
import { positiveInt, runScript, writeFigures } from '../script.js';
import { NOTHING_SELECTORS } from './generate.js';
import { FIRST_PARTY_PLUGINS, runFuzz } from './run.js';

/**
 * `nx run bench:fuzz [-- --seed N --calls N --plugins a11y,clock,...|none]`: malformed calls for
 * every tool (the nine first-party plugins' included unless `--plugins none`), with and without an
 * app, then faults; prints the figures and every finding, writes dist/benchmarks/fuzz.json, and
 * exits 1 on any finding (an answer that blames the app for a malformed call is one), hang,
 * protocol break or leftover process.
 */
async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const flag = (name: string, fallback: string) => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 ? argv[at + 1] : fallback;
  };
  const root = repoRoot();
  const serverPath = resolve(root, 'dist/apps/mcp-server/main.mjs');
  if (!existsSync(serverPath)) {
    process.stderr.write(`bench:fuzz: ${serverPath} is missing; run \`npx nx run mcp-server:build\` first.\n`);
    return 2;
  }
  const figures = await runFuzz({
    serverPath,
    electronPath: electronBin(),
    appDir: fixtureDir('bench'),
    faultAppDir: fixtureDir('troublesome'),
    seed: positiveInt('seed', flag('seed', '1')),
    calls: positiveInt('calls', flag('calls', '2000')),
    operationTimeoutMs: positiveInt('operation-timeout-ms', flag('operation-timeout-ms', '15000')),
    selectorProbes: NOTHING_SELECTORS,
    plugins: flag('plugins', FIRST_PARTY_PLUGINS.join(',')) === 'none' ? [] : flag('plugins', FIRST_PARTY_PLUGINS.join(',')).split(','),
    onProgress: (line) => process.stderr.write(`${line}\n`),
  });
  writeFigures(resolve(root, flag('json', 'dist/benchmarks/fuzz.json')), figures);
  const codes = Object.entries(figures.codes)
    .sort((a, b) => b[1] - a[1])
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
  process.stdout.write(
    `fuzz seed ${figures.seed}: ${figures.calls} calls over ${figures.tools.length} tools in ${(figures.durationMs / 1000).toFixed(1)} s; crashes ${figures.crashes}, hangs ${figures.hangs}, ` +
      `blaming the app ${figures.blamesApp}, ` +
      `protocol breaks ${figures.protocolBreaks}, leftovers ${figures.leftovers.length}, findings ${figures.findings.length}\ncodes: ${codes}\n` +
      `faults: ${figures.faults.map((f) => `${f.name} -> ${f.code}`).join('; ')}\n`,
  );
  for (const finding of figures.findings)
    process.stdout.write(
      `  ${finding.kind} ${finding.tool}: ${finding.detail}${finding.argumentsJson ? ` <- ${finding.argumentsJson.slice(0, 160)}` : ''}\n`,
    );
  return figures.findings.length || figures.leftovers.length || figures.hangs ? 1 : 0;
}

runScript(main);
