import { realpathSync } from 'node:fs';
import { ToolError, isInsideRoot } from '@stagewright/sdk';
import type { ResolvedExecutable } from './executable.js';

export interface ExecutablePolicy {
  /** The operator's --app-root; without it an executablePath is not confined. */
  appRoot?: string;
  /** The operator's own runtimes: STAGEWRIGHT_ELECTRON, the fallback, `--allow-executable` paths. */
  operatorExecutables: readonly (string | undefined)[];
}

const real = (path: string): string | undefined => {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
};

/**
 * Under --app-root, a call's executablePath must resolve (after symlinks) inside the root or be
 * one of the operator's own runtimes; anything else would run a program of the caller's choosing.
 * Executables the server chose itself (STAGEWRIGHT_ELECTRON, the app's electron, the fallback)
 * are not checked. Throws PATH_OUTSIDE_ROOT naming the flag that opens it.
 */
export function assertExecutableAllowed(executable: ResolvedExecutable, policy: ExecutablePolicy): void {
  if (executable.source !== 'executablePath' || !policy.appRoot) return;
  const path = real(executable.path);
  const root = real(policy.appRoot);
  if (path !== undefined && root !== undefined && isInsideRoot(root, path)) return;
  const operator = policy.operatorExecutables.flatMap((p) => (p ? [real(p)] : []));
  if (path !== undefined && operator.includes(path)) return;
  throw new ToolError(
    'PATH_OUTSIDE_ROOT',
    `executablePath resolves outside the app root: ${executable.path} (the operator opens it with --allow-executable ${executable.path}).`,
    { details: { param: 'executablePath', path: '/executablePath', flag: `--allow-executable ${executable.path}` } },
  );
}
