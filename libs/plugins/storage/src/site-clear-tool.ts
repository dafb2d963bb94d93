import { defineSessionTool } from '@stagewright/sdk';
import { activeOrigin, withDevTools, type DevToolsSend } from './reach.js';

/** What one origin holds, counted before and after a clear (key and database names are not values). */
async function holdings(send: DevToolsSend, origin: string) {
  const items = async (isLocalStorage: boolean) =>
    (await send<{ entries: unknown[] }>('DOMStorage.getDOMStorageItems', { storageId: { securityOrigin: origin, isLocalStorage } })).entries
      .length;
  const { databaseNames } = await send<{ databaseNames: string[] }>('IndexedDB.requestDatabaseNames', { securityOrigin: origin });
  const { caches } = await send<{ caches: { cacheName: string }[] }>('CacheStorage.requestCacheNames', { securityOrigin: origin });
  return {
    localStorage: await items(true),
    sessionStorage: await items(false),
    databases: [...databaseNames].sort(),
    caches: caches.map(({ cacheName }) => cacheName).sort(),
  };
}

const siteClear = defineSessionTool({
  name: 'site_clear',
  title: 'Clear site data',
  description: "Reset the active page's origin: cookies, storage, IndexedDB, caches, service workers.",
  kind: 'destructive',
  input: {},
  detail: {
    notes:
      "Clears through DevTools (Storage.clearDataForOrigin, as Electron's session.clearStorageData({ origin }) does; no script runs in the app): " +
      "the origin's cookies, localStorage, sessionStorage, IndexedDB databases, Cache Storage and service worker registrations. " +
      'Returns { origin, removed: { cookies, localStorage, sessionStorage (key counts), databases, caches (names) } }. ' +
      'Open pages keep what they hold in memory: reload to see the app start fresh.',
    errors: ['storage.NO_ORIGIN'],
    example: {},
  },
  async handle(_args, { session }) {
    const origin = activeOrigin(session);
    const page = session.pageOrThrow();
    const context = page.context();
    const url = `${origin}/`;
    const cookiesBefore = (await context.cookies(url)).length;
    const removed = await withDevTools(page, async (send) => {
      const before = await holdings(send, origin);
      await send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
      // "all" clears session storage too on the Chromium the stand-in runs (the test passes without
      // this line); clearing the active window's copy explicitly keeps that true where it does not.
      await send('DOMStorage.clear', { storageId: { securityOrigin: origin, isLocalStorage: false } });
      const after = await holdings(send, origin);
      return {
        localStorage: before.localStorage - after.localStorage,
        sessionStorage: before.sessionStorage - after.sessionStorage,
        databases: before.databases.filter((name) => !after.databases.includes(name)),
        caches: before.caches.filter((name) => !after.caches.includes(name)),
      };
    });
    return { origin, removed: { cookies: cookiesBefore - (await context.cookies(url)).length, ...removed } };
  },
});

export const siteClearTools = [siteClear];
