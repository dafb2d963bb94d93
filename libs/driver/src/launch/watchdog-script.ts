import { TASKKILL_TIMEOUT_MS } from './kill-tree.js';

/**
 * Source of the watchdog process (plain CommonJS for `node -e`, so the bundle needs no extra
 * file). argv: `stagewright-watchdog <app pid>`. Its stdin is a pipe from the server:
 * - a `done` line: the app ended and the server cleaned up; exit.
 * - end of stdin without `done`: the server is gone (however it died, the kernel closed the
 *   pipe); end the app: SIGTERM, then after a grace period SIGKILL its process group and every
 *   descendant seen, then exit. On Windows: `taskkill /pid <app> /T /F`, the whole tree at once.
 * It also exits on its own once the app is gone, so it never outlives what it guards.
 */
export const WATCHDOG_SCRIPT = String.raw`
'use strict';
const { readFileSync, readdirSync } = require('node:fs');
const { execFileSync } = require('node:child_process');
const pid = Number(process.argv[2]);
const GRACE_MS = 3000;
// [state, start time] from /proc, or undefined where there is no /proc.
const statOf = (p) => {
  try {
    const stat = readFileSync('/proc/' + p + '/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [fields[0], fields[19]];
  } catch {
    return undefined;
  }
};
const started = statOf(pid)?.[1];
// Alive, not a zombie, and (where /proc tells) still the same process rather than a reused pid.
const alive = (p) => {
  try {
    process.kill(p, 0);
  } catch (error) {
    return error.code === 'EPERM';
  }
  const stat = statOf(p);
  return stat === undefined ? started === undefined : stat[0] !== 'Z' && (p !== pid || stat[1] === started);
};
const childrenOf = (p) => {
  try {
    return readdirSync('/proc/' + p + '/task').flatMap((t) => readFileSync('/proc/' + p + '/task/' + t + '/children', 'utf8').split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return [];
  }
};
const descendants = () => {
  let edges = null;
  if (process.platform !== 'linux') {
    try {
      edges = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' }).trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
    } catch {
      edges = [];
    }
  }
  const out = [pid];
  for (let i = 0; i < out.length && out.length < 4096; i++) {
    const kids = edges ? edges.filter((e) => e[1] === out[i]).map((e) => e[0]) : childrenOf(out[i]);
    for (const k of kids) if (!out.includes(k)) out.push(k);
  }
  return out;
};
const signal = (p, s) => {
  try {
    process.kill(p, s);
  } catch {}
};
let finished = false;
const finish = () => {
  finished = true;
  process.exit(0);
};
const reap = () => {
  if (finished || !alive(pid)) return finish();
  finished = true;
  if (process.platform === 'win32') {
    try {
      // No groups or signals on Windows: taskkill ends the tree (see kill-tree.ts), bounded in time.
      execFileSync('taskkill', ['/pid', String(pid), '/T', '/F'], { shell: false, stdio: 'ignore', windowsHide: true, timeout: ${TASKKILL_TIMEOUT_MS} });
    } catch {}
    return process.exit(0);
  }
  const tree = descendants();
  signal(pid, 'SIGTERM');
  const deadline = Date.now() + GRACE_MS;
  const wait = setInterval(() => {
    if (alive(pid) && Date.now() < deadline) return;
    clearInterval(wait);
    const left = tree.filter(alive).concat(alive(pid) ? descendants() : []);
    // The group id stays the app's while any member lives; with none left it could be reused.
    if (left.length) signal(-pid, 'SIGKILL');
    for (const p of left) signal(p, 'SIGKILL');
    process.exit(0);
  }, 100);
};
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  input += chunk;
  if (input.includes('done')) finish();
});
process.stdin.on('end', reap);
process.stdin.on('error', reap);
for (const s of ['SIGINT', 'SIGHUP', 'SIGPIPE']) process.on(s, () => {});
setInterval(() => {
  if (!finished && !alive(pid)) finish();
}, 1000);
`;
