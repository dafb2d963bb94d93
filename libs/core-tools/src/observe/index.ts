import type { ToolModule } from '@stagewright/sdk';
import { CONSOLE_AND_DIALOG_TOOLS } from './console-and-dialog-tools.js';
import { SCREENSHOT_TOOLS } from './screenshot.js';

export const OBSERVE_TOOLS = [...SCREENSHOT_TOOLS, ...CONSOLE_AND_DIALOG_TOOLS];

/** Evidence and side channels: screenshots, console output, dialogs. */
export const observeModule: ToolModule = { name: 'observe', tools: OBSERVE_TOOLS };
