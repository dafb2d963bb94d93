import { injectable } from 'tsyringe';
import type { AnyToolDefinition, ToolModule } from '@stagewright/sdk';
import { evalMainTool } from './eval-main.js';
import { evalRendererTool } from './eval-renderer.js';

export const EVAL_TOOLS: readonly AnyToolDefinition[] = [evalMainTool, evalRendererTool];

/** Gated JavaScript evaluation in the main process and the renderer (--allow-eval). */
@injectable()
export class EvalModule implements ToolModule {
  readonly name = 'eval';

  tools(): readonly AnyToolDefinition[] {
    return EVAL_TOOLS;
  }
}
