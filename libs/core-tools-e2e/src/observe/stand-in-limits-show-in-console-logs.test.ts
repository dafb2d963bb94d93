// An app with nodeIntegration that uses what the stand-in cannot give a page (a renderer-side
// nativeImage) fails on fake-electron; the agent must be able to see why in electron_console_logs,
// not just "ok" on a click that did nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacyNotesApp } from '@stagewright/fixtures/legacy-notes';
import { connect, ok, type Connection } from '../test-support/mcp.js';

interface Entry {
  level: string;
  text: string;
}

describe('a stand-in limitation in a nodeIntegration app', () => {
  let conn: Connection;

  beforeAll(async () => {
    conn = await connect();
    await ok(conn, 'electron_launch', { main: legacyNotesApp.dir });
  });
  afterAll(async () => {
    await conn?.call('electron_stop', {}).catch(() => undefined);
    await conn?.close();
  });

  it('is named in electron_console_logs after the click that hit it', async () => {
    await ok(conn, 'electron_expect_text', { selector: '#about', contains: 'Legacy Notes 2.3.0' });
    const before = (await ok(conn, 'electron_console_logs')).cursor as number;
    await ok(conn, 'electron_click', { selector: '#icon' });
    let entries: Entry[] = [];
    for (let i = 0; i < 50 && !entries.some((e) => e.text.includes('nativeImage')); i++) {
      entries = (await ok(conn, 'electron_console_logs', { cursor: before })).entries as Entry[];
      if (!entries.some((e) => e.text.includes('nativeImage'))) await ok(conn, 'electron_wait', { ms: 100 });
    }
    expect(entries.find((e) => e.text.includes('nativeImage'))).toMatchObject({
      level: 'error',
      text: expect.stringMatching(/^fake-electron: nativeImage\.createFromPath is not supported in renderers of the stand-in/),
    });
  });
});
