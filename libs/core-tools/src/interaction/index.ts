import { injectable } from 'tsyringe';
import type { AnyToolDefinition, ToolModule } from '@stagewright/sdk';
import { clickTool } from './click.js';
import { typeTool } from './type.js';
import { keyTool } from './key.js';
import { clearInputTool } from './clear-input.js';
import { selectOptionTool } from './select-option.js';
import { checkTool, uncheckTool } from './check.js';
import { scrollTool } from './scroll.js';
import { scrollIntoViewTool } from './scroll-into-view.js';
import { hoverTool } from './hover.js';
import { dragTool } from './drag.js';
import { keyboardTypeTool } from './keyboard-type.js';
import { typeIntoEditorTool } from './type-into-editor.js';
import { pressSequenceTool } from './press-sequence.js';
import { setFilesTool } from './set-files.js';
import { dropFileTool } from './drop-file.js';

export const INTERACTION_TOOLS: readonly AnyToolDefinition[] = [
  clickTool, typeTool, keyTool, clearInputTool, selectOptionTool, checkTool, uncheckTool, scrollTool, scrollIntoViewTool,
  hoverTool, dragTool, keyboardTypeTool, typeIntoEditorTool, pressSequenceTool, setFilesTool, dropFileTool,
];

/** Acting on elements: clicks, typing, keys, selects, checks, scrolling, drag and files. */
@injectable()
export class InteractionModule implements ToolModule {
  readonly name = 'interaction';

  tools(): readonly AnyToolDefinition[] {
    return INTERACTION_TOOLS;
  }
}
