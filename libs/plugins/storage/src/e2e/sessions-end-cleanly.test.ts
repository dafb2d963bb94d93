// The plugin keeps nothing between calls (DevTools sessions are detached after each call), so a
// stopped app leaves the tools answering NO_SESSION, and the next app on the same server is
// served from its own state only.
import { describe, expect, it } from 'vitest';
import { storageApp } from '@stagewright/fixtures/storage';
import { connectWith } from './test-support/connect.js';

describe('storage tools across sessions of one server', () => {
  it('answer NO_SESSION after electron_stop and serve the next launch afresh', async () => {
    const connection = await connectWith(['renderer'])();
    try {
      for (const round of [1, 2]) {
        const launched = await connection.call('electron_launch', { main: storageApp.dir });
        expect(launched).toMatchObject({ ok: true });
        expect(await connection.call('storage_web', { op: 'keys' })).toMatchObject({ ok: true, count: 0 });
        expect(await connection.call('storage_cookies', {})).toMatchObject({ ok: true, total: 1 });
        await connection.call('storage_web', { op: 'set', key: 'round', value: String(round) });
        await connection.call('storage_cookie_set', { name: 'round', value: String(round) });
        expect(await connection.call('storage_snapshot', {})).toMatchObject({
          ok: true,
          origins: [{ cookies: 2, localStorage: { keys: ['round'] } }],
        });
        expect(await connection.call('electron_stop', {})).toMatchObject({ ok: true });
        for (const tool of ['storage_cookies', 'storage_snapshot']) {
          expect(await connection.call(tool, {})).toMatchObject({ ok: false, code: 'NO_SESSION' });
        }
      }
    } finally {
      await connection.close();
    }
  });
});
