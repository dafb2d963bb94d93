import { injectable } from 'tsyringe';
import type { AnyToolDefinition, ToolModule } from '@stagewright/sdk';
import { expectStateTool, expectTextTool, expectValueTool, expectVisibleTool } from './element-expects.js';
import { assertPatternTool, expectCountTool, expectUrlTool } from './page-expects.js';

export const EXPECT_TOOLS: readonly AnyToolDefinition[] = [
  expectTextTool, expectValueTool, expectVisibleTool, expectStateTool, expectCountTool, expectUrlTool, assertPatternTool,
];

/** Retrying assertions polled on the server, and the one-shot assert_pattern. */
@injectable()
export class ExpectModule implements ToolModule {
  readonly name = 'expect';

  tools(): readonly AnyToolDefinition[] {
    return EXPECT_TOOLS;
  }
}
