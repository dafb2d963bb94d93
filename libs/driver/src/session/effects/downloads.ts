import type { DriverEffectKind } from './kind.js';

/** How long reading the app's downloads may take; a busy main process is not waited for. */
const READ_MS = 500;

/** `downloads`: downloads the action started (ADR-0043), as far as they got by the answer. */
export const downloadsBegun: DriverEffectKind = ({ session }) => {
  const watch = session.downloads;
  const mark = watch?.mark(READ_MS);
  return async () => {
    const from = await mark;
    if (!watch || from === undefined) return undefined;
    const begun = await watch.since(from, READ_MS);
    return begun.length ? { downloads: begun } : undefined;
  };
};
