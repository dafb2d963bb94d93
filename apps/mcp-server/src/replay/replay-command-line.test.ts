// The runner's command line is what CI scripts are written against: its flags, the server flags it
// passes through unchanged, deterministic shards, and 64 for misuse before anything runs.
import { describe, expect, it } from 'vitest';
import { junitXml } from './junit.js';
import { parseReplayArgs, shardOf } from './replay-args.js';
import { replayCommand } from './replay-command.js';

describe('stagewright replay command line', () => {
  it('separates specs, parameters and runner flags from the server flags', () => {
    const args = parseReplayArgs([
      'a.replay.json',
      '--param',
      'name=Grace',
      '--param=n=2',
      '--tool-profile',
      'testing',
      '--allow-eval',
      'b.json',
      '--json',
      '--shard',
      '2/3',
      '--junit',
      'out.xml',
    ]);
    expect(args.specs).toEqual(['a.replay.json', 'b.json']);
    expect(args.params).toEqual({ name: { value: 'Grace', text: true }, n: { value: '2', text: true } });
    expect(args).toMatchObject({ json: true, junit: 'out.xml', shard: { index: 2, total: 3 } });
    expect(args.server).toMatchObject({ toolProfile: 'testing', allowEval: ['main', 'renderer'] });
  });

  it('passes the launch grants of serve through, with the same meaning', () => {
    const args = parseReplayArgs([
      'a.json',
      '--allow-launch-switch',
      'proxy-server',
      '--allow-env=APP_MODE',
      '--allow-executable',
      '/opt/e',
    ]);
    expect(args.server.launchGrants).toEqual({ switches: ['proxy-server'], env: ['APP_MODE'], executables: ['/opt/e'] });
  });

  it('spreads specs over shards by sorted path, each spec on exactly one shard', () => {
    const specs = ['d.json', 'a.json', 'c.json', 'b.json', 'e.json'];
    const shards = [1, 2].map((index) => shardOf(specs, { index, total: 2 }));
    expect(shards).toEqual([
      ['a.json', 'c.json', 'e.json'],
      ['b.json', 'd.json'],
    ]);
  });

  it('exits 64 on misuse, naming the problem, without running anything', async () => {
    for (const argv of [
      [],
      ['x.json', '--shard', '3/2'],
      ['x.json', '--tool-profile', 'nope'],
      ['x.json', '--param', 'novalue'],
      ['notaspec'],
    ]) {
      const err: string[] = [];
      expect(await replayCommand(argv, { stdout: () => undefined, stderr: (t) => err.push(t) })).toBe(64);
      expect(err.join('')).toMatch(/^stagewright replay: /);
    }
  });

  it('writes JUnit with a failure per mismatch and an error per invalid spec, escaping what the app said', () => {
    const xml = junitXml([
      { spec: 'a.json', name: 'A', status: 'passed', exitCode: 0, launched: true, steps: [], ms: 1200 },
      {
        spec: 'b.json',
        name: 'B <x>',
        status: 'failed',
        exitCode: 1,
        launched: true,
        ms: 10,
        problems: ['step 2 (electron_expect_text): got "<b>&"'],
        steps: [],
      },
      { spec: 'c.json', status: 'invalid', exitCode: 2, launched: false, ms: 1, problems: ['parameter "x" is required'], steps: [] },
    ]);
    expect(xml).toContain('<testsuite name="stagewright-replay" tests="3" failures="1" errors="1"');
    expect(xml).toContain('<testcase classname="stagewright-replay" name="A" file="a.json" time="1.200"/>');
    expect(xml).toContain('name="B &lt;x&gt;"');
    expect(xml).toContain('<failure type="failed" message="step 2 (electron_expect_text): got &quot;&lt;b&gt;&amp;&quot;"');
    expect(xml).toContain('<error type="invalid" message="parameter &quot;x&quot; is required"');
  });
});
