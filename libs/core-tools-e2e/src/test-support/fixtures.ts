// The fixture apps these tests run, each imported from its own Nx project: the imports are the
// edges Nx sees, so a change to one of these apps affects this project and a change to any other
// app does not. A test naming an app missing here fails to type-check.
import { apiDemosApp } from '@stagewright/fixtures/api-demos';
import { benchApp } from '@stagewright/fixtures/bench';
import { bigPageApp } from '@stagewright/fixtures/big-page';
import { multiWindowApp } from '@stagewright/fixtures/multi-window';
import { notesApp } from '@stagewright/fixtures/notes';
import { toolboxApp } from '@stagewright/fixtures/toolbox';
import { troublesomeApp } from '@stagewright/fixtures/troublesome';
import { viewsApp } from '@stagewright/fixtures/views';

export const FIXTURES = {
  'api-demos': apiDemosApp,
  bench: benchApp,
  'big-page': bigPageApp,
  'multi-window': multiWindowApp,
  notes: notesApp,
  toolbox: toolboxApp,
  troublesome: troublesomeApp,
  views: viewsApp,
} as const;

export type FixtureName = keyof typeof FIXTURES;

/** Absolute app directory of a fixture. */
export function fixturePath(name: FixtureName): string {
  return FIXTURES[name].dir;
}
