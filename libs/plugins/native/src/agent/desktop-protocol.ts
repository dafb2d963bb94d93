// What the server sends the desktop agent (desktop-agent.ts): context menus that popped up,
// URLs the app sent out of itself, and URLs or files the system hands to the app.
import type { MainAgentFailure, MainAgentRequest } from '@stagewright/sdk';
import type { Stage } from './agent-protocol.js';

/** Limits and switches from the plugin's validated config. */
export interface DesktopOptions {
  /** External opens kept; older ones are dropped and counted past it. */
  capacity: number;
  /** Menu items described at most per answer. */
  maxItems: number;
  /** shell.openExternal is recorded and not passed on to the system (no browser opens). */
  stubOpenExternal: boolean;
}

/** How the system hands a URL or a file to a running app. */
export type Delivery = 'open-url' | 'open-file' | 'second-instance';

export type DesktopOp =
  | { op: 'install' }
  | { op: 'context_menu'; timeoutMs: number }
  | { op: 'context_menu_click'; path: string[]; timeoutMs: number }
  | { op: 'external_opens'; cursor?: number; limit: number }
  | { op: 'app_path' }
  | { op: 'deliver'; kind: 'url' | 'file'; value: string; via?: Delivery }
  | { op: 'uninstall' };

export type DesktopRequest = MainAgentRequest<DesktopOp, DesktopOptions>;

export type DesktopFailureCode = 'NO_CONTEXT_MENU' | 'ITEM_NOT_FOUND' | 'ITEM_DISABLED' | 'NOT_CLICKABLE' | 'INVOKE_FAILED' | 'NO_HANDLER';

export type DesktopFailure = MainAgentFailure<DesktopFailureCode>;

export type { Stage };
