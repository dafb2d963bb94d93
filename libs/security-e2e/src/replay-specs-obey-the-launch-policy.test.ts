// A replay spec launches its app through electron_launch: its `app` must meet the same launch policy, opened by the same operator flags as `serve`, so a spec whose args or env run code fails before anything runs instead of "passing".
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { electronExecutable, electronShellExec } from '@stagewright/fake-electron';
import { loginApp } from '@stagewright/fixtures/login';
import { runCli } from '@stagewright/harness';
import { describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'sw-replay-policy-'));
const marker = join(dir, 'ran');
const shell = `/bin/sh -c touch\${IFS}${marker}`;
let n = 0;

function spec(app: Record<string, unknown>): string {
  const file = join(dir, `s${n++}.replay.json`);
  const body = {
    format: 'stagewright-replay/1',
    name: 'policy',
    app: { main: loginApp.dir, ...app },
    steps: [{ tool: 'electron_windows' }],
  };
  writeFileSync(file, JSON.stringify(body));
  return file;
}

const replay = (argv: string[]) =>
  runCli(['replay', ...argv, '--json'], { env: { STAGEWRIGHT_ELECTRON: electronExecutable() }, timeoutMs: 100_000 });

/** App settings that would run a command or load code, with the code each is refused with. */
const HOSTILE: [Record<string, unknown>, string][] = [
  [{ args: [`--renderer-cmd-prefix=${shell}`] }, 'LAUNCH_ARG_NOT_ALLOWED'],
  [{ args: [`--gpu-launcher=${shell}`] }, 'LAUNCH_ARG_NOT_ALLOWED'],
  [{ args: ['-r', join(dir, 'outside.js')] }, 'LAUNCH_ARG_NOT_ALLOWED'],
  [{ args: ['--js-flags=--allow-natives-syntax'] }, 'LAUNCH_ARG_NOT_ALLOWED'],
  [{ args: ['--inspect-brk=0'] }, 'LAUNCH_ARG_NOT_ALLOWED'],
  [{ env: { NODE_OPTIONS: `--require ${join(dir, 'outside.js')}` } }, 'ENV_NOT_ALLOWED'],
  [{ env: { LD_PRELOAD: join(dir, 'x.so') } }, 'ENV_NOT_ALLOWED'],
];

describe('replay specs under the launch policy', () => {
  it('a spec whose app args or env run code exits non-zero (3) naming the refusal, before anything runs', {
    timeout: 300_000,
  }, async () => {
    writeFileSync(join(dir, 'outside.js'), `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran');`);
    for (const [app, code] of HOSTILE) {
      const run = await replay([spec(app)]);
      expect(run.code, JSON.stringify(app)).toBe(3);
      const [result] = JSON.parse(run.stdout).results;
      expect(result, JSON.stringify(app)).toMatchObject({ status: 'launch_failed', launched: false });
      expect(result.problems.join(' ')).toContain(code);
    }
    expect(existsSync(marker)).toBe(false);
  });

  it('the app executablePath outside --app-root is refused; the operator flags of serve open switches and executables for replay too', {
    timeout: 200_000,
  }, async () => {
    const planted = join(dir, 'electron.sh');
    writeFileSync(planted, `#!/bin/sh\n${electronShellExec()} "$@"\n`);
    chmodSync(planted, 0o755);
    const outsideSpec = spec({ executablePath: planted });
    const outside = await replay([outsideSpec, '--app-root', loginApp.dir]);
    expect(outside.code).toBe(3);
    expect(JSON.parse(outside.stdout).results[0].problems.join(' ')).toMatch(/PATH_OUTSIDE_ROOT.*--allow-executable/);
    const allowed = await replay([outsideSpec, '--app-root', loginApp.dir, '--allow-executable', planted]);
    expect(allowed.code, allowed.stderr).toBe(0);
    const refused = await replay([spec({ args: ['--autoplay-policy=no-user-gesture-required'] })]);
    expect(JSON.parse(refused.stdout).results[0].problems.join(' ')).toContain('--allow-launch-switch autoplay-policy');
    const opened = await replay([
      spec({ args: ['--autoplay-policy=no-user-gesture-required'] }),
      '--allow-launch-switch',
      'autoplay-policy',
    ]);
    expect(opened.code, opened.stderr).toBe(0);
  });

  it('an operator flag that would open a runtime-changing name is a usage error (64)', async () => {
    const run = await replay([spec({}), '--allow-env', 'NODE_OPTIONS']);
    expect(run.code).toBe(64);
    expect(run.stderr).toContain('--allow-env NODE_OPTIONS');
  });
});
