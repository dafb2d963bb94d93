import type { ServeOptions } from './cli.js';

/**
 * The one start-up line that says which operator grants are in force (ADR-0034), written to
 * stderr by both transports; electron_status reports the same under server.grants.
 */
export function grantsLine(options: Pick<ServeOptions, 'allowEval' | 'allowImpersonation' | 'appRoot'>): string {
  const evalPart = options.allowEval.length ? options.allowEval.join(',') : 'off';
  const impersonation = options.allowImpersonation?.length ? options.allowImpersonation.join(',') : 'off';
  const root = options.appRoot === undefined ? 'none (any folder may be launched)' : 'set';
  return `[stagewright] info: grants: eval ${evalPart}; impersonation ${impersonation}; app root ${root}\n`;
}
