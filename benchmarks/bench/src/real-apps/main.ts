import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../driver-paths.js';
import { runScript, writeFigures } from '../script.js';
import { CORPUS, type RealApp } from './corpus.js';
import { obtain, probeRuntime, type Obtained, type RuntimeNode } from './obtain.js';
import { runApp, type AppRun } from './runner.js';

/**
 * `nx run bench:real-apps [--runtime label=/path/to/electron ...] [--apps-dir tmp/real-apps]
 *   [--mirror '/srv/mirror/{owner}+{name}/repo'] [--only stretchly,min] [--no-obtain] [--rebuild] [--build-only]
 *   [--json dist/benchmarks/real-apps.json]`
 *
 * The real-app corpus (corpus.ts): places and builds each app in the git-ignored apps folder
 * (obtain.ts; says which it found and which it could not obtain), then drives each through the
 * built server over stdio on each runtime (runner.ts) and reports per app whether it starts (with
 * the launch error and the app's first error) and which tasks pass. Not a CI step: the apps come
 * from GitHub (or a local mirror of it), which CI cannot reach. A figure, never a test assertion.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      runtime: { type: 'string', multiple: true },
      'apps-dir': { type: 'string', default: 'tmp/real-apps' },
      mirror: { type: 'string', default: process.env.STAGEWRIGHT_CORPUS_MIRROR },
      only: { type: 'string' },
      'no-obtain': { type: 'boolean', default: false },
      rebuild: { type: 'boolean', default: false },
      'build-only': { type: 'boolean', default: false },
      'show-snapshots': { type: 'boolean', default: false },
      server: { type: 'string', default: 'dist/apps/mcp-server/main.mjs' },
      json: { type: 'string', default: 'dist/benchmarks/real-apps.json' },
      'launch-timeout-ms': { type: 'string', default: '45000' },
      'task-timeout-ms': { type: 'string', default: '60000' },
    },
  });
  const root = repoRoot();
  const serverPath = resolve(root, values.server!);
  if (!existsSync(serverPath)) throw new Error(`${values.server} does not exist; build it with: npx nx run mcp-server:build`);
  const appsDir = resolve(root, values['apps-dir']!);
  const only = values.only?.split(',').map((s) => s.trim());
  const unknown = only?.filter((id) => !CORPUS.some((app) => app.id === id)) ?? [];
  if (unknown.length) throw new Error(`--only: no app ${unknown.join(', ')}; the corpus: ${CORPUS.map((a) => a.id).join(', ')}`);
  const apps = CORPUS.filter((app) => !only || only.includes(app.id));
  const runtimes = (
    values.runtime?.length
      ? values.runtime
      : [`stand-in=${process.env.STAGEWRIGHT_ELECTRON || join(root, 'libs/testing/fake-electron/bin/fake-electron.cjs')}`]
  ).map((spec) => {
    const at = spec.indexOf('=');
    if (at < 1) throw new Error(`--runtime takes label=/path/to/electron, got ${spec}`);
    return { label: spec.slice(0, at), path: resolve(spec.slice(at + 1)) };
  });
  const log = (line: string) => console.log(line);

  log(`real-app corpus: ${apps.length} apps in ${appsDir}${values.mirror ? ` (mirror ${values.mirror})` : ''}`);
  const obtained: Obtained[] = [];
  for (const app of apps) {
    const dir = join(appsDir, app.id);
    const result = values['no-obtain']
      ? ({
          id: app.id,
          dir,
          source: existsSync(join(dir, 'package.json')) ? 'found' : 'missing',
          built: existsSync(join(dir, '.real-apps-build.json')),
        } as Obtained)
      : obtain(app, { appsDir, mirror: values.mirror, rebuild: values.rebuild, log });
    obtained.push(result);
    const absent = result.absentFiles?.length
      ? ` (snapshot lacks ${result.absentFiles.length} large files: ${result.absentFiles.join(', ')})`
      : '';
    log(
      `${app.id.padEnd(11)} ${pinText(app)}  ${result.source}${result.built ? ', built' : ', NOT built'}${result.buildMs ? ` in ${Math.round(result.buildMs / 1000)} s` : ''}${absent}${result.error ? `\n    ${result.error.replaceAll('\n', '\n    ')}` : ''}`,
    );
  }
  const ready = apps.filter((app) => obtained.find((o) => o.id === app.id)?.built);
  const missing = obtained.filter((o) => !o.built).map((o) => o.id);
  log(`found and built: ${ready.map((a) => a.id).join(', ') || 'none'}; could not obtain or build: ${missing.join(', ') || 'none'}`);

  if (values['build-only']) return missing.length ? 1 : 0;
  const runs: AppRun[] = [];
  const probes: Record<string, RuntimeNode> = {};
  for (const runtime of runtimes) {
    const scratch = mkdtempSync(join(tmpdir(), 'real-apps-probe-'));
    try {
      probes[runtime.label] = probeRuntime(runtime.path, scratch);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    const node = probes[runtime.label]!;
    log(
      `\n== runtime ${runtime.label}: ${runtime.path} (main process on Node ${node.node}, ABI ${node.modules}; reports Electron ${node.electron ?? '?'})`,
    );
    for (const app of ready) {
      const dir = join(appsDir, app.id);
      const run = await runApp(app, {
        serverPath,
        runtimeLabel: runtime.label,
        electronPath: runtime.path,
        appDir: join(dir, app.main),
        launchTimeoutMs: Number(values['launch-timeout-ms']),
        taskTimeoutMs: Number(values['task-timeout-ms']),
        showSnapshots: values['show-snapshots'],
        log,
      });
      runs.push(run);
      printRun(app, run, log);
    }
  }
  printSummary(
    apps,
    runtimes.map((r) => r.label),
    runs,
    log,
  );
  writeFigures(values.json!, {
    appsDir,
    apps: apps.map((app) => ({
      id: app.id,
      title: app.title,
      pin: app.pin,
      electron: app.electron,
      features: app.features,
      build: app.build,
      tasks: app.tasks.map((t) => ({ id: t.id, title: t.title })),
    })),
    obtained,
    runtimes: runtimes.map((r) => ({ ...r, ...probes[r.label] })),
    runs,
  });
  return 0;
}

function pinText(app: RealApp): string {
  return app.pin.kind === 'github' ? `${app.pin.repo}@${app.pin.commit.slice(0, 10)}` : `npm ${app.pin.name}@${app.pin.version}`;
}

function printRun(app: RealApp, run: AppRun, log: (line: string) => void): void {
  const passed = run.tasks.filter((t) => t.pass).length;
  log(
    `${app.id.padEnd(11)} ${run.started ? `started in ${run.launchMs} ms, windows ${JSON.stringify(run.windows)}; tasks ${passed}/${app.tasks.length}` : `DID NOT START: ${run.launchError}`}`,
  );
  for (const task of run.tasks)
    log(`    ${task.pass ? 'pass' : 'FAIL'} ${task.id.padEnd(18)} ${task.ms} ms${task.error ? `  ${task.error}` : ''}`);
  if (run.firstAppError) log(`    first app error: ${run.firstAppError}`);
}

function printSummary(apps: readonly RealApp[], labels: string[], runs: AppRun[], log: (line: string) => void): void {
  log(`\n| app | ${labels.map((l) => `${l}: starts | ${l}: tasks`).join(' | ')} |`);
  log(`|---|${labels.map(() => '---|---|').join('')}`);
  for (const app of apps) {
    const cells = labels.map((label) => {
      const run = runs.find((r) => r.app === app.id && r.runtime === label);
      if (!run) return 'not obtained | -';
      const passed = run.tasks.filter((t) => t.pass).map((t) => t.id);
      return `${run.started ? 'yes' : 'no'} | ${passed.length}/${app.tasks.length}${passed.length ? ` (${passed.join(', ')})` : ''}`;
    });
    log(`| ${app.id} | ${cells.join(' | ')} |`);
  }
  for (const label of labels) {
    const mine = runs.filter((r) => r.runtime === label);
    const total = mine.reduce((n, r) => n + (apps.find((a) => a.id === r.app)?.tasks.length ?? 0), 0);
    const passed = mine.reduce((n, r) => n + r.tasks.filter((t) => t.pass).length, 0);
    log(`${label}: ${mine.filter((r) => r.started).length}/${mine.length} apps start, ${passed}/${total} tasks pass`);
  }
}

runScript(main);
