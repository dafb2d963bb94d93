// What the server sends the main-process agent (native-agent.ts) and what failures it answers.
import type { MainAgentFailure, MainAgentRequest } from '@stagewright/sdk';

/** Limits from the plugin's validated config. */
export interface AgentOptions {
  /** Notifications kept; older ones are dropped and counted past it. */
  capacity: number;
  /** Menu items described at most per answer (the rest are counted). */
  maxItems: number;
}

/**
 * When the agent's hooks went in: `launch` (preloaded before the app's main script), `connect`
 * (packaged executable: as soon as the driver reached its main process) or `call` (first use in
 * an attached or injected app). Only `launch` sees everything the app did.
 */
export type Stage = 'launch' | 'connect' | 'call';

/** Tray events native_tray_click emits, with the arguments Electron gives each (tray-events.ts in native-agent). */
export const TRAY_EVENTS = [
  'click',
  'right-click',
  'double-click',
  'mouse-enter',
  'mouse-leave',
  'mouse-down',
  'mouse-up',
  'balloon-click',
] as const;
export type TrayEvent = (typeof TRAY_EVENTS)[number];

export type AgentOp =
  | { op: 'install' }
  | { op: 'menu'; path?: string[] }
  | { op: 'menu_click'; path: string[] }
  | { op: 'menu_item'; path: string[] }
  | { op: 'notifications'; cursor?: number; limit: number; title?: string }
  | { op: 'notification_click'; seq: number }
  | { op: 'shown'; after?: number }
  | { op: 'trays' }
  | { op: 'tray_click'; tray: number; path?: string[]; event: TrayEvent }
  | { op: 'uninstall' };

export type AgentRequest = MainAgentRequest<AgentOp, AgentOptions>;

export type FailureCode =
  | 'NO_MENU'
  | 'ITEM_NOT_FOUND'
  | 'ITEM_DISABLED'
  | 'NOT_CLICKABLE'
  | 'INVOKE_FAILED'
  | 'NO_TRAY'
  | 'NO_HANDLER'
  | 'NO_NOTIFICATION';

/** The failures the agent answers; the sdk's MainAgent turns them into `native.<CODE>` errors. */
export type AgentFailure = MainAgentFailure<FailureCode>;
