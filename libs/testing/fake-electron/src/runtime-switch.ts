import { existsSync, realpathSync } from 'node:fs';
import { FAKE_ELECTRON_BIN } from './paths.js';

/**
 * The one switch that chooses the Electron binary every app-launching test uses (ADR-0023).
 * `npm test` sets it to the stand-in, `npm run test:electron -- --electron <binary>` to a real
 * Electron. Unset (a single project run by hand) it falls back to `STAGEWRIGHT_ELECTRON`, then the
 * stand-in. Test support reads it through `testElectron()` and nothing else.
 */
export const ELECTRON_SWITCH = 'STAGEWRIGHT_TEST_ELECTRON';

export type RuntimeKind = 'stand-in' | 'real';

export interface TestElectron {
  /** Absolute path of the binary tests launch. */
  path: string;
  /** The stand-in (fake-electron) or anything else, which tests treat as a real Electron. */
  kind: RuntimeKind;
  /** Where the path came from. */
  source: typeof ELECTRON_SWITCH | 'STAGEWRIGHT_ELECTRON' | 'default';
}

function samePath(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return a === b;
  }
}

/** The binary the switch resolves to in `env` (the process environment by default). */
export function testElectron(env: NodeJS.ProcessEnv = process.env): TestElectron {
  const chosen = env[ELECTRON_SWITCH];
  const legacy = env['STAGEWRIGHT_ELECTRON'];
  const [path, source]: [string, TestElectron['source']] = chosen
    ? [chosen, ELECTRON_SWITCH]
    : legacy
      ? [legacy, 'STAGEWRIGHT_ELECTRON']
      : [FAKE_ELECTRON_BIN, 'default'];
  if (source !== 'default' && !existsSync(path)) throw new Error(`${source}=${path}: no such file (point it at an Electron binary)`);
  return { path, kind: samePath(path, FAKE_ELECTRON_BIN) ? 'stand-in' : 'real', source };
}

/** The executable tests launch apps with: the switch's binary. */
export function electronExecutable(env: NodeJS.ProcessEnv = process.env): string {
  return testElectron(env).path;
}

/** True when tests run on the stand-in. */
export function onStandIn(env: NodeJS.ProcessEnv = process.env): boolean {
  return testElectron(env).kind === 'stand-in';
}

/**
 * How to start the switch's binary with `args` as a child process: the binary itself. The
 * stand-in's file is both a shell script and JavaScript: run directly, it execs the Node the
 * claimed Electron ships in its own place (bin/select-node.sh), so the child is the app's main
 * process. On Windows, where shebangs do not work, it runs through this Node instead.
 */
export function electronCommand(args: string[], env: NodeJS.ProcessEnv = process.env): { command: string; args: string[] } {
  const { path } = testElectron(env);
  return process.platform === 'win32' && /\.(c|m)?js$/.test(path)
    ? { command: process.execPath, args: [path, ...args] }
    : { command: path, args };
}

/** A POSIX shell line that execs the switch's binary (for wrapper scripts that stand for a packaged app). */
export function electronShellExec(env: NodeJS.ProcessEnv = process.env): string {
  const { command, args } = electronCommand([], env);
  return `exec ${[command, ...args].map((part) => JSON.stringify(part)).join(' ')}`;
}
