// The report is the evidence ADR-0035 asks for before the default profile may change: its
// arithmetic, its gate and its --check must be right, or the decision it informs is wrong.
import { describe, expect, it } from 'vitest';
import { namedProfiles } from './attempt.js';
import { buildReport, checkFailures, summarize, toBaseline, type HintCheck, type ProfileRun, type TaskResult } from './report.js';
import { toMarkdown, toSvg } from './render.js';

const task = (id: string, over: Partial<TaskResult> = {}): TaskResult => ({
  id,
  success: true,
  firstTry: true,
  calls: 3,
  retries: 0,
  responseBpe: 100,
  listingBpe: 1000,
  wallMs: 50,
  ...over,
});

const restarted = (id: string, named: string, listingBpe: number): TaskResult =>
  task(id, {
    firstTry: false,
    restarts: [{ from: 'essential', named, tool: 'electron_hover', hint: `Restart with --tool-profile ${named}`, listingBpe }],
  });

function run(profile: string, listingBpe: number, tasks: TaskResult[], hintChecks: HintCheck[] = []): ProfileRun {
  return { profile, listingBpe, toolCount: 10, tasks, hintChecks };
}

describe('profile report aggregation', () => {
  it('charges the listing once per conversation plus each restart listing, and sums every attempt', () => {
    const s = summarize(
      run('essential', 1000, [
        task('a', { calls: 2, retries: 1, responseBpe: 40 }),
        { ...restarted('b', 'testing', 1500), calls: 5, responseBpe: 60 },
      ]),
    );
    expect(s).toMatchObject({
      succeeded: 2,
      firstTry: 1,
      total: 2,
      restarts: 1,
      calls: 7,
      retries: 1,
      conversations: 2,
      restartListingBpe: 1500,
      responseBpe: 100,
      totalBpe: 2000 + 1500 + 100,
      restarted: [{ id: 'b', named: ['testing'] }],
    });
  });

  it('meets the gate only with >= 95% of full first-try success and a material saving', () => {
    const tasks = Array.from({ length: 20 }, (_, i) => task(`t${i}`));
    const oneRestart = tasks.map((t, i) => (i === 0 ? restarted(t.id, 'testing', 0) : t));
    const met = buildReport([run('essential', 3_000, oneRestart), run('full', 10_000, tasks)], 'fake');
    expect(met.gate.rows[0]).toMatchObject({ profile: 'essential', finalRatio: 1, met: true });
    expect(met.gate.rows[0]!.firstTryRatio).toBeCloseTo(0.95);
    expect(met.gate.candidate).toBe('essential');

    const twoRestarts = oneRestart.map((t, i) => (i === 1 ? restarted(t.id, 'testing', 0) : t));
    const notMet = buildReport([run('essential', 3_000, twoRestarts), run('full', 10_000, tasks)], 'fake');
    expect(notMet.gate.rows[0]).toMatchObject({ finalRatio: 1, successGateMet: false, met: false });
    expect(notMet.gate.candidate).toBeNull();

    const noSaving = buildReport([run('testing', 9_800, tasks), run('full', 10_000, tasks)], 'fake');
    expect(noSaving.gate.rows[0]).toMatchObject({ successGateMet: true, materialSaving: false, met: false });
  });

  it('--check fails on a failed full task, on fewer successes or more restarts than recorded, and on a new task count', () => {
    const report = buildReport(
      [
        run('essential', 50, [restarted('greet', 'testing', 10), task('b', { success: false, firstTry: false })]),
        run('full', 100, [task('greet', { success: false, error: 'boom' }), task('b')]),
      ],
      'fake',
    );
    const recorded = { essential: { succeeded: 2, total: 2, restarts: 0 }, full: { succeeded: 1, total: 3, restarts: 0 } };
    expect(checkFailures(report, recorded)).toEqual([
      'full: task greet failed: boom',
      'essential: 1/2 succeeded, the baseline records 2',
      'essential: 1 restarts, the baseline records 0',
      'full: 2 tasks, the baseline records 3',
    ]);
    expect(checkFailures(report, toBaseline(report))).toEqual(['full: task greet failed: boom']);
    expect(checkFailures(report, { full: recorded.full })).toContain(
      'essential: no recorded figures in the baseline (rerun with --update-baseline)',
    );
  });

  it('--check fails for every hidden tool whose hint names a profile that does not list it', () => {
    const checks: HintCheck[] = [
      { task: 'hover', profile: 'essential', tool: 'electron_hover', hint: 'x --tool-profile testing', named: 'testing', contains: true },
      { task: 'drag', profile: 'debug', tool: 'electron_drag', hint: 'x --tool-profile debug', named: 'debug', contains: false },
      { task: 'dialog', profile: 'testing', tool: 'electron_dialog_handler', hint: 'restart', named: null, contains: false },
    ];
    const report = buildReport([run('debug', 50, [task('a')], checks), run('full', 100, [task('a')])], 'fake');
    const failures = checkFailures(report, toBaseline(report));
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatch(/debug: drag met hidden electron_drag; the hint .* names debug, which does not list it/);
    expect(failures[1]).toMatch(/names no profile/);
  });

  it('reads the profiles a restart hint names, in order', () => {
    expect(namedProfiles('Restart the server with --tool-profile testing (or --tool-profile full).')).toEqual(['testing', 'full']);
    expect(namedProfiles(undefined)).toEqual([]);
  });

  it('renders summaries, restarted tasks, the tasks × profiles table and the gate, and an SVG', () => {
    const report = buildReport(
      [run('essential', 50, [task('scroll'), restarted('hover', 'testing', 80)]), run('full', 100, [task('scroll'), task('hover')])],
      'fake',
    );
    const md = toMarkdown(report);
    expect(md).toContain('| essential | 10 | 2/2 | 1/2 | 1 | 0 | 6 | 0 | 50 × 2 | 80 | 0 | 200 | 380 |');
    expect(md).toContain('- essential: hover → testing');
    expect(md).toContain('- full: none');
    expect(md).toContain('| task | essential | full |');
    expect(md).toContain('| hover | ↻ testing, ok, 3 calls | ok, 3 calls |');
    expect(md).toContain('| essential | 50.0% | 100.0% |');
    expect(md).toContain('default stays `full`');
    const svg = toSvg(report);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('restart listings');
  });

  it('refuses a report without a full run', () => {
    expect(() => buildReport([run('essential', 1, [])], 'fake')).toThrow(/full run/);
  });
});
