// MCP Inspector's CLI (2.12.0, needs Node >= 22, which npx brings as the node@22 package) run
// against the bundled server over stdio. It is an independent client: what it accepts, hosts built
// on the reference implementation accept.
import { execFile } from 'node:child_process';
import { electronExecutable } from '@stagewright/fake-electron';
import { REPO_ROOT, SERVER_BUNDLE, assertBundleBuilt } from '@stagewright/harness';

export const INSPECTOR = ['-y', '-p', 'node@22', '-p', '@modelcontextprotocol/inspector@2.12.0', 'mcp-inspector', '--cli'];

export interface InspectorRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function inspect(serverArgs: string[], method: string[]): Promise<InspectorRun> {
  assertBundleBuilt();
  return new Promise((resolve) => {
    execFile(
      'npx',
      [...INSPECTOR, 'node', SERVER_BUNDLE, ...serverArgs, ...method],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, STAGEWRIGHT_ELECTRON: electronExecutable(), npm_config_loglevel: 'error' },
        timeout: 280_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
