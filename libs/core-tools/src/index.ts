import type { ToolModule } from '@stagewright/sdk';
import { lifecycleModule } from './lifecycle/index.js';
import { snapshotModule } from './snapshot/index.js';
import { interactionModule } from './interaction/index.js';
import { readModule } from './read/index.js';
import { waitModule } from './wait/index.js';
import { expectModule } from './expect/index.js';
import { observeModule } from './observe/index.js';
import { evalModule } from './eval/index.js';

export { LIFECYCLE_TOOLS } from './lifecycle/index.js';
export { SNAPSHOT_TOOLS } from './snapshot/index.js';
export { INTERACTION_TOOLS } from './interaction/index.js';
export { READ_TOOLS } from './read/index.js';
export { WAIT_TOOLS } from './wait/index.js';
export { EXPECT_TOOLS } from './expect/index.js';
export { OBSERVE_TOOLS } from './observe/index.js';
export { EVAL_TOOLS } from './eval/index.js';
export * from './shared/index.js';
/** The longest edge of an inline screenshot; end-to-end tests check the image against it. */
export { MAX_INLINE_EDGE } from './observe/screenshot.js';

/**
 * Every core tool module, as values: the composition root registers each under TOOL_MODULE.
 * A new tool goes into the array of its family's file and needs no change here.
 */
export const CORE_TOOL_MODULES: readonly ToolModule[] = [
  lifecycleModule,
  snapshotModule,
  interactionModule,
  readModule,
  waitModule,
  expectModule,
  observeModule,
  evalModule,
];
