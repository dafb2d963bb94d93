import { ToolError } from './errors.js';

/**
 * What the agent may impersonate of what the app trusts, by operator grant only (ADR-0034,
 * docs/security.md): `network` its server's answers (network stubs with a body, renderer and main
 * process), `storage` its stored data (IndexedDB puts, web storage writes, cookies), `ipc` its IPC
 * peers (answering or calling the main process's handlers). What a person at the keyboard can do
 * needs no grant.
 */
export type ImpersonationGrant = 'network' | 'storage' | 'ipc';
export const IMPERSONATION_GRANTS: readonly ImpersonationGrant[] = ['network', 'storage', 'ipc'];

/** What each grant opens, in the words the start-up line, electron_status and the docs use. */
export const IMPERSONATION_OPENS: Record<ImpersonationGrant, string> = {
  network: "answers to the app's requests (network_stub, network_main_stub with a body)",
  storage: "writes to the app's storage (storage_idb_put, storage_web set, storage_cookie_set)",
  ipc: "answers to and calls of the main process's IPC handlers (ipc_stub, ipc_invoke)",
};

/** The narrowest flag that opens one grant. */
export const impersonationFlag = (grant: ImpersonationGrant): string => `--allow-impersonation=${grant}`;

/** The refusal of a call that would impersonate without its grant; `what` names the call, never an argument value. */
export function impersonationRefusal(grant: ImpersonationGrant, what: string): ToolError {
  const flag = impersonationFlag(grant);
  return new ToolError(
    'IMPERSONATION_NOT_ALLOWED',
    `${what} impersonates the app's ${grant === 'ipc' ? 'IPC peers' : grant}; that needs ${flag}.`,
    { details: { grant, flag } },
  );
}

/** Throws IMPERSONATION_NOT_ALLOWED unless the server was started with the grant. */
export function assertImpersonation(
  config: { readonly allowImpersonation?: readonly ImpersonationGrant[] },
  grant: ImpersonationGrant,
  what: string,
): void {
  if (!(config.allowImpersonation ?? []).includes(grant)) throw impersonationRefusal(grant, what);
}
