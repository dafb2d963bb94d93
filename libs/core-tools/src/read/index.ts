import type { ToolModule } from '@stagewright/sdk';
import { ELEMENT_READ_TOOLS } from './element-reads.js';
import { INSPECT_READ_TOOLS } from './inspect-reads.js';
import { REF_READ_TOOLS } from './element-refs.js';

export const READ_TOOLS = [...ELEMENT_READ_TOOLS, ...INSPECT_READ_TOOLS, ...REF_READ_TOOLS];

/** One-shot reads of elements: text, value, state, presence, attributes, geometry, styles, focus. */
export const readModule: ToolModule = { name: 'read', tools: READ_TOOLS };
