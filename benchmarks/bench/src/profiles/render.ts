import { MATERIAL_SAVING, SUCCESS_RATIO_GATE, type BenchReport, type TaskResult } from './report.js';

/** Markdown and SVG views of a profile benchmark report. */
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** One cell of the tasks × profiles table: outcome, the restarts taken, calls. */
export function taskCell(t: TaskResult | undefined): string {
  if (!t) return 'n/a';
  const restarts = [...(t.restarts ?? []).map((r) => `↻ ${r.named}`), ...(t.enables ?? []).map((e) => `+${e.name}`)].join(' ');
  const outcome = t.success ? 'ok' : `FAIL ${t.code ?? ''}`.trim();
  return `${restarts ? `${restarts}, ` : ''}${outcome}, ${t.calls} calls`;
}

/** The 24 × 4 table alone (also pasted into docs/benchmarks.md). */
export function taskTable(report: BenchReport): string[] {
  const lines = [`| task | ${report.runs.map((r) => r.profile).join(' | ')} |`, `|---|${report.runs.map(() => '---').join('|')}|`];
  for (const id of report.runs[0]?.tasks.map((t) => t.id) ?? []) {
    lines.push(`| ${id} | ${report.runs.map((r) => taskCell(r.tasks.find((x) => x.id === id))).join(' | ')} |`);
  }
  return lines;
}

export function toMarkdown(report: BenchReport): string {
  const lines = [
    `# Profile benchmark (${report.runtime})`,
    '',
    '| profile | tools | success | first try | restarts | enables | calls | retries | listing BPE × conversations | restart listings BPE | enable listings BPE | response BPE | total BPE | wall ms |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...report.summaries.map((s) => {
      const tools = report.runs.find((r) => r.profile === s.profile)?.toolCount ?? 0;
      return `| ${s.profile} | ${tools} | ${s.succeeded}/${s.total} | ${s.firstTry}/${s.total} | ${s.restarts} | ${s.enables} | ${s.calls} | ${s.retries} | ${s.listingBpe} × ${s.conversations} | ${s.restartListingBpe} | ${s.enableListingBpe} | ${s.responseBpe} | ${s.totalBpe} | ${s.wallMs} |`;
    }),
    '',
    'Tasks that needed a restart (→ the profile the hint named):',
    '',
    ...report.summaries.map(
      (s) => `- ${s.profile}: ${s.restarted.length ? s.restarted.map((r) => `${r.id} → ${r.named.join(' → ')}`).join(', ') : 'none'}`,
    ),
    '',
    ...taskTable(report),
    '',
    '| profile | first-try success vs full | final success vs full | total BPE saving | gate |',
    '|---|---|---|---|---|',
    ...report.gate.rows.map(
      (g) => `| ${g.profile} | ${pct(g.firstTryRatio)} | ${pct(g.finalRatio)} | ${pct(g.tokenSaving)} | ${g.met ? 'met' : 'not met'} |`,
    ),
    '',
    "Each task is a fresh conversation that pays its profile's listing once. When a call meets a tool the profile hides, " +
      'the scripted agent does what the restart hint says: a new server on the profile it names (its listing paid again), ' +
      'the task redone from the start; calls and response BPE count every attempt. Launch and stop are set-up, outside the count. ' +
      'Retries are calls a task repeats because an earlier answer was not yet what it needed. ' +
      'First try = succeeded on the profile as configured, with no restart.',
    '',
    `Evidence gate (ADR-0035, amended by ADR-0002): first-try success at least ${pct(SUCCESS_RATIO_GATE)} of full's and a total BPE saving of at least ${pct(MATERIAL_SAVING)}. ` +
      (report.gate.candidate
        ? `\`${report.gate.candidate}\` meets it; the default stays \`full\` until a recorded decision changes it.`
        : 'No smaller profile meets it; the default stays `full`.'),
    '',
  ];
  return lines.join('\n');
}

const esc = (s: string) => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);
const COLORS = ['#4e79a7', '#9c755f', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#edc948'];

/** Two panels: listing, restart listings and responses per profile (stacked), and calls per task per profile. */
export function toSvg(report: BenchReport): string {
  const width = 760;
  const parts: string[] = [];
  const maxTotal = Math.max(1, ...report.summaries.map((s) => s.totalBpe));
  const barH = 26;
  const scale = (width - 260) / maxTotal;
  parts.push(
    '<text x="10" y="20" font-size="14" font-weight="bold">Total BPE per profile (listing x conversations + restart listings + responses)</text>',
  );
  report.summaries.forEach((s, i) => {
    const y = 34 + i * (barH + 8);
    const segments = [s.listingBpe * s.conversations, s.restartListingBpe + s.enableListingBpe, s.responseBpe];
    let x = 90;
    parts.push(`<text x="10" y="${y + 17}" font-size="12">${esc(s.profile)}</text>`);
    segments.forEach((value, k) => {
      const w = value * scale;
      parts.push(
        `<rect x="${x.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="${barH}" fill="${COLORS[k]}"><title>${value}</title></rect>`,
      );
      x += w;
    });
    parts.push(`<text x="${(x + 6).toFixed(1)}" y="${y + 17}" font-size="11">${s.totalBpe} BPE, ${s.restarts} restarts</text>`);
  });
  const top = 44 + report.summaries.length * (barH + 8);
  parts.push(`<text x="10" y="${top}" font-size="14" font-weight="bold">Calls per task (all attempts)</text>`);
  const ids = report.runs[0]?.tasks.map((t) => t.id) ?? [];
  const maxCalls = Math.max(1, ...report.runs.flatMap((r) => r.tasks.map((t) => t.calls)));
  const rowH = 10 * report.runs.length + 6;
  ids.forEach((id, i) => {
    const y = top + 12 + i * rowH;
    parts.push(`<text x="10" y="${y + 9}" font-size="11">${esc(id)}</text>`);
    report.runs.forEach((r, j) => {
      const t = r.tasks.find((x) => x.id === id);
      const w = ((t?.calls ?? 0) * (width - 260)) / maxCalls;
      const label = `${esc(r.profile)}: ${t?.calls ?? 0} calls${t?.restarts?.length ? `, ${t.restarts.length} restart` : ''}`;
      parts.push(
        `<rect x="140" y="${y + j * 10}" width="${w.toFixed(1)}" height="9" fill="${COLORS[(j + 3) % COLORS.length]}"><title>${label}</title></rect>`,
      );
    });
  });
  const legendY = top + 20 + ids.length * rowH;
  const legend = [
    ...report.runs.map((r, j) => ({ label: `${r.profile} calls`, color: COLORS[(j + 3) % COLORS.length] })),
    { label: 'listing', color: COLORS[0] },
    { label: 'restart listings', color: COLORS[1] },
    { label: 'responses', color: COLORS[2] },
  ];
  legend.forEach((item, j) => {
    const x = 10 + (j % 4) * 180;
    const y = legendY + Math.floor(j / 4) * 16;
    parts.push(
      `<rect x="${x}" y="${y}" width="10" height="10" fill="${item.color}"/><text x="${x + 14}" y="${y + 9}" font-size="11">${esc(item.label)}</text>`,
    );
  });
  const height = legendY + 16 * Math.ceil(legend.length / 4) + 8;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif"><rect width="100%" height="100%" fill="white"/>${parts.join('')}</svg>\n`;
}
