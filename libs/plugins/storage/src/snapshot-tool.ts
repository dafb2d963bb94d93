import type { Page } from 'playwright-core';
import { defineSessionTool } from '@stagewright/sdk';
import { originOf, withDevTools, type DevToolsSend } from './reach.js';

/** Bounds that keep the snapshot small whatever the app stores. */
export const SNAPSHOT_LIMITS = { origins: 20, keys: 50 } as const;

interface AreaSummary {
  /** Number of keys. */
  count: number;
  /** UTF-16 code units of keys plus values, as the quota counts them. */
  chars: number;
  /** The first SNAPSHOT_LIMITS.keys key names, sorted. */
  keys: string[];
}

async function area(send: DevToolsSend, origin: string, isLocalStorage: boolean): Promise<AreaSummary> {
  const { entries } = await send<{ entries: [string, string][] }>('DOMStorage.getDOMStorageItems', {
    storageId: { securityOrigin: origin, isLocalStorage },
  });
  const keys = entries.map(([key]) => key).sort();
  const chars = entries.reduce((sum, [key, value]) => sum + key.length + value.length, 0);
  return { count: entries.length, chars, keys: keys.slice(0, SNAPSHOT_LIMITS.keys) };
}

/** The distinct origins of every frame of every window, each with the page it was found in. */
function originsOfWindows(pages: readonly Page[]): Map<string, Page> {
  const found = new Map<string, Page>();
  for (const page of pages) {
    for (const frame of page.frames()) {
      const origin = originOf(frame.url());
      if (origin && !found.has(origin)) found.set(origin, page);
    }
  }
  return found;
}

const snapshot = defineSessionTool({
  name: 'snapshot',
  title: 'Storage snapshot',
  description: "Overview of each open origin's cookies, web storage keys and IndexedDB databases.",
  kind: 'read',
  input: {},
  detail: {
    notes:
      'Reads through DevTools (no script runs in the app, no database is opened). Returns { origins: [{ origin, cookies, localStorage, sessionStorage, indexedDB }], truncated } ' +
      `for the origins of every window and frame (at most ${SNAPSHOT_LIMITS.origins}). cookies: how many are sent to the origin; each storage area: { count, chars, keys } ` +
      `with at most ${SNAPSHOT_LIMITS.keys} key names; indexedDB: database names. Values: storage_cookies, and with --allow-eval=renderer storage_web and storage_idb.`,
    example: {},
  },
  async handle(_args, { session }) {
    const context = session.pageOrThrow().context();
    const found = [...originsOfWindows(context.pages())];
    const origins = [];
    for (const [origin, page] of found.slice(0, SNAPSHOT_LIMITS.origins)) {
      const cookies = (await context.cookies(origin)).length;
      origins.push(
        await withDevTools(page, async (send) => {
          const { databaseNames } = await send<{ databaseNames: string[] }>('IndexedDB.requestDatabaseNames', { securityOrigin: origin });
          return {
            origin,
            cookies,
            localStorage: await area(send, origin, true),
            sessionStorage: await area(send, origin, false),
            indexedDB: [...databaseNames].sort(),
          };
        }),
      );
    }
    return { origins, truncated: found.length > SNAPSHOT_LIMITS.origins };
  },
});

export const snapshotTools = [snapshot];
