// Most Electron apps load their pages from files (loadFile): those pages share the file://
// origin and do have localStorage, so the storage tools must work there too.
import { describe, expect, it } from 'vitest';
import { loginApp } from '@stagewright/fixtures/login';
import { withApp } from '@stagewright/harness';
import { connectWith } from './test-support/connect.js';

describe('storage on a file:// page', () => {
  it('writes and reads localStorage and sees it in the snapshot', async () => {
    await withApp(connectWith(['renderer']), loginApp, async (app) => {
      expect(await app.call('storage_web', { op: 'set', key: 'draft', value: 'v1' })).toMatchObject({ ok: true, origin: 'file://' });
      expect(await app.call('storage_web', { op: 'get', key: 'draft' })).toMatchObject({ ok: true, value: 'v1' });
      const snapshot = await app.call('storage_snapshot', {});
      expect(snapshot).toMatchObject({ ok: true, origins: [{ origin: 'file://', localStorage: { keys: ['draft'] } }] });
    });
  });
});
