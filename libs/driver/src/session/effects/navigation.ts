import { within } from '@stagewright/sdk';
import { CATCH_UP_MS, type DriverEffectKind } from './kind.js';

/**
 * `url` and `reloaded`: the active window went to another URL (another document or a fragment;
 * ADR-0020), or loaded its document again at the same URL (ADR-0044). A navigation the action
 * started that has not loaded by the settle is waited for, at most CATCH_UP_MS, so a reload a
 * handler defers is still the action's. Nothing when the window closed or another became active.
 * The counts are the session's NavigationTracker's, so a failed action leaves no listener behind.
 */
export const navigation: DriverEffectKind = ({ session, windowId, page }) => {
  if (!page || page.isClosed()) return () => undefined;
  const url = page.url();
  const frame = page.mainFrame();
  const before = session.documents.loads(frame);
  return async () => {
    const pending = () => {
      const now = session.documents.loads(frame);
      return now.requests - before.requests > now.loads - before.loads;
    };
    if (pending() && !page.isClosed()) {
      const load = page.waitForEvent('domcontentloaded', { timeout: CATCH_UP_MS }).catch(() => undefined);
      await within(load, CATCH_UP_MS, () => undefined);
    }
    if (page.isClosed() || session.windows.active !== windowId) return undefined;
    const now = page.url();
    if (now !== url) return { url: now };
    return session.documents.loads(frame).loads > before.loads ? { reloaded: true as const } : undefined;
  };
};
