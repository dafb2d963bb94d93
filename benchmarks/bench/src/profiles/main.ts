import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { electronBin, fixtureDir, repoRoot } from '../driver-paths.js';
import { TASKS } from './tasks.js';
import { runProfile } from './runner.js';
import { runScript } from '../script.js';
import { buildReport, checkFailures, toMarkdown, toSvg } from './report.js';

/**
 * `nx run bench:profiles [--check]`: the twelve tasks against full and essential over stdio,
 * written to dist/benchmarks/profiles.{json,md,svg}. Progress goes to stderr.
 */
async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  const root = repoRoot();
  const serverPath = resolve(root, 'dist/apps/mcp-server/main.mjs');
  if (!existsSync(serverPath)) {
    process.stderr.write(`bench:profiles: ${serverPath} is missing; run \`npx nx run mcp-server:build\` first.\n`);
    return 2;
  }
  const realElectron = process.env.STAGEWRIGHT_ELECTRON;
  const runtime = realElectron ? `electron (${realElectron})` : 'fake-electron';
  const options = {
    serverPath,
    appDir: fixtureDir('bench'),
    electronPath: electronBin(),
    onProgress: (line: string) => process.stderr.write(`${line}\n`),
  };
  const runs = [];
  for (const profile of ['full', 'essential']) runs.push(await runProfile(profile, TASKS, options));
  const report = buildReport(runs, runtime);
  const outDir = resolve(root, 'dist/benchmarks');
  mkdirSync(outDir, { recursive: true });
  const markdown = toMarkdown(report);
  writeFileSync(resolve(outDir, 'profiles.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(resolve(outDir, 'profiles.md'), markdown);
  writeFileSync(resolve(outDir, 'profiles.svg'), toSvg(report));
  process.stdout.write(`${markdown}\nWritten: dist/benchmarks/profiles.{json,md,svg}\n`);
  if (!check) return 0;
  const failures = checkFailures(report);
  for (const failure of failures) process.stderr.write(`bench:profiles --check: ${failure}\n`);
  return failures.length === 0 ? 0 : 1;
}

runScript(main);
