import { injectable } from 'tsyringe';
import type { AnyToolDefinition, ToolModule } from '@stagewright/sdk';
import { existsTool, getStateTool, getTextTool, getValueTool } from './element-reads.js';
import { getAttributeTool, getBboxTool, getComputedStyleTool } from './inspect-reads.js';
import { elementsListTool, focusedElementTool } from './element-refs.js';

export const READ_TOOLS: readonly AnyToolDefinition[] = [
  getTextTool, getValueTool, getStateTool, existsTool,
  getAttributeTool, getBboxTool, getComputedStyleTool, focusedElementTool, elementsListTool,
];

/** One-shot reads of elements: text, value, state, presence, attributes, geometry, styles, focus. */
@injectable()
export class ReadModule implements ToolModule {
  readonly name = 'read';

  tools(): readonly AnyToolDefinition[] {
    return READ_TOOLS;
  }
}
