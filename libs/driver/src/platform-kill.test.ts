// Why: Windows has no process groups, no signals and no /proc, so killing an app by its pid would
// end only the main process and leave Electron's helpers running (docs/platforms.md). There the
// tree is ended with `taskkill /pid <pid> /T /F`. The platform and the spawner are injected, so
// every branch runs here and taskkill itself never does.
import { EventEmitter } from 'node:events';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { killTree } from './attach/foreign-control.js';
import { type Spawner, TASKKILL_TIMEOUT_MS } from './launch/kill-tree.js';
import { killGroup } from './launch/launch.js';
import { WATCHDOG_SCRIPT } from './launch/watchdog-script.js';

const TASKKILL_OPTIONS = { shell: false, stdio: 'ignore', windowsHide: true, timeout: TASKKILL_TIMEOUT_MS };
/** Above any Linux pid_max, so no real process is ever signalled by these tests. */
const NO_SUCH_PID = 4_194_400;

/** A spawner that records what it was asked to run and ends as `outcome` says. */
function recordingSpawner(outcome: { code: number | null } | 'error') {
  const calls: Array<[string, string[], unknown]> = [];
  const spawner: Spawner = (command, args, options) => {
    calls.push([command, args, options]);
    const child = new EventEmitter();
    setImmediate(() => (outcome === 'error' ? child.emit('error', new Error('spawn taskkill ENOENT')) : child.emit('exit', outcome.code)));
    return child;
  };
  return { calls, spawner };
}

const fakeChild = (pid: number, exited = false) => ({ pid, exitCode: exited ? 0 : null, signalCode: null, kill: vi.fn(() => true) });

describe('stop / force-kill of a launched app by platform', () => {
  it('Windows: taskkill ends the whole tree, without a shell and bounded in time', async () => {
    const { calls, spawner } = recordingSpawner({ code: 0 });
    const child = fakeChild(4242);
    await killGroup(child, 'win32', spawner);
    expect(calls).toEqual([['taskkill', ['/pid', '4242', '/T', '/F'], TASKKILL_OPTIONS]]);
    expect(child.kill).not.toHaveBeenCalled();
  });

  it('Windows: when taskkill fails, is missing or times out, the main process is still terminated', async () => {
    for (const outcome of [{ code: 128 }, { code: null }, 'error'] as const) {
      const { calls, spawner } = recordingSpawner(outcome);
      const child = fakeChild(4242);
      await killGroup(child, 'win32', spawner);
      expect(calls).toHaveLength(1);
      expect(child.kill).toHaveBeenCalledWith('SIGKILL');
    }
  });

  it('Windows: an app that already exited is not killed by its pid again (it may be reused)', async () => {
    const { calls, spawner } = recordingSpawner({ code: 0 });
    const child = fakeChild(4242, true);
    await killGroup(child, 'win32', spawner);
    expect(calls).toEqual([]);
    expect(child.kill).not.toHaveBeenCalled();
  });

  it('Linux and macOS: the process group is signalled and nothing is spawned', async () => {
    for (const platform of ['linux', 'darwin'] as const) {
      const { calls, spawner } = recordingSpawner({ code: 0 });
      const child = fakeChild(NO_SUCH_PID);
      await killGroup(child, platform, spawner);
      expect(calls).toEqual([]);
      // The group does not exist, so the fallback signals the child itself.
      expect(child.kill).toHaveBeenCalledWith('SIGKILL');
    }
  });
});

describe('stop / force-kill of an attached or injected app by platform', () => {
  it('Windows: taskkill ends the tree by the main process pid', async () => {
    const { calls, spawner } = recordingSpawner({ code: 0 });
    await killTree(NO_SUCH_PID, 'win32', spawner);
    expect(calls).toEqual([['taskkill', ['/pid', String(NO_SUCH_PID), '/T', '/F'], TASKKILL_OPTIONS]]);
  });

  it('Linux: signals, never a spawned command', async () => {
    const { calls, spawner } = recordingSpawner({ code: 0 });
    await killTree(NO_SUCH_PID, 'linux', spawner);
    expect(calls).toEqual([]);
  });
});

/** Runs the watchdog's source with an injected platform, process and child_process. */
function watchdogOn(platform: NodeJS.Platform, psOutput = '') {
  const commands: unknown[][] = [];
  const signals: Array<[number, string | number]> = [];
  const exits: number[] = [];
  const stdin = Object.assign(new EventEmitter(), { setEncoding: () => undefined });
  const unreadable = () => {
    throw Object.assign(new Error('no /proc here'), { code: 'ENOENT' });
  };
  const fakeRequire = (name: string) =>
    name === 'node:fs'
      ? { readFileSync: unreadable, readdirSync: unreadable }
      : {
          execFileSync: (...args: unknown[]) => {
            commands.push(args);
            return psOutput;
          },
        };
  const fakeProcess = {
    argv: ['node', 'stagewright-watchdog', '4242'],
    platform,
    stdin,
    on: () => undefined,
    kill: (pid: number, signal: string | number) => {
      signals.push([pid, signal]);
      return true;
    },
    exit: (code: number) => {
      exits.push(code);
    },
  };
  runInNewContext(WATCHDOG_SCRIPT, {
    require: fakeRequire,
    process: fakeProcess,
    setInterval: () => 0,
    clearInterval: () => undefined,
    Date,
  });
  return { commands, signals, exits, stdin };
}

describe('orphan watchdog by platform', () => {
  it('Windows: when the server is gone, taskkill ends the app tree, bounded in time', () => {
    const dog = watchdogOn('win32');
    dog.stdin.emit('end');
    expect(dog.commands).toEqual([['taskkill', ['/pid', '4242', '/T', '/F'], TASKKILL_OPTIONS]]);
    expect(dog.signals.filter(([, signal]) => signal !== 0)).toEqual([]);
    expect(dog.exits).toEqual([0]);
  });

  it('Windows: a released watchdog kills nothing', () => {
    const dog = watchdogOn('win32');
    dog.stdin.emit('data', 'done\n');
    dog.stdin.emit('end');
    expect(dog.commands).toEqual([]);
    expect(dog.exits[0]).toBe(0);
  });

  it('macOS: the tree comes from ps, then SIGTERM; Linux reads /proc and runs nothing', () => {
    const mac = watchdogOn('darwin', '4242 1\n4300 4242\n');
    mac.stdin.emit('end');
    expect(mac.commands).toEqual([['ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' }]]);
    expect(mac.signals).toContainEqual([4242, 'SIGTERM']);
    const linux = watchdogOn('linux');
    linux.stdin.emit('end');
    expect(linux.commands).toEqual([]);
    expect(linux.signals).toContainEqual([4242, 'SIGTERM']);
  });
});
