// Why: `npm test` and `npm run test:electron -- --electron <binary>` differ only in the switch
// (STAGEWRIGHT_TEST_ELECTRON, ADR-0023). The CI run on the stand-in proves the real-Electron run
// only if what tests launch is what the switch names: this checks the launched main process.
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { ELECTRON_SWITCH, testElectron } from '@stagewright/fake-electron';
import { describe, expect, it } from 'vitest';
import { ok } from '../test-support/mcp.js';
import { withApp } from '../test-support/with-app.js';

const real = (path: string) => realpathSync(path);

describe('the Electron switch', () => {
  it('resolves to the binary the runner chose', () => {
    const chosen = process.env[ELECTRON_SWITCH];
    const resolved = testElectron();
    // Under `npm test` / `npm run test:electron` the runner always sets it; alone, vitest falls back.
    if (chosen) expect(resolved).toMatchObject({ path: chosen, source: ELECTRON_SWITCH });
    else expect(resolved.source).not.toBe(ELECTRON_SWITCH);
  });

  it("is the binary an app launched through the MCP server runs on: its main process's argv[0] and command line", async () => {
    const expected = real(testElectron().path);
    await withApp(
      'bench',
      async (app) => {
        const argv0 = (await ok(app, 'electron_eval_main', { code: 'return process.argv[0];' })).result as string;
        expect(real(argv0)).toBe(expected);
        if (process.platform !== 'win32') {
          // The process the server started, as the operating system lists it.
          const commandLine = execFileSync('ps', ['-o', 'args=', '-p', String(app.launched.pid)], { encoding: 'utf8' });
          expect([testElectron().path, expected].some((path) => commandLine.includes(path))).toBe(true);
        }
      },
      { allowEval: ['main'] },
    );
  });
});
