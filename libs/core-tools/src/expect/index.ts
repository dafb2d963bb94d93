import type { ToolModule } from '@stagewright/sdk';
import { ELEMENT_EXPECT_TOOLS } from './element-expects.js';
import { PAGE_EXPECT_TOOLS } from './page-expects.js';

export const EXPECT_TOOLS = [...ELEMENT_EXPECT_TOOLS, ...PAGE_EXPECT_TOOLS];

/** Retrying assertions polled on the server, and the one-shot assert_pattern. */
export const expectModule: ToolModule = { name: 'expect', tools: EXPECT_TOOLS };
