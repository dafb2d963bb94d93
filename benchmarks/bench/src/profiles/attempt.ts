import { parseEnvelope, resultBpe, type ProfileServer } from './server.js';
import { TaskFailure, type Envelope, type SnapshotView, type TaskApi, type TaskEnv } from './task-api.js';
import type { BenchTask } from './tasks.js';

/** Tools that take no sessionId: the session does not exist yet, or the tool is server-wide. */
const SESSIONLESS = new Set([
  'electron_launch',
  'electron_attach',
  'electron_inject',
  'electron_status',
  'electron_doctor',
  'electron_discover_running',
]);

/** A tool the profile hid, met by a call, with the server's restart hint for it. */
export interface HiddenTool {
  tool: string;
  hint: string;
}

/** An offer the scripted agent enabled (electron_enable) instead of asking for a restart. */
export interface Enable {
  name: string;
  tool: string;
  /** The listing after it, paid again by a host that refreshes on notifications/tools/list_changed. */
  listingBpe: number;
}

/**
 * A task's view of one server: counts calls, retries and response tokens, and notes every call
 * the profile refused. Such a call is still sent, as a host's would be, so the task fails with
 * the server's own restart hint.
 */
class CountingApi implements TaskApi {
  calls = 0;
  retries = 0;
  responseBpe = 0;
  readonly hidden: HiddenTool[] = [];
  readonly enables: Enable[] = [];
  constructor(
    private readonly server: ProfileServer,
    private sessionId: string | undefined,
    readonly snapshotView: SnapshotView = 'whole',
  ) {}

  bind(sessionId: string): void {
    this.sessionId = sessionId;
  }

  async call(name: string, args: Record<string, unknown> = {}): Promise<Envelope> {
    this.calls++;
    const withSession = this.sessionId && !SESSIONLESS.has(name) && !('sessionId' in args) ? { ...args, sessionId: this.sessionId } : args;
    const result = await this.server.client.callTool({ name, arguments: withSession });
    this.responseBpe += resultBpe(result);
    const env = parseEnvelope(result);
    if (!env.ok && env.code === 'TOOL_NOT_IN_PROFILE') this.hidden.push({ tool: name, hint: env.hint ?? '' });
    const offer = (env.details as { enable?: { name?: unknown } } | undefined)?.enable?.name;
    if (!env.ok && env.code === 'TOOL_NOT_ENABLED' && typeof offer === 'string' && !this.enables.some((e) => e.name === offer)) {
      // What the answer says to do: enable the offer, then call the tool again, in the same conversation.
      this.calls++;
      const enabled = await this.server.client.callTool({ name: 'electron_enable', arguments: { name: offer } });
      this.responseBpe += resultBpe(enabled);
      if (!parseEnvelope(enabled).ok) return env;
      this.enables.push({ name: offer, tool: name, listingBpe: await this.server.relistBpe() });
      return this.call(name, args);
    }
    return env;
  }

  async retry(name: string, args: Record<string, unknown> = {}): Promise<Envelope> {
    this.retries++;
    return this.call(name, args);
  }
}

export interface AttemptResult {
  profile: string;
  success: boolean;
  calls: number;
  retries: number;
  responseBpe: number;
  wallMs: number;
  error?: string;
  code?: string;
  hint?: string;
  hidden: HiddenTool[];
  enables: Enable[];
}

/** One try of a task on one server, in the given session (none for a task that attaches). */
export async function attempt(
  server: ProfileServer,
  task: BenchTask,
  sessionId: string | undefined,
  env: TaskEnv,
  snapshotView?: SnapshotView,
): Promise<AttemptResult> {
  const api = new CountingApi(server, sessionId, snapshotView);
  let failure: TaskFailure | undefined;
  const start = performance.now();
  try {
    await task.run(api, env);
  } catch (error) {
    failure = error instanceof TaskFailure ? error : new TaskFailure(error instanceof Error ? error.message : String(error));
  }
  return {
    profile: server.profile,
    success: !failure,
    calls: api.calls,
    retries: api.retries,
    responseBpe: api.responseBpe,
    wallMs: Math.round(performance.now() - start),
    ...(failure ? { error: failure.message, code: failure.code, hint: failure.hint } : {}),
    hidden: api.hidden,
    enables: api.enables,
  };
}

/** The profiles a restart hint names, in its order ("--tool-profile testing (or --tool-profile full)"). */
export function namedProfiles(hint: string | undefined): string[] {
  return [...(hint ?? '').matchAll(/--tool-profile\s+([a-z]+)/g)].map((m) => m[1]!);
}
