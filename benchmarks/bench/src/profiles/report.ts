/**
 * Aggregation and checks of the profile benchmark (ADR-0035's evidence gate). Pure functions:
 * the runner feeds them measured task results, tests feed them fixed ones. Rendering is in
 * render.ts.
 */
export const REPORT_SCHEMA_VERSION = 2;
/** ADR-0035: a smaller profile must reach this share of full's success rate. */
export const SUCCESS_RATIO_GATE = 0.95;
/** What counts as a material token saving for the default-profile gate. */
export const MATERIAL_SAVING = 0.1;

/** A restart the scripted agent made: a new server on the profile the hint named. */
export interface Restart {
  from: string;
  named: string;
  tool: string;
  hint: string;
  /** The new server's listing, paid again by the conversation. */
  listingBpe: number;
}

/** Whether the profile a restart hint names really lists the hidden tool. */
export interface HintCheck {
  task: string;
  profile: string;
  tool: string;
  hint: string;
  named: string | null;
  contains: boolean;
}

export interface TaskResult {
  id: string;
  /** Succeeded in the end, after any restarts the hints asked for. */
  success: boolean;
  /** Succeeded on the profile under test, with no restart. */
  firstTry: boolean;
  calls: number;
  retries: number;
  responseBpe: number;
  /** Listings the conversation paid: the profile's once, plus each restart's. */
  listingBpe: number;
  wallMs: number;
  error?: string;
  code?: string;
  hint?: string;
  /** Tools the task called that a profile's tools/list did not offer. */
  missingTools?: string[];
  restarts?: Restart[];
  /** Offers enabled mid-conversation (electron_enable, ADR-0045), each with the listing after it. */
  enables?: { name: string; tool: string; listingBpe: number }[];
}

export interface ProfileRun {
  profile: string;
  listingBpe: number;
  toolCount: number;
  tasks: TaskResult[];
  hintChecks: HintCheck[];
}

export interface ProfileSummary {
  profile: string;
  succeeded: number;
  firstTry: number;
  total: number;
  restarts: number;
  calls: number;
  retries: number;
  /** One listing of this profile; each task is a conversation that pays it once. */
  listingBpe: number;
  conversations: number;
  restartListingBpe: number;
  /** electron_enable calls, and the listings a refreshing host received after them. */
  enables: number;
  enableListingBpe: number;
  responseBpe: number;
  /** listingBpe × conversations + restartListingBpe + enableListingBpe + responseBpe. */
  totalBpe: number;
  wallMs: number;
  /** Tasks that needed a restart, with the profiles the hints named in turn. */
  restarted: { id: string; named: string[] }[];
}

export interface GateRow {
  profile: string;
  /** First-try success relative to full's: a restart needs the operator, so it is not success. */
  firstTryRatio: number;
  /** Final success (after restarts) relative to full's. */
  finalRatio: number;
  tokenSaving: number;
  successGateMet: boolean;
  materialSaving: boolean;
  met: boolean;
}

export interface Gate {
  fullAllPassed: boolean;
  rows: GateRow[];
  /** The smallest profile that meets the gate, or null: then the evidence keeps `full`. */
  candidate: string | null;
}

export interface BenchReport {
  schemaVersion: number;
  generatedAt: string;
  runtime: string;
  summaries: ProfileSummary[];
  runs: ProfileRun[];
  gate: Gate;
}

/** What --check compares against: one recorded summary per profile. */
export type Baseline = Record<string, { succeeded: number; total: number; restarts: number }>;

