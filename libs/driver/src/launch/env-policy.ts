import { ToolError } from '@stagewright/sdk';

/** Keys that change what the executable is (a Node process, injected code, another loader). */
export function isRefusedEnvKey(key: string): boolean {
  const upper = key.toUpperCase();
  return upper === 'ELECTRON_RUN_AS_NODE' || upper === 'NODE_OPTIONS' || upper.startsWith('LD_') || upper.startsWith('DYLD_');
}

/**
 * The child's environment: the server's own minus runtime-changing keys, plus the caller's.
 * A caller asking for a refused key gets ENV_NOT_ALLOWED rather than a silently dropped key.
 */
export function childEnv(base: NodeJS.ProcessEnv, extra: Record<string, string> | undefined): Record<string, string> {
  const refused = Object.keys(extra ?? {}).filter(isRefusedEnvKey);
  if (refused.length) {
    throw new ToolError('ENV_NOT_ALLOWED', `env may not set ${refused.join(', ')}.`, { details: { refused } });
  }
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) {
    if (value !== undefined && !isRefusedEnvKey(key)) env[key] = value;
  }
  return { ...env, ...extra };
}
