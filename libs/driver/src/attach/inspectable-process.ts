import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ToolError } from '@stagewright/sdk';

/** What the server can learn about a process without touching it. */
export interface ProcessFacts {
  /** Real and effective user ids. */
  uids: number[];
  /** Absolute path of the running executable. */
  exe: string;
  argv: string[];
  ppid?: number;
  /** Whether it has a SIGUSR1 handler (Linux: SigCgt); undefined when the platform cannot tell. */
  handlesSigusr1?: boolean;
}

/** SIGUSR1 is signal 10 on Linux: bit 9 of the SigCgt mask. */
const SIGUSR1_BIT = 1n << 9n;

const NODE_BINARY = /^node(js)?[\d.]*(\.exe)?$/i;
const ELECTRON_BINARY = /^electron(\.exe)?$/i;
/** Files next to every Chromium-based binary, Electron's included. */
const CHROMIUM_RUNTIME_FILES = ['v8_context_snapshot.bin', 'snapshot_blob.bin', 'icudtl.dat'];
/** What only an Electron app carries in its resources folder (Chromium has none of these). */
const ELECTRON_RESOURCES = ['app.asar', 'app', 'default_app.asar'];

/**
 * Linux reads /proc/<pid>/{status,exe,cmdline}; macOS asks `ps`. Elsewhere (and for processes the
 * server may not read) undefined, which refuses the pid.
 */
export function readProcessFacts(pid: number): ProcessFacts | undefined {
  try {
    if (process.platform === 'linux') {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const uids = (/^Uid:\s+(\d+)\s+(\d+)/m.exec(status) ?? []).slice(1, 3).map(Number);
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      const exe = readlinkSync(`/proc/${pid}/exe`).replace(/ \(deleted\)$/, '');
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      const caught = /^SigCgt:\s+([0-9a-f]+)/m.exec(status)?.[1];
      const handlesSigusr1 = caught === undefined ? undefined : (BigInt(`0x${caught}`) & SIGUSR1_BIT) !== 0n;
      return uids.length === 2 ? { uids, exe, argv, ppid, handlesSigusr1 } : undefined;
    }
    if (process.platform === 'darwin') {
      const ps = (field: string) => execFileSync('ps', ['-o', `${field}=`, '-p', String(pid)], { encoding: 'utf8' }).trim();
      return { uids: [Number(ps('ruid')), Number(ps('uid'))], exe: ps('comm'), argv: ps('args').split(/\s+/), ppid: Number(ps('ppid')) };
    }
  } catch {
    // gone, or not ours to read
  }
  return undefined;
}

/** Why `facts` is not a Node/Electron main process of user `uid`, or undefined when it is one. */
export function whyNotInspectable(facts: ProcessFacts, uid: number, exists: (path: string) => boolean = existsSync): string | undefined {
  if (facts.uids.some((id) => id !== uid)) return `it runs as another user (uid ${facts.uids.join('/')}, the server is ${uid})`;
  const helper = facts.argv.find((arg) => arg.startsWith('--type='));
  if (helper) {
    const parent = facts.ppid ? ` (its main process may be ${facts.ppid})` : '';
    return `it is a Chromium helper process (${helper.slice(0, 40)}), not the main process${parent}`;
  }
  if (!isNodeOrElectron(facts.exe, exists)) return `its executable ${facts.exe.slice(0, 200)} is neither Node.js nor Electron`;
  // Node installs its SIGUSR1 handler while starting; before that (or with the inspector compiled
  // out) the default action of SIGUSR1 would end the process.
  if (facts.handlesSigusr1 === false)
    return 'it has no SIGUSR1 handler yet (still starting, or built without the inspector), so the signal would end it; retry in a moment';
  return undefined;
}

function isNodeOrElectron(exe: string, exists: (path: string) => boolean): boolean {
  const name = basename(exe);
  if (NODE_BINARY.test(name) || ELECTRON_BINARY.test(name)) return true;
  const dir = dirname(exe);
  // macOS: <App>.app/Contents/MacOS/<App> with the Electron framework beside it.
  if (exists(join(dir, '..', 'Frameworks', 'Electron Framework.framework'))) return true;
  // Linux and Windows: a packaged app renames the binary; its folder still says Electron.
  return (
    CHROMIUM_RUNTIME_FILES.some((file) => exists(join(dir, file))) &&
    ELECTRON_RESOURCES.some((entry) => exists(join(dir, 'resources', entry)))
  );
}

/** Platforms where a running main process can be opened by pid (SIGUSR1). */
export const INJECT_PLATFORMS: readonly NodeJS.Platform[] = ['linux', 'darwin'];

/**
 * NOT_SUPPORTED on a platform without SIGUSR1 (Windows): names the platform and the way that
 * works there instead. Nothing is signalled.
 */
export function assertInjectSupported(pid: number, platform: NodeJS.Platform = process.platform): void {
  if (INJECT_PLATFORMS.includes(platform)) return;
  throw new ToolError(
    'NOT_SUPPORTED',
    `electron_inject is not supported on ${platform === 'win32' ? 'Windows (win32)' : platform}: it opens the inspector with SIGUSR1, which ${platform} does not have; start the app with --inspect=<port> --remote-debugging-port=<port> and use electron_attach.`,
    { details: { pid, platform, supported: [...INJECT_PLATFORMS] } },
  );
}

/**
 * Refuse, before any signal, a pid that is not a Node or Electron main process of the server's
 * user: SIGUSR1 terminates most other programs, and a renderer or another user's app is not
 * ours to open. Throws NOT_SUPPORTED on a platform without SIGUSR1, else PROCESS_NOT_INSPECTABLE
 * saying why.
 */
export function assertInspectableMainProcess(pid: number, platform: NodeJS.Platform = process.platform): void {
  assertInjectSupported(pid, platform);
  const uid = process.getuid?.();
  const facts = uid === undefined ? undefined : readProcessFacts(pid);
  const reason =
    uid === undefined
      ? `the server cannot tell which user runs it on ${platform}`
      : facts === undefined
        ? 'the server cannot read what it runs (it is gone, or belongs to another user)'
        : whyNotInspectable(facts, uid);
  if (reason) throw new ToolError('PROCESS_NOT_INSPECTABLE', `Process ${pid} was not signalled: ${reason}.`, { details: { pid } });
}
