import { TOKENIZER, type ToolBpe, type VariantMeasurement } from './figures.js';

/**
 * The measurement report `manifest.mjs --json` writes. tools/nx-plugin's manifest-check reads it
 * and derives manifest-baseline.json from it, so the shape is a contract (schemaVersion).
 */
export const REPORT_SCHEMA_VERSION = 1;

export interface ManifestReport {
  schemaVersion: typeof REPORT_SCHEMA_VERSION;
  tokenizer: string;
  generatedAt: string;
  variants: Record<string, VariantMeasurement>;
}

export function createReport(variants: Record<string, VariantMeasurement>, now: Date): ManifestReport {
  return { schemaVersion: REPORT_SCHEMA_VERSION, tokenizer: TOKENIZER, generatedAt: now.toISOString(), variants };
}

/** The target for the full catalogue (issue 6), printed as information, not a gate. */
export const TARGETS = { coreSafeAverage: 120, toolCeiling: 200, essentialSafeTotal: 3300 } as const;

const num = (n: number) => n.toLocaleString('en-US');

function table(head: string[], rows: (string | number)[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: (string | number)[]) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  return [line(head), ...rows.map(line)].join('\n');
}

export function formatVariantTable(report: ManifestReport): string {
  const rows = Object.entries(report.variants).map(([name, m]) => [
    name,
    m.toolCount,
    num(m.codePoints),
    num(m.bytes),
    num(m.bpe),
    m.averageBpe.toFixed(1),
    m.largest[0] ? `${m.largest[0].name} (${m.largest[0].bpe})` : '-',
  ]);
  return table(['variant', 'tools', 'code points', 'bytes', `BPE (${report.tokenizer})`, 'avg BPE/tool', 'largest tool'], rows);
}

/** Every distinct tool across the measured variants with its BPE (a tool serializes the same in each). */
export function distinctTools(report: ManifestReport): ToolBpe[] {
  const byName = new Map<string, number>();
  for (const m of Object.values(report.variants)) {
    for (const t of m.perTool) byName.set(t.name, Math.max(t.bpe, byName.get(t.name) ?? 0));
  }
  return [...byName].map(([name, bpe]) => ({ name, bpe }));
}

/** Tools largest first with the ceiling marked: the tool authors' view. */
export function formatPerToolTable(title: string, tools: readonly ToolBpe[], ceiling: number = TARGETS.toolCeiling): string {
  const rows = [...tools]
    .sort((a, b) => b.bpe - a.bpe || a.name.localeCompare(b.name))
    .map((t) => [t.name, t.bpe, t.bpe > ceiling ? `over ${ceiling}` : '']);
  return `${title}\n${table(['tool', 'BPE', ''], rows)}`;
}

/** The targets against the measured figures; only variants present are judged. */
export function formatTargets(report: ManifestReport): string[] {
  const lines: string[] = [];
  const mark = (ok: boolean) => (ok ? 'ok  ' : 'MISS');
  const core = report.variants['core-safe'];
  if (core) {
    const max = core.largest[0]?.bpe ?? 0;
    lines.push(
      `${mark(core.averageBpe <= TARGETS.coreSafeAverage)} core-safe average ${core.averageBpe.toFixed(1)} BPE/tool (target <= ${TARGETS.coreSafeAverage})`,
    );
    lines.push(`${mark(max <= TARGETS.toolCeiling)} core-safe largest tool ${max} BPE (target <= ${TARGETS.toolCeiling})`);
  }
  const essential = report.variants['essential-safe'];
  if (essential) {
    lines.push(
      `${mark(essential.bpe <= TARGETS.essentialSafeTotal)} essential-safe ${num(essential.bpe)} BPE (target <= ${num(TARGETS.essentialSafeTotal)})`,
    );
  }
  return lines;
}
