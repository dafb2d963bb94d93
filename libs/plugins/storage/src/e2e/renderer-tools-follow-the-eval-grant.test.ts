// storage_web and storage_idb run code in the renderer, so (docs/adr/0003 §4) without
// --allow-eval=renderer they are neither listed nor callable; the cookie, snapshot and site-clear
// tools use only the server side and DevTools, and the IndexedDB writes run the plugin's own code
// with JSON data only (ADR-0031): all of those stay available whatever the grant.
import { describe, expect, it } from 'vitest';
import type { EvalTarget } from '@stagewright/sdk';
import { connectWith, withStorageApp } from './test-support/connect.js';

const UNGATED = [
  'storage_cookie_set',
  'storage_cookies',
  'storage_cookies_clear',
  'storage_idb_clear',
  'storage_idb_delete',
  'storage_idb_put',
  'storage_site_clear',
  'storage_snapshot',
];
const RENDERER = ['storage_idb', 'storage_web'];

async function listedStorageTools(allowEval: readonly EvalTarget[]): Promise<string[]> {
  const connection = await connectWith(allowEval)();
  try {
    const { tools } = await connection.client.listTools();
    return tools
      .map((tool) => tool.name)
      .filter((name) => name.startsWith('storage_'))
      .sort();
  } finally {
    await connection.close();
  }
}

describe('storage plugin gating', () => {
  it('lists the renderer tools only with the renderer grant', async () => {
    expect(await listedStorageTools([])).toEqual(UNGATED);
    expect(await listedStorageTools(['main'])).toEqual(UNGATED);
    expect(await listedStorageTools(['renderer'])).toEqual([...UNGATED, ...RENDERER].sort());
  });

  it('refuses the renderer tools without the grant, naming the flag, and serves the others', async () => {
    await withStorageApp(
      async (app) => {
        for (const tool of RENDERER) {
          const refused = await app.call(tool, { op: 'keys' });
          expect(refused).toMatchObject({ ok: false, code: 'EVAL_NOT_ALLOWED' });
          expect(JSON.stringify(refused)).toContain('--allow-eval');
        }
        expect(await app.call('storage_cookies', {})).toMatchObject({ ok: true });
        expect(await app.call('storage_snapshot', {})).toMatchObject({ ok: true });
        const write = await app.call('storage_idb_put', { database: 'never-made', store: 's', records: [{ key: 1, value: 1 }] });
        expect(write).toMatchObject({ ok: false, code: 'storage.DB_NOT_FOUND' });
      },
      ['main'],
    );
  });

  it('runs the renderer tools with the renderer grant alone', async () => {
    await withStorageApp(
      async (app) => {
        expect(await app.call('storage_web', { op: 'keys' })).toMatchObject({ ok: true, count: 0 });
        expect(await app.call('storage_idb', { op: 'schema' })).toMatchObject({ ok: true });
      },
      ['renderer'],
    );
  });
});
