import { injectable } from 'tsyringe';
import type { AnyToolDefinition, ToolModule } from '@stagewright/sdk';
import { screenshotTool } from './screenshot.js';
import { consoleLogsTool } from './console-logs.js';
import { dialogHandlerTool } from './dialog-handler.js';

export const OBSERVE_TOOLS: readonly AnyToolDefinition[] = [screenshotTool, consoleLogsTool, dialogHandlerTool];

/** Evidence and side channels: screenshots, console output, dialogs. */
@injectable()
export class ObserveModule implements ToolModule {
  readonly name = 'observe';

  tools(): readonly AnyToolDefinition[] {
    return OBSERVE_TOOLS;
  }
}