export function summarize(run: ProfileRun): ProfileSummary {
  const sum = (f: (t: TaskResult) => number) => run.tasks.reduce((acc, t) => acc + f(t), 0);
  const responseBpe = sum((t) => t.responseBpe);
  const restartListingBpe = sum((t) => (t.restarts ?? []).reduce((acc, r) => acc + r.listingBpe, 0));
  const enableListingBpe = sum((t) => (t.enables ?? []).reduce((acc, e) => acc + e.listingBpe, 0));
  return {
    profile: run.profile,
    succeeded: run.tasks.filter((t) => t.success).length,
    firstTry: run.tasks.filter((t) => t.firstTry).length,
    total: run.tasks.length,
    restarts: sum((t) => t.restarts?.length ?? 0),
    calls: sum((t) => t.calls),
    retries: sum((t) => t.retries),
    listingBpe: run.listingBpe,
    conversations: run.tasks.length,
    restartListingBpe,
    enables: sum((t) => t.enables?.length ?? 0),
    enableListingBpe,
    responseBpe,
    totalBpe: run.listingBpe * run.tasks.length + restartListingBpe + enableListingBpe + responseBpe,
    wallMs: Math.round(sum((t) => t.wallMs)),
    restarted: run.tasks.filter((t) => t.restarts?.length).map((t) => ({ id: t.id, named: t.restarts!.map((r) => r.named) })),
  };
}

const rate = (n: number, d: number) => (d === 0 ? 0 : n / d);

export function evaluateGate(summaries: ProfileSummary[]): Gate {
  const full = summaries.find((s) => s.profile === 'full');
  if (!full) throw new Error('the report needs a full run');
  const rows = summaries
    .filter((s) => s !== full)
    .map((s): GateRow => {
      const firstTryRatio = rate(rate(s.firstTry, s.total), rate(full.succeeded, full.total));
      const tokenSaving = full.totalBpe === 0 ? 0 : 1 - s.totalBpe / full.totalBpe;
      const successGateMet = firstTryRatio >= SUCCESS_RATIO_GATE;
      const materialSaving = tokenSaving >= MATERIAL_SAVING;
      return {
        profile: s.profile,
        firstTryRatio,
        finalRatio: rate(rate(s.succeeded, s.total), rate(full.succeeded, full.total)),
        tokenSaving,
        successGateMet,
        materialSaving,
        met: successGateMet && materialSaving,
      };
    });
  const met = rows.filter((r) => r.met).sort((a, b) => b.tokenSaving - a.tokenSaving);
  return { fullAllPassed: full.total > 0 && full.succeeded === full.total, rows, candidate: met[0]?.profile ?? null };
}

export function buildReport(runs: ProfileRun[], runtime: string, now = new Date()): BenchReport {
  const summaries = runs.map(summarize);
  return { schemaVersion: REPORT_SCHEMA_VERSION, generatedAt: now.toISOString(), runtime, summaries, runs, gate: evaluateGate(summaries) };
}

/** `--check`: the reasons the run fails, empty when it passes. */
export function checkFailures(report: BenchReport, baseline: Baseline): string[] {
  const failures: string[] = [];
  for (const task of report.runs.find((r) => r.profile === 'full')?.tasks ?? []) {
    if (!task.success) failures.push(`full: task ${task.id} failed: ${task.error ?? 'unknown'}`);
  }
  for (const s of report.summaries) {
    const recorded = baseline[s.profile];
    if (!recorded) {
      failures.push(`${s.profile}: no recorded figures in the baseline (rerun with --update-baseline)`);
      continue;
    }
    if (s.total !== recorded.total) failures.push(`${s.profile}: ${s.total} tasks, the baseline records ${recorded.total}`);
    if (s.succeeded < recorded.succeeded)
      failures.push(`${s.profile}: ${s.succeeded}/${s.total} succeeded, the baseline records ${recorded.succeeded}`);
    if (s.restarts > recorded.restarts) failures.push(`${s.profile}: ${s.restarts} restarts, the baseline records ${recorded.restarts}`);
  }
  for (const c of report.runs.flatMap((r) => r.hintChecks)) {
    if (!c.contains) {
      failures.push(
        `${c.profile}: ${c.task} met hidden ${c.tool}; the hint ${JSON.stringify(c.hint)} names ${c.named ?? 'no profile'}, which does not list it`,
      );
    }
  }
  return failures;
}

/** The figures --update-baseline records. */
export function toBaseline(report: BenchReport): Baseline {
  return Object.fromEntries(report.summaries.map((s) => [s.profile, { succeeded: s.succeeded, total: s.total, restarts: s.restarts }]));
}
