// `stagewright production validate` is for release pipelines: they read the exit code (0 pass,
// 1 fail, 2 cannot check, 64 usage) and parse --json stdout, which must hold the report and
// nothing else. The built binary is spawned against the committed packaged-app fixtures.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '@stagewright/harness';

const FIXTURES = join(REPO_ROOT, 'libs/plugins/production/fixtures');
const LINUX = join(FIXTURES, 'linux-unpacked');
const MAC = join(FIXTURES, 'Probe.app');

interface Report {
  verdict: string;
  exitCode: number;
  counts: Record<string, number>;
  checks: { id: string; verdict: string; reason: string }[];
  error?: { code: string };
}
const validate = async (...args: string[]) => {
  const run = await runCli(['production', 'validate', ...args], { timeoutMs: 30_000 });
  return { ...run, report: args.includes('--json') && run.stdout ? (JSON.parse(run.stdout) as Report) : undefined };
};
const ids = (report: Report | undefined) => Object.fromEntries((report?.checks ?? []).map((c) => [c.id, c]));

describe('stagewright production validate', { timeout: 60_000 }, () => {
  it('exits 2 for a Linux build whose signature this machine cannot judge, 0 for the groups that all pass', async () => {
    const all = await validate(LINUX, '--json');
    expect(all.code, all.stderr).toBe(2);
    expect(all.report).toMatchObject({ verdict: 'unknown', exitCode: 2, counts: { pass: 15, fail: 0, unknown: 2 } });
    expect(ids(all.report)['signature:package']).toMatchObject({
      verdict: 'unknown',
      reason: expect.stringContaining('appimagetool --sign'),
    });
    expect(ids(all.report)['packaging:url-schemes']).toMatchObject({ verdict: 'pass' });
    const passing = await validate(LINUX, '--checks', 'fuses,package,url-schemes,updater,crash-reporter', '--json');
    expect(passing.code, passing.stderr).toBe(0);
    expect(passing.report).toMatchObject({ verdict: 'pass', exitCode: 0, counts: { pass: 12, fail: 0, unknown: 0 } });
  });

  it('exits 1 for the .app bundle whose update feed is http, naming the macOS commands it could not run here', async () => {
    const run = await validate(MAC, '--json');
    expect(run.code, run.stderr).toBe(1);
    const checks = ids(run.report);
    expect(checks['packaging:updater']).toMatchObject({ verdict: 'fail', reason: expect.stringContaining('http://') });
    expect(checks['asar:embedded-integrity']).toMatchObject({ verdict: 'pass' });
    expect(checks['signature:codesign']).toMatchObject({
      verdict: 'unknown',
      reason: `Needs macOS: run codesign --verify --deep --strict --verbose=2 ${MAC}`,
    });
    expect(checks['signature:notarization']?.reason).toContain('xcrun stapler validate');
    expect(checks['signature:gatekeeper']?.reason).toContain('spctl --assess');
    const human = await validate(MAC, '--checks', 'updater');
    expect(human.code).toBe(1);
    expect(human.stdout.trim().split('\n').at(-1)).toBe('fail: 0 passed, 1 failed, 0 unknown (exit 1)');
  });

  it('exits 2 with a JSON error for a missing app or one outside --app-root, and 64 on usage errors with nothing on stdout', async () => {
    const missing = await validate(join(FIXTURES, 'no-such.app'), '--json');
    expect(missing.code).toBe(2);
    expect(missing.report).toMatchObject({ verdict: 'unknown', exitCode: 2, error: { code: 'production.NOT_FOUND' } });
    const fenced = await validate(MAC, '--app-root', LINUX, '--json');
    expect(fenced.code).toBe(2);
    expect(fenced.report?.error?.code).toBe('PATH_OUTSIDE_ROOT');
    for (const args of [[], [LINUX, '--checks', 'bogus'], [LINUX, MAC], [LINUX, '--fast']]) {
      const usage = await validate(...args);
      expect(usage.code, args.join(' ')).toBe(64);
      expect(usage.stdout).toBe('');
      expect(usage.stderr).toMatch(/^stagewright production: .*\nUsage:/);
    }
  });
});
