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

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new TaskFailure(message);
}

interface Match {
  ref?: string;
  role?: string;
  name?: string;
}

/** The first ref in an electron_find / electron_elements_list result. */
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
