import { LifecycleModule } from './lifecycle/index.js';
import { SnapshotModule } from './snapshot/index.js';
import { InteractionModule } from './interaction/index.js';
import { ReadModule } from './read/index.js';
import { WaitModule } from './wait/index.js';
import { ExpectModule } from './expect/index.js';
import { ObserveModule } from './observe/index.js';
import { EvalModule } from './eval/index.js';

export { LifecycleModule, LIFECYCLE_TOOLS } from './lifecycle/index.js';
export { SnapshotModule, SNAPSHOT_TOOLS } from './snapshot/index.js';
export { InteractionModule, INTERACTION_TOOLS } from './interaction/index.js';
export { ReadModule, READ_TOOLS } from './read/index.js';
export { WaitModule, WAIT_TOOLS } from './wait/index.js';
export { ExpectModule, EXPECT_TOOLS } from './expect/index.js';
export { ObserveModule, OBSERVE_TOOLS } from './observe/index.js';
export { EvalModule, EVAL_TOOLS } from './eval/index.js';
export * from './shared/index.js';
/** The longest edge of an inline screenshot; end-to-end tests check the image against it. */
export { MAX_INLINE_EDGE } from './observe/screenshot.js';

/**
 * Every core ToolModule class, registered under TOOL_MODULE by the composition root.
 * One entry per module; keep it a plain array.
 */
export const CORE_TOOL_MODULES = [
  LifecycleModule,
  SnapshotModule,
  InteractionModule,
  ReadModule, WaitModule, ExpectModule, ObserveModule, EvalModule,
];
