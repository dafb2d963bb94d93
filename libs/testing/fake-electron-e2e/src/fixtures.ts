// The fixture apps these tests run, each imported from its own Nx project: the imports are what
// makes a change to one app affect this project (and a new app needs a line here to be launched
// by every-fixture-launches).
import { benchApp } from '@stagewright/fixtures/bench';
import { bigPageApp } from '@stagewright/fixtures/big-page';
import { docsViewerApp } from '@stagewright/fixtures/docs-viewer';
import { editorApp } from '@stagewright/fixtures/editor';
import { formsA11yApp } from '@stagewright/fixtures/forms-a11y';
import { ipcApp } from '@stagewright/fixtures/ipc';
import { legacyNotesApp } from '@stagewright/fixtures/legacy-notes';
import { mailApp } from '@stagewright/fixtures/mail';
import { menuDialogApp } from '@stagewright/fixtures/menu-dialog';
import { multiWindowApp } from '@stagewright/fixtures/multi-window';
import { networkApp } from '@stagewright/fixtures/network';
import { quickStartApp } from '@stagewright/fixtures/quick-start';
import { signalsApp } from '@stagewright/fixtures/signals';
import { storageApp } from '@stagewright/fixtures/storage';
import { troublesomeApp } from '@stagewright/fixtures/troublesome';
import { workbenchApp } from '@stagewright/fixtures/workbench';

const FIXTURES = {
  bench: benchApp,
  'multi-window': multiWindowApp,
  ipc: ipcApp,
  'menu-dialog': menuDialogApp,
  storage: storageApp,
  network: networkApp,
  editor: editorApp,
  troublesome: troublesomeApp,
  signals: signalsApp,
  'forms-a11y': formsA11yApp,
  'quick-start': quickStartApp,
  'legacy-notes': legacyNotesApp,
  'docs-viewer': docsViewerApp,
  workbench: workbenchApp,
  'big-page': bigPageApp,
  mail: mailApp,
} as const;

export type FixtureName = keyof typeof FIXTURES;

export const FIXTURE_NAMES = Object.keys(FIXTURES) as FixtureName[];

/** Absolute app directory of a fixture (pass it as the app argument of Electron or fake-electron). */
export function fixturePath(name: FixtureName): string {
  return FIXTURES[name].dir;
}
