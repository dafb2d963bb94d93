import { injectable } from 'tsyringe';
import type { AnyToolDefinition, ToolModule } from '@stagewright/sdk';
import { snapshotTool } from './snapshot.js';
import { findTool } from './find.js';

export const SNAPSHOT_TOOLS: readonly AnyToolDefinition[] = [snapshotTool, findTool];

/** Reading the UI as an accessibility snapshot with refs. */
@injectable()
export class SnapshotModule implements ToolModule {
  readonly name = 'snapshot';

  tools(): readonly AnyToolDefinition[] {
    return SNAPSHOT_TOOLS;
  }
}
