import type { DriverEffectKind } from './kind.js';

/**
 * `nativeDialogs`: dialogs of `electron.dialog` the native plugin's hooks saw open or time out
 * during the action (ADR-0042), one line each, read from the main process's effects list in the
 * settle's one main-process read. Counted by time, not by a mark read at the start: that read
 * waits a turn of main's loop, in which the action's own main-process call may already have run
 * and pushed its line.
 */
export const nativeDialogsOpened: DriverEffectKind = ({ startedAt, mainAtSettle }) => {
  return () => {
    const lines = (mainAtSettle()?.effects ?? []).flatMap((e) => (e.at >= startedAt && e.nativeDialog ? [e.nativeDialog] : []));
    return lines.length ? { nativeDialogs: lines } : undefined;
  };
};
