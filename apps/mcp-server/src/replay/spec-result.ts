/** How one spec ended, and the exit code each outcome stands for (the runner's contract). */
export const EXIT = { passed: 0, failed: 1, invalid: 2, launch_failed: 3, error: 4, usage: 64 } as const;
export type SpecStatus = Exclude<keyof typeof EXIT, 'usage'>;

export interface StepResult {
  index: number;
  tool: string;
  status: 'passed' | 'failed' | 'skipped';
  ms?: number;
  /** The arguments sent, parameters substituted (secrets masked). */
  args?: Record<string, unknown>;
  /** The answer's short scalar fields (what the app showed), for the report; never a whole payload. */
  answer?: Record<string, unknown>;
  /** What did not match (failed steps). */
  mismatches?: string[];
}

export interface SpecResult {
  spec: string;
  name?: string;
  status: SpecStatus;
  exitCode: number;
  /** Whether the app was started (false for every invalid spec or parameter: nothing ran). */
  launched: boolean;
  steps: StepResult[];
  /** Why the spec did not pass: the invalid-spec problems, the launch error, or the infrastructure failure. */
  problems?: string[];
  ms: number;
}

/** The exit code of a run: the most serious outcome (4 > 3 > 2 > 1 > 0); 0 when nothing ran. */
export function exitCodeOf(results: readonly SpecResult[]): number {
  return results.reduce((code, result) => Math.max(code, result.exitCode), 0);
}

/** The envelope's top-level scalars (strings up to 200 characters), without `_meta`. */
export function answerOf(envelope: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(envelope).filter(
      ([key, value]) =>
        !key.startsWith('_') &&
        (typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && value.length <= 200)),
    ),
  );
}

/** `masked` applied to every string inside a JSON value. */
export function maskedDeep<T>(value: T, secrets: readonly string[]): T {
  if (!secrets.length) return value;
  if (typeof value === 'string') return masked(value, secrets) as T;
  if (Array.isArray(value)) return value.map((item) => maskedDeep(item, secrets)) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskedDeep(v, secrets)])) as T;
}

/** Every secret value in `text` replaced, so no output (stderr, --json, JUnit) carries one. */
export function masked(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => out.split(secret).join('***'), text);
}
