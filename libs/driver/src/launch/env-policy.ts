import { ToolError } from '@stagewright/sdk';

/** Keys that change what the executable is (a Node process, injected code, another loader): never set, never inherited. */
export function isRefusedEnvKey(key: string): boolean {
  const upper = key.toUpperCase();
  return upper === 'ELECTRON_RUN_AS_NODE' || upper === 'NODE_OPTIONS' || upper.startsWith('LD_') || upper.startsWith('DYLD_');
}

/**
 * Env names an agent may set without an operator flag (ADR-0010): locale, time zone, the mode
 * string apps read, and Electron's logging switches. None names code, a file to load or a port.
 */
const SAFE_ENV = new Set([
  'TZ',
  'LANG',
  'LANGUAGE',
  'NODE_ENV',
  'ELECTRON_ENABLE_LOGGING',
  'ELECTRON_ENABLE_STACK_DUMPING',
  'NO_COLOR',
  'FORCE_COLOR',
]);
const isSafeEnv = (key: string) => SAFE_ENV.has(key) || /^LC_[A-Z]+$/.test(key);

/**
 * The server's own configuration and secrets (STAGEWRIGHT_HTTP_TOKEN, STAGEWRIGHT_ELECTRON,
 * STAGEWRIGHT_LOG_LEVEL, ...): an app has no use for them and must not read the bearer token.
 */
const isServerOwn = (key: string) => key.toUpperCase().startsWith('STAGEWRIGHT_');

/**
 * The child's environment: the server's own minus runtime-changing keys and the server's own
 * variables, plus the caller's. A caller key outside the allowlist and the operator's
 * `--allow-env` grants is ENV_NOT_ALLOWED naming it (and the flag); runtime-changing keys are
 * refused whatever was granted. Nothing is dropped silently.
 */
export function childEnv(
  base: NodeJS.ProcessEnv,
  extra: Record<string, string> | undefined,
  granted: readonly string[] = [],
): Record<string, string> {
  const keys = Object.keys(extra ?? {});
  const never = keys.filter(isRefusedEnvKey);
  if (never.length) {
    throw new ToolError('ENV_NOT_ALLOWED', `env may not set ${never.join(', ')}: it changes how the runtime starts (no flag opens it).`, {
      details: { refused: never, path: `/env/${never[0]}` },
    });
  }
  const open = new Set(granted);
  const refused = keys.filter((key) => !isSafeEnv(key) && !open.has(key));
  if (refused.length) {
    const flags = refused.map((key) => `--allow-env ${key}`).join(' ');
    throw new ToolError(
      'ENV_NOT_ALLOWED',
      `env may not set ${refused.join(', ')}: not in the env allowlist (the operator opens it with ${flags}).`,
      { details: { refused, path: `/env/${refused[0]}`, flag: flags, accepted: [...SAFE_ENV, 'LC_*'] } },
    );
  }
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) {
    if (value !== undefined && !isRefusedEnvKey(key) && !isServerOwn(key)) env[key] = value;
  }
  return { ...env, ...extra };
}
