import type { ServeOptions } from './cli.js';

/**
 * The one start-up line that says which operator grants are in force (ADR-0034), written to
 * stderr by both transports; electron_status reports the same under server.grants.
 */
export function grantsLine(options: Pick<ServeOptions, 'allowEval' | 'allowImpersonation' | 'appRoot' | 'offer'>): string {
  const evalPart = options.allowEval.length ? options.allowEval.join(',') : 'off';
  const impersonation = options.allowImpersonation?.length ? options.allowImpersonation.join(',') : 'off';
  const root = options.appRoot === undefined ? 'none (any folder may be launched)' : 'set';
  // What the agent may enable itself (ADR-0045): never a grant, so it is said apart from them.
  const offered = options.offer?.length ? `; offered to the agent: ${options.offer.join(',')}` : '';
  return `[stagewright] info: grants: eval ${evalPart}; impersonation ${impersonation}; app root ${root}${offered}\n`;
}
