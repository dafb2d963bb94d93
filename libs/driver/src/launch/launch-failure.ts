import { isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stackLocations } from '../session/main-stderr.js';
import { ToolError, defaultOutputDir, privateFolder, writeFileSafely, type ConsoleEntry, type WindowInfo } from '@stagewright/sdk';
import type { ExitInfo } from '../session/electron-session.js';

/** What a failed launch saw, gathered before its app is killed (issue 42 item 1). */
export interface LaunchEvidence {
  sessionId: string;
  timeoutMs: number;
  /** The console of the launch from its first line: main (console, stderr, exceptions) and renderer. */
  console: readonly ConsoleEntry[];
  exit?: ExitInfo;
  /** Windows the app created that never showed. */
  hiddenWindows: readonly Pick<WindowInfo, 'title' | 'url'>[];
  /** Lines Playwright logged while it started the process (its stderr when it failed before connecting). */
  launchLog?: string;
  /** The app's folder, when the launch named main: an exception's `at` is its first frame there. */
  appDir?: string;
}

const MAX_EXCEPTIONS = 3;
const STDERR_TAIL = 1_200;

/**
 * The error of a launch that showed no window. The main process threw (an uncaught exception,
 * an unhandled rejection, a main script that threw while loading) or exited: APP_CRASHED_AT_START,
 * not retryable. Nothing went wrong but time: LAUNCH_TIMEOUT, retryable. Either way the details
 * carry what the agent needs to explain it in one call, and the whole launch console goes to a
 * file named in details.consoleFile.
 */
export async function launchFailure(evidence: LaunchEvidence, cause: unknown): Promise<ToolError> {
  const main = evidence.console.filter((e) => e.source === 'main');
  const thrown = main.filter((e) => e.kind === 'exception' || e.kind === 'rejection');
  const exceptions = thrown.slice(0, MAX_EXCEPTIONS).map((e) => {
    const at = appFrame(e, evidence.appDir);
    return { message: firstErrorLine(e.text), ...(at ? { at } : {}) };
  });
  const stderr = tail(
    main
      .filter((e) => e.kind !== undefined)
      .map((e) => e.text)
      .join('\n'),
  );
  const fromLog = !stderr && evidence.launchLog ? tail(evidence.launchLog) : '';
  const consoleFile = await writeConsole(evidence).catch(() => undefined);
  const details: Record<string, unknown> = {
    sessionId: evidence.sessionId,
    ...(exceptions.length ? { exceptions } : {}),
    ...(stderr || fromLog ? { stderr: stderr || fromLog } : {}),
    ...(evidence.exit ? { exitCode: evidence.exit.code, signal: evidence.exit.signal } : {}),
    ...(evidence.hiddenWindows.length ? { hiddenWindows: evidence.hiddenWindows } : {}),
    ...(consoleFile ? { consoleFile } : {}),
  };
  if (exceptions.length || evidence.exit) {
    const what = exceptions.length
      ? `its main process threw ${exceptions[0].message}${exceptions[0].at ? ` at ${exceptions[0].at}` : ''}`
      : `it exited (code ${evidence.exit?.code ?? null}, signal ${evidence.exit?.signal ?? null})`;
    return new ToolError('APP_CRASHED_AT_START', `The app showed no window: ${what}.`, { details, cause });
  }
  const hidden = evidence.hiddenWindows.length ? ` It created ${evidence.hiddenWindows.length} window(s) that never showed.` : '';
  return new ToolError('LAUNCH_TIMEOUT', `No window rendered within ${evidence.timeoutMs} ms.${hidden}`, { details, cause });
}

/**
 * The file and line to fix: the first frame inside the app's folder. A stack wholly inside the
 * runtime (a rejected loadURL) has none, and then names no place rather than the runtime's own code.
 */
function appFrame(entry: ConsoleEntry, appDir: string | undefined): string | undefined {
  if (appDir === undefined) return entry.location;
  const inside = (at: string) => {
    const path = at.startsWith('file://') ? fileURLToPath(at.replace(/:\d+:\d+$/, '')) : at.replace(/:\d+:\d+$/, '');
    const rel = relative(appDir, path);
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) && !rel.split(sep).includes('node_modules');
  };
  const frame = stackLocations(entry.text).find(inside);
  return frame ?? (entry.location && inside(entry.location) ? entry.location : undefined);
}

/** `Error: Missing config` from a stack or a stderr block with headings. */
function firstErrorLine(text: string): string {
  const lines = text.split('\n').map((l) => l.trim());
  const named = lines.find((l) => /^(?:[A-Za-z]*Error|Uncaught|TypeError|\w+Exception)\b.*:/.test(l) && !/^Uncaught Exception:$/.test(l));
  return (named ?? lines.find((l) => l && !/^(A JavaScript error|App threw|Uncaught Exception:)/.test(l)) ?? lines[0] ?? '').slice(0, 300);
}

function tail(text: string): string {
  return text.length > STDERR_TAIL ? `…${text.slice(-STDERR_TAIL)}` : text;
}

/** The whole console of the failed launch, one entry per line group, in `<tmp>/stagewright-<uid>/launch-logs`. */
async function writeConsole(evidence: LaunchEvidence): Promise<string | undefined> {
  if (!evidence.console.length && !evidence.launchLog) return undefined;
  const folder = await privateFolder(defaultOutputDir('launch-logs'), 'launch log folder');
  const file = join(folder, `${evidence.sessionId}-${new Date().toISOString().replace(/[:.]/g, '-')}.log`);
  const lines = evidence.console.map(
    (e) => `${e.time} ${e.source}${e.window ? `/${e.window}` : ''} ${e.kind ?? e.level}${e.location ? ` ${e.location}` : ''}: ${e.text}`,
  );
  if (evidence.launchLog) lines.push('--- launch log ---', evidence.launchLog);
  await writeFileSafely(file, `${lines.join('\n')}\n`, true);
  return file;
}
