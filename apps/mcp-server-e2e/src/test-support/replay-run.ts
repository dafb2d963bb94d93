import { electronExecutable } from '@stagewright/fake-electron';
import { replayCommand } from '../../../mcp-server/src/replay/replay-command.js';

/** `stagewright replay <argv> --json` in process, apps on fake-electron: exit code, stderr and the JSON report. */
export async function replayForTest(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await replayCommand([...argv, '--json'], {
    stdout: (text) => {
      out.push(text);
    },
    stderr: (text) => {
      err.push(text);
    },
    driverOptions: { fallbackExecutablePath: electronExecutable() },
  });
  const report = JSON.parse(out.join('')) as { exitCode: number; results: any[] };
  return { code, err: err.join(''), out: out.join(''), report, result: report.results[0] };
}
