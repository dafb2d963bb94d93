import type { ToolModule } from '@stagewright/sdk';
import { FILE_TOOLS } from './file-tools.js';
import { FORM_TOOLS } from './form-tools.js';
import { KEYBOARD_TOOLS } from './keyboard-tools.js';
import { POINTER_TOOLS } from './pointer-tools.js';

export const INTERACTION_TOOLS = [...POINTER_TOOLS, ...FORM_TOOLS, ...KEYBOARD_TOOLS, ...FILE_TOOLS];

/** Acting on elements: clicks, typing, keys, selects, checks, scrolling, drag and files. */
export const interactionModule: ToolModule = { name: 'interaction', tools: INTERACTION_TOOLS };
