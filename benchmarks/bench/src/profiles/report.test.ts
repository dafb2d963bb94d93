// The report is the evidence ADR-021 asks for before the default profile may change: its
// arithmetic and its gate must be right, or the decision it informs is wrong.
import { describe, expect, it } from 'vitest';
import { buildReport, checkFailures, summarize, toMarkdown, toSvg, type ProfileRun, type TaskResult } from './report.js';

const task = (id: string, over: Partial<TaskResult> = {}): TaskResult => ({
  id,
  success: true,
  calls: 3,
  retries: 0,
  responseBpe: 100,
  wallMs: 50,
  ...over,
});

function run(profile: string, manifestBpe: number, tasks: TaskResult[]): ProfileRun {
  return { profile, manifestBpe, toolCount: 10, tasks };
}

describe('profile report aggregation', () => {
  it('sums calls, retries and responses, and charges the manifest once per task', () => {
    const s = summarize(
      run('full', 1000, [task('a', { calls: 2, retries: 1, responseBpe: 40 }), task('b', { calls: 5, responseBpe: 60, success: false })]),
    );
    expect(s).toMatchObject({
      succeeded: 1,
      total: 2,
      successRate: 0.5,
      calls: 7,
      retries: 1,
      responseBpe: 100,
      totalBpe: 2100,
      wallMs: 100,
    });
  });

  it('meets the default-change gate only with >= 95% of full success and a material saving', () => {
    const tasks = Array.from({ length: 20 }, (_, i) => task(`t${i}`));
    const oneFail = tasks.map((t, i) => (i === 0 ? { ...t, success: false } : t));
    const met = buildReport([run('full', 10_000, tasks), run('essential', 3_000, oneFail)], 'fake');
    expect(met.gate.essentialRatio).toBeCloseTo(0.95);
    expect(met.gate.defaultChangeJustified).toBe(true);

    const twoFail = oneFail.map((t, i) => (i === 1 ? { ...t, success: false } : t));
    const notMet = buildReport([run('full', 10_000, tasks), run('essential', 3_000, twoFail)], 'fake');
    expect(notMet.gate.successGateMet).toBe(false);
    expect(checkFailures(notMet)).toEqual([expect.stringContaining('90.0% of full')]);

    const noSaving = buildReport([run('full', 10_000, tasks), run('essential', 9_800, tasks)], 'fake');
    expect(noSaving.gate.materialSaving).toBe(false);
    expect(noSaving.gate.defaultChangeJustified).toBe(false);
  });

  it('--check fails on any failed task in full and names it', () => {
    const report = buildReport(
      [run('full', 100, [task('greet', { success: false, error: 'boom' })]), run('essential', 50, [task('greet', { success: false })])],
      'fake',
    );
    expect(checkFailures(report)).toContain('full: task greet failed: boom');
  });

  it('renders a Markdown row per task with failure codes and hints, and an SVG', () => {
    const report = buildReport(
      [
        run('full', 100, [task('scroll')]),
        run('essential', 50, [
          task('scroll', {
            success: false,
            code: 'TOOL_NOT_IN_PROFILE',
            hint: 'restart with --tool-profile testing',
            missingTools: ['electron_scroll_into_view'],
          }),
        ]),
      ],
      'fake',
    );
    const md = toMarkdown(report);
    expect(md).toContain('| full | 1/1 | 3 | 0 | 100 | 100 | 200 |');
    expect(md).toContain(
      'FAIL missing electron_scroll_into_view; TOOL_NOT_IN_PROFILE (restart with --tool-profile testing), 3, 0, 100, 50',
    );
    expect(md).toContain('| scroll | ok, 3, 0, 100, 50 |');
    expect(md).toMatch(/Total BPE = manifest BPE × tasks/);
    expect(md).toContain('default stays `full`');
    const svg = toSvg(report);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('essential calls');
  });

  it('refuses a report without both profiles', () => {
    expect(() => buildReport([run('full', 1, [])], 'fake')).toThrow(/full and an essential/);
  });
});
