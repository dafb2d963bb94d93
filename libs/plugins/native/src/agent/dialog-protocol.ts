// What the server sends the dialog agent (dialog-agent.ts): which native dialogs the app opened,
// and the answers the agent gives them (ADR-0042).
import type { MainAgentFailure, MainAgentRequest } from '@stagewright/sdk';
import type { Stage } from './agent-protocol.js';

export interface DialogOptions {
  /** Dialogs kept in the record; older answered ones are dropped and counted past it. */
  capacity: number;
  /** An async dialog nobody answers within this is answered as cancelled, and reported. */
  dialogTimeoutMs: number;
}

/**
 * An answer as the agent gave it, its paths already checked by the server: `paths` for an open
 * dialog (inside the app folder, --app-root or the screenshot folder), `savePath` for a save dialog
 * (inside the screenshot folder only). A queued answer may carry both; the dialog takes its own.
 */
export interface DialogAnswer {
  button?: number | string;
  checked?: boolean;
  paths?: string[];
  savePath?: string;
  cancel?: boolean;
}

export type DialogOp =
  | { op: 'install' }
  | { op: 'list'; limit: number }
  | { op: 'peek'; dialog?: number; timeoutMs: number }
  | { op: 'answer'; dialog: number; answer: DialogAnswer }
  | { op: 'queue'; answer: DialogAnswer }
  | { op: 'app_path' }
  | { op: 'uninstall' };

export type DialogRequest = MainAgentRequest<DialogOp, DialogOptions>;

export type DialogFailureCode = 'NO_DIALOG' | 'ANSWER_MISMATCH';

export type DialogFailure = MainAgentFailure<DialogFailureCode>;

export type { Stage };
