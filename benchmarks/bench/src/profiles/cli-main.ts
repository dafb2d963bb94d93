import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { electronBin, fixtureDir, repoRoot } from '../driver-paths.js';
import { runScript } from '../script.js';
import { runCli, type CliTaskCost } from './cli-runner.js';
import type { ProfileRun, TaskResult } from './report.js';
import { runProfile } from './runner.js';
import { startRunningApp } from './running-app.js';
import { TASKS } from './tasks.js';

const tokens = (t: TaskResult) => t.listingBpe + t.responseBpe;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The table of docs/benchmarks.md: per task, MCP full and testing beside the CLI, and the totals. */
export function cliMarkdown(mcp: ProfileRun[], cli: ProfileRun, costs: CliTaskCost[], runtime: string): string {
  const cell = (t: TaskResult | undefined) =>
    t
      ? `${(t.restarts ?? []).map((r) => `↻ ${r.named}, `).join('')}${t.success ? 'ok' : `FAIL ${t.code ?? ''}`.trim()}, ${t.calls} calls, ${tokens(t)}`
      : 'n/a';
  const lines = [
    `# CLI against MCP on the profile tasks (${runtime})`,
    '',
    'Tokens (o200k BPE) the agent reads per task: MCP = the tools/list listing (each task is a conversation) + every answer;',
    'CLI = SKILL.md + the reference files of the groups it needs + every answer (stdout) + every file it reads.',
    '',
    `| task | ${mcp.map((r) => `MCP ${r.profile}`).join(' | ')} | CLI | CLI skill + reference | CLI answers | CLI files read |`,
    `|---|${mcp.map(() => '---').join('|')}|---|---|---|---|`,
  ];
  for (const task of cli.tasks) {
    const cost = costs.find((c) => c.id === task.id)!;
    lines.push(
      `| ${task.id} | ${mcp.map((r) => cell(r.tasks.find((t) => t.id === task.id))).join(' | ')} | ${cell(task)} | ${cost.skillBpe} + ${cost.referenceBpe} | ${cost.answerBpe} | ${cost.fileBpe} (${cost.filesRead}) |`,
    );
  }
  const total = (run: ProfileRun) => sum(run.tasks.map(tokens));
  const ok = (run: ProfileRun) => run.tasks.filter((t) => t.success).length;
  lines.push(
    `| **total** | ${mcp.map((r) => `${ok(r)}/${r.tasks.length} ok, ${sum(r.tasks.map((t) => t.calls))} calls, **${total(r)}**`).join(' | ')} | ${ok(cli)}/${cli.tasks.length} ok, ${sum(cli.tasks.map((t) => t.calls))} calls, **${total(cli)}** | ${sum(costs.map((c) => c.skillBpe + c.referenceBpe))} | ${sum(costs.map((c) => c.answerBpe))} | ${sum(costs.map((c) => c.fileBpe))} (${sum(costs.map((c) => c.filesRead))}) |`,
    '',
  );
  for (const run of mcp) lines.push(`CLI / MCP ${run.profile}: ${(total(cli) / total(run)).toFixed(2)}×`);
  const full = mcp.find((r) => r.profile === 'full');
  if (full) {
    const missed = full.tasks.filter((t) => t.success && !cli.tasks.find((c) => c.id === t.id)?.success).map((t) => t.id);
    lines.push('', `Tasks MCP full succeeds on that the CLI fails: ${missed.length ? missed.join(', ') : 'none'}.`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `nx run bench:profiles-cli [-- --tasks id,id]`: the profile tasks through MCP `full` and
 * `testing` and through the agent command line, written to dist/benchmarks/profiles-cli.{json,md}.
 * Not part of `npm test` (it spawns one CLI process per call).
 */
async function main(): Promise<number> {
  const root = repoRoot();
  const serverPath = resolve(root, 'dist/apps/mcp-server/main.mjs');
  if (!existsSync(serverPath)) {
    process.stderr.write(`bench:profiles-cli: ${serverPath} is missing; run \`npx nx run mcp-server:build\` first.\n`);
    return 2;
  }
  const at = process.argv.indexOf('--tasks');
  const only = at > 0 ? new Set(process.argv[at + 1]!.split(',')) : undefined;
  const tasks = only ? TASKS.filter((t) => only.has(t.id)) : TASKS;
  const realElectron = process.env.STAGEWRIGHT_ELECTRON;
  const runtime = realElectron ? `electron (${realElectron})` : 'fake-electron';
  const electronPath = electronBin();
  const workbench = fixtureDir('workbench');
  const screenshotDir = mkdtempSync(join(tmpdir(), 'sw-bench-shots-'));
  const running = await startRunningApp(electronPath, workbench);
  const options = {
    serverPath,
    electronPath,
    screenshotDir,
    appDirs: { bench: fixtureDir('bench'), workbench },
    env: { debugPort: running.port, sampleFile: join(workbench, 'samples/notes.txt') },
    onProgress: (line: string) => process.stderr.write(`${line}\n`),
  };
  let markdown: string;
  let report: unknown;
  try {
    const mcp = [await runProfile('full', tasks, options), await runProfile('testing', tasks, options)];
    const { run: cli, costs } = await runCli(tasks, options);
    markdown = cliMarkdown(mcp, cli, costs, runtime);
    report = { runtime, mcp, cli, costs };
  } finally {
    await running.stop();
    rmSync(screenshotDir, { recursive: true, force: true });
  }
  const outDir = resolve(root, 'dist/benchmarks');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(resolve(outDir, 'profiles-cli.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(resolve(outDir, 'profiles-cli.md'), markdown);
  process.stdout.write(`${markdown}\nWritten: dist/benchmarks/profiles-cli.{json,md}\n`);
  return 0;
}

runScript(main);
