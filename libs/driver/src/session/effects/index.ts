import { dialogsShown } from './dialogs.js';
import { downloadsBegun } from './downloads.js';
import type { DriverEffectKind } from './kind.js';
import { nativeDialogsOpened } from './native-dialogs.js';
import { navigation } from './navigation.js';
import { pageErrorsThrown } from './page-errors.js';
import { windowsClosed, windowsOpened } from './windows.js';

export { CATCH_UP_MS, type ActionStart, type DriverEffectKind, type MainWatchState, type WatchedSession } from './kind.js';

/**
 * The kinds of effect every action reports, in the order `caused` lists them (ADR-0020,
 * ADR-0044). A new kind is one file in this folder exporting a DriverEffectKind, and one line
 * here. Plugins add theirs per session (Session.addEffectKind); those are read after these.
 */
export const EFFECT_KINDS: readonly DriverEffectKind[] = [
  windowsOpened,
  windowsClosed,
  navigation,
  dialogsShown,
  nativeDialogsOpened,
  downloadsBegun,
  pageErrorsThrown,
];
