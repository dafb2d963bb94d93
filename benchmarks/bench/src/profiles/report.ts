/**
 * Aggregation and rendering of the profile benchmark (ADR-021's evidence gate). Pure functions:
 * the runner feeds them measured task results, tests feed them fixed ones.
 */
export const REPORT_SCHEMA_VERSION = 1;
/** ADR-021: essential must reach this share of full's success rate. */
export const SUCCESS_RATIO_GATE = 0.95;
/** What counts as a material token saving for the default-profile gate. */
export const MATERIAL_SAVING = 0.1;

export interface TaskResult {
  id: string;
  success: boolean;
  calls: number;
  retries: number;
  responseBpe: number;
  wallMs: number;
  error?: string;
  code?: string;
  hint?: string;
  /** Tools the task called that the profile's tools/list did not offer. */
  missingTools?: string[];
}

export interface ProfileRun {
  profile: string;
  manifestBpe: number;
  toolCount: number;
  tasks: TaskResult[];
}

export interface ProfileSummary {
  profile: string;
  succeeded: number;
  total: number;
  successRate: number;
  calls: number;
  retries: number;
  manifestBpe: number;
  responseBpe: number;
  /** Each task is a fresh conversation: it pays the listing once plus its own responses. */
  totalBpe: number;
  wallMs: number;
}

export interface Gate {
  fullAllPassed: boolean;
  essentialRatio: number;
  successGateMet: boolean;
  tokenSaving: number;
  materialSaving: boolean;
  /** Whether ADR-021's evidence for changing the default to essential is met. */
  defaultChangeJustified: boolean;
}

export interface BenchReport {
  schemaVersion: number;
  generatedAt: string;
  runtime: string;
  summaries: ProfileSummary[];
  runs: ProfileRun[];
  gate: Gate;
}

export function summarize(run: ProfileRun): ProfileSummary {
  const sum = (f: (t: TaskResult) => number) => run.tasks.reduce((acc, t) => acc + f(t), 0);
  const succeeded = run.tasks.filter((t) => t.success).length;
  const responseBpe = sum((t) => t.responseBpe);
  return {
    profile: run.profile,
    succeeded,
    total: run.tasks.length,
    successRate: run.tasks.length === 0 ? 0 : succeeded / run.tasks.length,
    calls: sum((t) => t.calls),
    retries: sum((t) => t.retries),
    manifestBpe: run.manifestBpe,
    responseBpe,
    totalBpe: run.manifestBpe * run.tasks.length + responseBpe,
    wallMs: Math.round(sum((t) => t.wallMs)),
  };
}

export function evaluateGate(full: ProfileSummary, essential: ProfileSummary): Gate {
  const essentialRatio = full.successRate === 0 ? 0 : essential.successRate / full.successRate;
  const tokenSaving = full.totalBpe === 0 ? 0 : 1 - essential.totalBpe / full.totalBpe;
  const successGateMet = essentialRatio >= SUCCESS_RATIO_GATE;
  const materialSaving = tokenSaving >= MATERIAL_SAVING;
  return {
    fullAllPassed: full.succeeded === full.total && full.total > 0,
    essentialRatio,
    successGateMet,
    tokenSaving,
    materialSaving,
    defaultChangeJustified: successGateMet && materialSaving,
  };
}

export function buildReport(runs: ProfileRun[], runtime: string, now = new Date()): BenchReport {
  const summaries = runs.map(summarize);
  const full = summaries.find((s) => s.profile === 'full');
  const essential = summaries.find((s) => s.profile === 'essential');
  if (!full || !essential) throw new Error('the report needs a full and an essential run');
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    generatedAt: now.toISOString(),
    runtime,
    summaries,
    runs,
    gate: evaluateGate(full, essential),
  };
}

