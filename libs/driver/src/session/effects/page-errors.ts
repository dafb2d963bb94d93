import type { DriverEffectKind } from './kind.js';

/**
 * `errors`: page errors thrown while the action ran (uncaught exceptions, unhandled rejections,
 * failed loads), in any window, at most 3 lines of `Error: message (file:line)` (pageErrorLines).
 * They count as told, so a later failure does not repeat them (ADR-0044).
 */
export const pageErrorsThrown: DriverEffectKind = ({ session }) => {
  const mark = session.consoleMark();
  return () => {
    const errors = session.pageErrorsAfter(mark);
    return errors.length ? { errors } : undefined;
  };
};
