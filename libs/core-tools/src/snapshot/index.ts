import type { ToolModule } from '@stagewright/sdk';
import { SNAPSHOT_TOOLS } from './snapshot-tools.js';

export { SNAPSHOT_TOOLS };

/** Reading the UI as an accessibility snapshot with refs. */
export const snapshotModule: ToolModule = { name: 'snapshot', tools: SNAPSHOT_TOOLS };
