import type { ToolModule } from '@stagewright/sdk';
import { END_TOOLS } from './end-tools.js';
import { SERVER_TOOLS } from './server-tools.js';
import { START_TOOLS } from './start-tools.js';
import { WINDOW_TOOLS } from './window-tools.js';

export const LIFECYCLE_TOOLS = [...START_TOOLS, ...END_TOOLS, ...SERVER_TOOLS, ...WINDOW_TOOLS];

/** Starting, attaching, stopping and inspecting apps; windows and surfaces. */
export const lifecycleModule: ToolModule = { name: 'lifecycle', tools: LIFECYCLE_TOOLS };