/** `--check`: the reasons the run fails, empty when it passes. */
export function checkFailures(report: BenchReport): string[] {
  const failures: string[] = [];
  const full = report.runs.find((r) => r.profile === 'full');
  for (const task of full?.tasks ?? []) {
    if (!task.success) failures.push(`full: task ${task.id} failed: ${task.error ?? 'unknown'}`);
  }
  if (!report.gate.successGateMet) {
    failures.push(
      `essential reached ${(report.gate.essentialRatio * 100).toFixed(1)}% of full's success rate (needs ${SUCCESS_RATIO_GATE * 100}%)`,
    );
  }
  return failures;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function toMarkdown(report: BenchReport): string {
  const lines = [
    `# Profile benchmark (${report.runtime})`,
    '',
    '| profile | success | calls | retries | manifest BPE | response BPE | total BPE | wall ms |',
    '|---|---|---|---|---|---|---|---|',
    ...report.summaries.map(
      (s) =>
        `| ${s.profile} | ${s.succeeded}/${s.total} | ${s.calls} | ${s.retries} | ${s.manifestBpe} | ${s.responseBpe} | ${s.totalBpe} | ${s.wallMs} |`,
    ),
    '',
    '| task | ' + report.runs.map((r) => `${r.profile} (ok, calls, retries, response BPE, wall ms)`).join(' | ') + ' |',
    '|---|' + report.runs.map(() => '---').join('|') + '|',
  ];
  const ids = report.runs[0]?.tasks.map((t) => t.id) ?? [];
  for (const id of ids) {
    const cells = report.runs.map((r) => {
      const t = r.tasks.find((x) => x.id === id);
      if (!t) return 'n/a';
      const missing = t.missingTools?.length ? ` missing ${t.missingTools.join(', ')};` : '';
      const mark = t.success ? 'ok' : `FAIL${missing} ${t.code ?? ''}${t.hint ? ` (${t.hint})` : ''}`.trim();
      return `${mark}, ${t.calls}, ${t.retries}, ${t.responseBpe}, ${t.wallMs}`;
    });
    lines.push(`| ${id} | ${cells.join(' | ')} |`);
  }
  const g = report.gate;
  lines.push(
    '',
    'Calls and response BPE count task work only (each task launches and stops its own app outside the count). ' +
      'Total BPE = manifest BPE × tasks (each task is a fresh conversation that pays the listing once) + response BPE. ' +
      'Retries are calls a task repeats because an earlier answer was not yet what it needed.',
    '',
    `Evidence gate (ADR-021): essential success is ${pct(g.essentialRatio)} of full's (needs ${pct(SUCCESS_RATIO_GATE)}); ` +
      `total BPE saving ${pct(g.tokenSaving)} (material: ${pct(MATERIAL_SAVING)}). ` +
      (g.defaultChangeJustified
        ? 'The gate for changing the default is met; the default stays `full` until a recorded decision changes it.'
        : 'The gate for changing the default is not met; the default stays `full`.'),
    '',
  );
  return lines.join('\n');
}

const esc = (s: string) => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);

/** Two panels: manifest vs response BPE per profile (stacked), and calls per task per profile. */
export function toSvg(report: BenchReport): string {
  const width = 760;
  const colors = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759'];
  const parts: string[] = [];
  const maxTotal = Math.max(1, ...report.summaries.map((s) => s.totalBpe));
  const barH = 26;
  parts.push(`<text x="10" y="20" font-size="14" font-weight="bold">Total BPE per profile (manifest x tasks + responses)</text>`);
  report.summaries.forEach((s, i) => {
    const y = 34 + i * (barH + 8);
    const scale = (width - 260) / maxTotal;
    const manifestW = s.manifestBpe * s.total * scale;
    const responseW = s.responseBpe * scale;
    parts.push(
      `<text x="10" y="${y + 17}" font-size="12">${esc(s.profile)}</text>`,
      `<rect x="90" y="${y}" width="${manifestW.toFixed(1)}" height="${barH}" fill="${colors[0]}"><title>manifest ${s.manifestBpe * s.total}</title></rect>`,
      `<rect x="${(90 + manifestW).toFixed(1)}" y="${y}" width="${responseW.toFixed(1)}" height="${barH}" fill="${colors[1]}"><title>responses ${s.responseBpe}</title></rect>`,
      `<text x="${(96 + manifestW + responseW).toFixed(1)}" y="${y + 17}" font-size="11">${s.totalBpe} BPE</text>`,
    );
  });
  const top = 44 + report.summaries.length * (barH + 8);
  parts.push(`<text x="10" y="${top}" font-size="14" font-weight="bold">Calls per task</text>`);
  const ids = report.runs[0]?.tasks.map((t) => t.id) ?? [];
  const maxCalls = Math.max(1, ...report.runs.flatMap((r) => r.tasks.map((t) => t.calls)));
  const rowH = 10 * report.runs.length + 6;
  ids.forEach((id, i) => {
    const y = top + 12 + i * rowH;
    parts.push(`<text x="10" y="${y + 9}" font-size="11">${esc(id)}</text>`);
    report.runs.forEach((r, j) => {
      const t = r.tasks.find((x) => x.id === id);
      const w = ((t?.calls ?? 0) * (width - 260)) / maxCalls;
      parts.push(
        `<rect x="130" y="${y + j * 10}" width="${w.toFixed(1)}" height="9" fill="${colors[(j + 2) % colors.length]}"><title>${esc(r.profile)}: ${t?.calls ?? 0} calls</title></rect>`,
      );
    });
  });
  const legendY = top + 20 + ids.length * rowH;
  report.runs.forEach((r, j) => {
    parts.push(
      `<rect x="${10 + j * 120}" y="${legendY}" width="10" height="10" fill="${colors[(j + 2) % colors.length]}"/><text x="${24 + j * 120}" y="${legendY + 9}" font-size="11">${esc(r.profile)} calls</text>`,
    );
  });
  parts.push(
    `<rect x="${10 + report.runs.length * 120}" y="${legendY}" width="10" height="10" fill="${colors[0]}"/><text x="${24 + report.runs.length * 120}" y="${legendY + 9}" font-size="11">manifest</text>`,
    `<rect x="${100 + report.runs.length * 120}" y="${legendY}" width="10" height="10" fill="${colors[1]}"/><text x="${114 + report.runs.length * 120}" y="${legendY + 9}" font-size="11">responses</text>`,
  );
  const height = legendY + 24;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif"><rect width="100%" height="100%" fill="white"/>${parts.join('')}</svg>\n`;
}
