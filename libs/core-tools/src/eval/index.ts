import type { ToolModule } from '@stagewright/sdk';
import { EVAL_TOOLS } from './eval-tools.js';

export { EVAL_TOOLS };

/** Gated JavaScript evaluation in the main process and the renderer (--allow-eval). */
export const evalModule: ToolModule = { name: 'eval', tools: EVAL_TOOLS };
