/**
 * What a benchmark task may do: call tools like a host would, and fail with a reason. Kept
 * separate from the stdio transport so task checks can be unit-tested on scripted envelopes.
 */
export interface Envelope {
  ok: boolean;
  code?: string;
  error?: string;
  hint?: string;
  [key: string]: unknown;
}

export interface TaskApi {
  /** One tool call. Returns the parsed envelope whether it succeeded or not. */
  call(name: string, args?: Record<string, unknown>): Promise<Envelope>;
  /** A call the client repeats because an earlier one did not give what it needed. */
  retry(name: string, args?: Record<string, unknown>): Promise<Envelope>;
  /** Later calls go to this session (a task that attaches gets its session from the answer). */
  bind(sessionId: string): void;
  /** How this run's agent reads the page (`--snapshot`); absent: the whole page. */
  readonly snapshotView?: SnapshotView;
}

/** `whole`: the page's whole tree (the default); `interactive`: `electron_snapshot {interactive: true}` first. */
export type SnapshotView = 'whole' | 'interactive';
export const SNAPSHOT_VIEWS: readonly SnapshotView[] = ['whole', 'interactive'];

/** What the harness prepared outside the server, as a user would before asking the agent. */
export interface TaskEnv {
  /** --remote-debugging-port of a workbench app started outside the server. */
  debugPort: number;
  /** A file on the host to attach (inside the workbench fixture). */
  sampleFile: string;
}

/** A task step that did not give what the task needs. Keeps the server's code and hint. */
export class TaskFailure extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'TaskFailure';
  }
}

/** The envelope of a successful call, or a TaskFailure carrying the server's code and hint. */
export function okOrThrow(step: string, env: Envelope): Envelope {
  if (env.ok) return env;
  throw new TaskFailure(`${step}: ${env.code ?? 'ERROR'} ${env.error ?? ''}`.trim(), env.code, env.hint);
}

export async function must(api: TaskApi, name: string, args: Record<string, unknown> = {}): Promise<Envelope> {
  return okOrThrow(name, await api.call(name, args));
}

/** A snapshot read: the text of the run's view, and the text the task goes on with. */
export interface SnapshotRead {
  /** The answer in the run's view (a diff when since: "last"). */
  viewText: string;
  /** viewText, or the whole page's answer when the view lacked what the task needs. */
  text: string;
}

/**
 * electron_snapshot in the run's view. In the interactive view, a read that lacks `needs`
 * (text of an element one cannot act on: a list item, a status line) is read again as the whole
 * page with the same arguments: one more call, as an agent would make it.
 */
export async function readSnapshot(api: TaskApi, args: Record<string, unknown> = {}, needs?: string): Promise<SnapshotRead> {
  const interactive = api.snapshotView === 'interactive';
  const viewText = String((await must(api, 'electron_snapshot', interactive ? { ...args, interactive: true } : args)).snapshot ?? '');
  if (!interactive || needs === undefined || viewText.includes(needs)) return { viewText, text: viewText };
  return { viewText, text: String((await must(api, 'electron_snapshot', args)).snapshot ?? '') };
}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new TaskFailure(message);
}

interface Match {
  ref?: string;
  role?: string;
  name?: string;
}

/** The first ref in an electron_find / electron_elements result. */
export function firstRef(env: Envelope, what: string): string {
  const list = (env.matches ?? env.elements ?? env.results) as Match[] | undefined;
  const ref = Array.isArray(list) ? list.find((m) => typeof m?.ref === 'string')?.ref : undefined;
  if (!ref) throw new TaskFailure(`no element found for ${what}`);
  return ref;
}

/** Text fields a read tool may return the value under. */
export function textOf(env: Envelope): string | undefined {
  for (const key of ['text', 'value', 'actual']) {
    if (typeof env[key] === 'string') return env[key] as string;
  }
  return undefined;
}

/** The ref of the first element with this role and accessible name (or text). */
export async function findRef(api: TaskApi, role: string, name: string, by: 'name' | 'text' = 'name'): Promise<string> {
  return firstRef(await must(api, 'electron_find', { role, [by]: name }), `${role} "${name}"`);
}

/** Whether an electron_windows answer holds a window with this exact title. */
export function hasTitle(windows: unknown, title: string): boolean {
  return Array.isArray(windows) && windows.some((w) => (w as { title?: string })?.title === title);
}

/** The app a task works in: a fixture the runner launches, or none (the task attaches itself). */
export type TaskApp = 'bench' | 'workbench' | 'none';

export interface BenchTask {
  id: string;
  title: string;
  app: TaskApp;
  /**
   * Needs an app no other task has touched (its check would pass on state another task left).
   * Other tasks share one app per fixture and profile run, in the order listed.
   */
  fresh?: boolean;
  run(api: TaskApi, env: TaskEnv): Promise<void>;
}
