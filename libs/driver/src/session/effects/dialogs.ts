import { type DriverEffectKind, oneLine } from './kind.js';

/** `dialogs`: page dialogs (alert, confirm, prompt, beforeunload) the dialog policy answered (ADR-0020). */
export const dialogsShown: DriverEffectKind = ({ session }) => {
  const mark = session.dialogs.count;
  return () => {
    const shown = session.dialogs.recordsAfter(mark);
    return shown.length ? { dialogs: shown.map((d) => ({ type: d.type, message: oneLine(d.message) })) } : undefined;
  };
};
