import { within } from '@stagewright/sdk';
import { CATCH_UP_MS, type DriverEffectKind, type WatchedSession } from './kind.js';

/** `opened`: windows the action opened, named once their first document has committed (ADR-0020). */
export const windowsOpened: DriverEffectKind = ({ session }) => {
  const mark = session.windows.lastEvent;
  return async () => {
    const events = session.windows.eventsAfter(mark).filter((e) => e.kind === 'opened');
    const opened = (await Promise.all(events.map((e) => openedWindow(session, e.id)))).filter((w) => w !== undefined);
    return opened.length ? { opened } : undefined;
  };
};

/** `closed`: windows the action closed, with the title they last had (ADR-0020). */
export const windowsClosed: DriverEffectKind = ({ session }) => {
  const mark = session.windows.lastEvent;
  return () => {
    const closed = session.windows
      .eventsAfter(mark)
      .filter((e) => e.kind === 'closed')
      .map((e) => ({ id: e.id, title: e.title ?? '' }));
    return closed.length ? { closed } : undefined;
  };
};

/** A window the action opened, once its first document has committed (so its title is the app's). */
async function openedWindow(session: WatchedSession, id: string): Promise<{ id: string; title: string } | undefined> {
  const page = session.windows.pageOf(id);
  if (!page) return undefined;
  const loaded = async () => {
    if (page.url() === 'about:blank') await page.waitForURL((url) => url.href !== 'about:blank', { timeout: CATCH_UP_MS });
    await page.waitForLoadState('domcontentloaded', { timeout: CATCH_UP_MS });
  };
  await within(
    loaded().catch(() => undefined),
    CATCH_UP_MS,
    () => undefined,
  );
  return session.windows.brief(id);
}
