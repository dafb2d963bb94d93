import type { ToolModule } from '@stagewright/sdk';
import { CONDITION_WAIT_TOOLS } from './wait-tools.js';
import { EVENT_WAIT_TOOLS } from './wait-for-event.js';

export const WAIT_TOOLS = [...CONDITION_WAIT_TOOLS, ...EVENT_WAIT_TOOLS];

/** Waiting for elements, states and DOM events, polled on the server; and a bounded fixed delay. */
export const waitModule: ToolModule = { name: 'wait', tools: WAIT_TOOLS };
