import { setTimeout as sleep } from 'node:timers/promises';
import { check, must, TaskFailure, type Envelope, type TaskApi } from '../profiles/task-api.js';

export { check, must, TaskFailure, type Envelope, type TaskApi };

/**
 * A task a QA engineer would give an agent about one app ("open Preferences and change the break
 * interval"), written as the scripted sequence of Stagewright tool calls an agent would make, with
 * the checks that decide it. Tasks of one app share one launched app, in the order listed; they use
 * what an agent sees (roles, names, texts, windows, trays, notifications), never the app's code.
 */
export interface RealAppTask {
  id: string;
  title: string;
  run(api: TaskApi, ctx: TaskContext): Promise<void>;
}

/** What the bench prepared for the tasks, as a tester would before asking the agent. */
export interface TaskContext {
  /** A folder the server accepts files from (its --screenshot-dir), inside the run's temporary HOME. */
  scratchDir: string;
}

interface WindowInfo {
  id: string;
  title: string;
  url?: string;
  active?: boolean;
}

export async function windows(api: TaskApi): Promise<WindowInfo[]> {
  const env = await must(api, 'electron_windows');
  return (env.windows as WindowInfo[] | undefined) ?? [];
}

/**
 * Polls the window list until a window matches (an app opens windows asynchronously): what an
 * agent does by calling electron_windows again. Bounded; fails naming what it saw.
 */
export async function waitForWindow(
  api: TaskApi,
  match: (w: WindowInfo) => boolean,
  what: string,
  timeoutMs = 10_000,
): Promise<WindowInfo> {
  const deadline = Date.now() + timeoutMs;
  let seen: WindowInfo[] = [];
  while (Date.now() < deadline) {
    seen = await windows(api);
    const found = seen.find(match);
    if (found) return found;
    await sleep(250);
  }
  throw new TaskFailure(
    `no window ${what} within ${timeoutMs} ms; windows: ${JSON.stringify(seen.map((w) => ({ title: w.title, url: w.url })))}`,
  );
}

/** Switches to a window (by its id from the list) and returns it. */
export async function switchTo(api: TaskApi, window: WindowInfo): Promise<WindowInfo> {
  await must(api, 'electron_switch_window', { window: window.id });
  return window;
}

interface Match {
  ref?: string;
  role?: string;
  name?: string;
  text?: string;
}

/** Refs of elements by role and name (electron_find), or a failure naming what was looked for. */
export async function find(api: TaskApi, args: { role?: string; name?: string; text?: string }): Promise<Match[]> {
  const env = await must(api, 'electron_find', args);
  const matches = (env.matches as Match[] | undefined) ?? [];
  if (matches.length === 0) throw new TaskFailure(`nothing found for ${JSON.stringify(args)}`);
  return matches;
}

export async function firstRef(api: TaskApi, args: { role?: string; name?: string; text?: string }): Promise<string> {
  const ref = (await find(api, args)).find((m) => typeof m.ref === 'string')?.ref;
  if (!ref) throw new TaskFailure(`no ref for ${JSON.stringify(args)}`);
  return ref;
}

/** The YAML text of a snapshot of the active surface. */
export async function snapshotText(api: TaskApi, args: Record<string, unknown> = {}): Promise<string> {
  const env = await must(api, 'electron_snapshot', args);
  return String(env.snapshot ?? '');
}

/** Notifications the app showed (plugin-native), newest last. */
export async function notifications(api: TaskApi): Promise<{ title: string; body?: string }[]> {
  const env = await must(api, 'native_notifications', { limit: 50 });
  return (env.notifications as { title: string; body?: string }[] | undefined) ?? [];
}
