import { ToolError, type Session } from '@stagewright/sdk';
import type { Page } from 'playwright-core';

/**
 * The page of a session window named by its id (`w2`). Sessions that can look a window up
 * (PLUGIN_API 1.4 `pageOfWindow`) answer any window; others only the active one.
 */
export async function pageOfWindowOrThrow(session: Session, id: string): Promise<Page> {
  const windows = await session.windows();
  const known = windows.find((window) => window.id === id);
  const page = known && (session.pageOfWindow ? session.pageOfWindow(id) : known.active ? session.pageOrThrow() : undefined);
  if (page) return page;
  throw new ToolError('WINDOW_NOT_FOUND', `No window "${id}" in this session${known ? ' that this session can watch' : ''}.`, {
    details: { windows: windows.map((window) => window.id) },
  });
}
