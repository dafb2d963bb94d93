import { LifecycleModule } from './lifecycle/index.js';
import { SnapshotModule } from './snapshot/index.js';
import { InteractionModule } from './interaction/index.js';

export { LifecycleModule, LIFECYCLE_TOOLS } from './lifecycle/index.js';
export { SnapshotModule, SNAPSHOT_TOOLS } from './snapshot/index.js';
export { InteractionModule, INTERACTION_TOOLS } from './interaction/index.js';
export * from './shared/index.js';

/**
 * Every core ToolModule class, registered under TOOL_MODULE by the composition root.
 * One entry per module; keep it a plain array.
 */
export const CORE_TOOL_MODULES = [
  LifecycleModule,
  SnapshotModule,
  InteractionModule,
];
