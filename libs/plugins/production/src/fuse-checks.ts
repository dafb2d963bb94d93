import { statSync } from 'node:fs';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { type Check, LIMITS, check } from './check.js';

interface FuseRule {
  option: FuseV1Options;
  /** The hardened state. */
  secure: 'on' | 'off';
  /** What the insecure state lets anyone do. */
  risk: string;
  /** What each state means for an agent driving the app (omitted when it changes nothing). */
  agent: { on?: string; off?: string };
}

/** The fuses a production build is judged on (Electron's security checklist). */
const RULES: readonly FuseRule[] = [
  {
    option: FuseV1Options.RunAsNode,
    secure: 'off',
    risk: 'ELECTRON_RUN_AS_NODE=1 turns the binary into a plain Node.js runtime',
    agent: { off: 'Blocks tools that start the binary as Node (ELECTRON_RUN_AS_NODE); electron_launch/attach/inject do not use it.' },
  },
  {
    option: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
    secure: 'off',
    risk: 'NODE_OPTIONS (--require, --inspect) is honoured, so the environment can inject code',
    agent: { off: 'NODE_OPTIONS is ignored: no preload or inspector through the environment.' },
  },
  {
    option: FuseV1Options.EnableNodeCliInspectArguments,
    secure: 'off',
    risk: '--inspect and SIGUSR1 open the main-process debugger, i.e. run any code in the app',
    agent: {
      off: 'No main-process inspector: electron_launch of this executable cannot connect (it times out), electron_inject fails, main-process tools are unavailable. electron_attach to a --remote-debugging-port still reaches the windows.',
      on: 'electron_launch, electron_inject and main-process tools work on this build.',
    },
  },
  {
    option: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
    secure: 'on',
    risk: 'app.asar can be modified without Electron noticing',
    agent: { on: 'A modified app.asar is refused: never patch the archive to instrument the app.' },
  },
  {
    option: FuseV1Options.OnlyLoadAppFromAsar,
    secure: 'on',
    risk: 'Electron also loads an app/ folder or loose files placed next to the archive',
    agent: { on: 'Only app.asar loads: a test build cannot be swapped in as an app/ folder.' },
  },
  {
    option: FuseV1Options.EnableCookieEncryption,
    secure: 'on',
    risk: 'cookies are stored unencrypted on disk',
    agent: {},
  },
  {
    option: FuseV1Options.GrantFileProtocolExtraPrivileges,
    secure: 'off',
    risk: 'file:// pages get privileges beyond a browser (fetch of other files, service workers)',
    agent: {},
  },
];

const fuseId = (option: FuseV1Options) => `fuse:${FuseV1Options[option]}`;

/** One check per fuse of RULES, read with @electron/fuses from the binary's fuse wire. */
export async function fuseChecks(fuseFile: string | undefined): Promise<{ checks: Check[]; wire?: Record<string, string> }> {
  const all = (reason: string) => ({ checks: RULES.map((rule) => check(fuseId(rule.option), 'unknown', reason)) });
  if (!fuseFile) return all('No Electron executable found at this path; pass the executable itself.');
  const size = statSync(fuseFile).size;
  if (size > LIMITS.executableBytes) return all(`The executable is ${size} bytes, over the ${LIMITS.executableBytes}-byte scan bound.`);
  let wire: Record<number, number>;
  try {
    wire = (await getCurrentFuseWire(fuseFile)) as unknown as Record<number, number>;
  } catch (error) {
    return all(
      `No fuse wire in ${fuseFile.split(/[\\/]/).pop()}: ${(error as Error).message.split('\n')[0]} (not Electron, or older than 12).`,
    );
  }
  const named: Record<string, string> = {};
  const checks = RULES.map((rule) => {
    const id = fuseId(rule.option);
    const state = wire[rule.option];
    if (state === undefined) return check(id, 'unknown', 'This Electron predates the fuse (the wire is shorter).');
    if (state === FuseState.REMOVED) return check(id, 'unknown', 'This Electron marks the fuse removed.');
    if (state !== FuseState.ENABLE && state !== FuseState.DISABLE) return check(id, 'unknown', `Unrecognised fuse byte ${state}.`);
    const on = state === FuseState.ENABLE;
    named[FuseV1Options[rule.option]] = on ? 'on' : 'off';
    const secure = (rule.secure === 'on') === on;
    const agent = on ? rule.agent.on : rule.agent.off;
    return check(
      id,
      secure ? 'pass' : 'fail',
      secure ? `${on ? 'Enabled' : 'Disabled'}, as hardened builds have it.` : `${on ? 'Enabled' : 'Disabled'}: ${rule.risk}.`,
      agent,
    );
  });
  return { checks, wire: named };
}
