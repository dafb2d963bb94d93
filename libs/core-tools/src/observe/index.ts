import type { ToolModule } from '@stagewright/sdk';
import { CONSOLE_AND_DIALOG_TOOLS } from './console-and-dialog-tools.js';
import { DOWNLOAD_TOOLS } from './download-tools.js';
import { SCREENSHOT_TOOLS } from './screenshot.js';

export const OBSERVE_TOOLS = [...SCREENSHOT_TOOLS, ...CONSOLE_AND_DIALOG_TOOLS, ...DOWNLOAD_TOOLS];

/** Evidence and side channels: screenshots, console output, dialogs, downloads. */
export const observeModule: ToolModule = { name: 'observe', tools: OBSERVE_TOOLS };
