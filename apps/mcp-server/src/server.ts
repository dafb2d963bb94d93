// The package's library entry (`import { createStagewrightServer } from 'stagewright/server'`):
// what @stagewright/testing starts in memory for a plugin's tests. reflect-metadata is in place
// before the composition is evaluated (the same reason main.ts imports the rest dynamically).
import 'reflect-metadata';
import type * as Compose from './compose.js';

const compose: typeof Compose = await import('./compose.js');

export const createStagewrightServer: typeof Compose.createStagewrightServer = compose.createStagewrightServer;
export const STAGEWRIGHT_VERSION: string = compose.STAGEWRIGHT_VERSION;
export type { StagewrightServerOptions } from './compose.js';
