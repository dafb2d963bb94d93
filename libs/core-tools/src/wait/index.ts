import { injectable } from 'tsyringe';
import type { AnyToolDefinition, ToolModule } from '@stagewright/sdk';
import { waitForSelectorTool, waitForStateTool, waitTool } from './wait-tools.js';
import { waitForEventTool } from './wait-for-event.js';

export const WAIT_TOOLS: readonly AnyToolDefinition[] = [waitForSelectorTool, waitForStateTool, waitTool, waitForEventTool];

/** Waiting for elements, states and DOM events, polled on the server; and a bounded fixed delay. */
@injectable()
export class WaitModule implements ToolModule {
  readonly name = 'wait';

  tools(): readonly AnyToolDefinition[] {
    return WAIT_TOOLS;
  }
}
